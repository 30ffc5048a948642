import { z } from "zod";

/** The feed receiver's validation of UOF-shaped messages (feed.ts FeedMessage). */
const id = z.string().min(1).max(80);
const ts = z.number().int().nonnegative();
const ref = z.object({ id: z.number().int().positive(), specifiers: z.string().max(80).optional() });
export const FeedMessageSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("fixture"),
    event_id: id,
    timestamp: ts,
    sport: z.string().max(20),
    tournament: z.object({ id, name: z.string().max(120), country: z.string().max(60).optional() }),
    competitors: z.tuple([
      z.object({ id, name: z.string().max(120) }),
      z.object({ id, name: z.string().max(120) }),
    ]),
    scheduled: z.iso.datetime(),
    hot: z.boolean().optional(),
  }),
  z.object({
    type: z.literal("odds_change"),
    event_id: id,
    timestamp: ts,
    sport_event_status: z
      .object({
        status: z.union([z.literal(0), z.literal(1), z.literal(3), z.literal(4)]),
        home_score: z.number().int().min(0).max(1000),
        away_score: z.number().int().min(0).max(1000),
        match_time: z.number().int().min(0).max(1000).optional(),
        period: z.string().max(20).optional(),
        ht_score: z.tuple([z.number().int().min(0), z.number().int().min(0)]).optional(),
      })
      .optional(),
    markets: z
      .array(
        ref.extend({
          status: z.union([z.literal(1), z.literal(0), z.literal(-1)]),
          outcomes: z
            .array(
              z.object({
                id,
                odds: z.number().min(1).max(1000).optional(),
                active: z.union([z.literal(0), z.literal(1)]).optional(),
                name: z.string().max(120).optional(),
              }),
            )
            .max(200),
        }),
      )
      .max(1000)
      .optional(),
  }),
  z.object({
    type: z.literal("bet_stop"),
    event_id: id,
    timestamp: ts,
    market_ids: z.array(z.number().int()).max(1000).optional(),
  }),
  z.object({
    type: z.literal("bet_settlement"),
    event_id: id,
    timestamp: ts,
    certainty: z.union([z.literal(1), z.literal(2)]).optional(),
    markets: z
      .array(
        ref.extend({
          outcomes: z
            .array(
              z.object({
                id,
                result: z.union([z.literal(0), z.literal(1)]),
                void_factor: z.union([z.literal(0.5), z.literal(1)]).optional(),
                dead_heat_factor: z.number().gt(0).max(1).optional(),
              }),
            )
            .max(200),
        }),
      )
      .max(1000),
  }),
  z.object({
    type: z.literal("bet_cancel"),
    event_id: id,
    timestamp: ts,
    markets: z.array(ref).max(1000).optional(),
    start_time: ts.optional(),
    end_time: ts.optional(),
    superceded_by: id.optional(),
  }),
  z.object({
    type: z.literal("rollback_bet_cancel"),
    event_id: id,
    timestamp: ts,
    markets: z.array(ref).max(1000).optional(),
    start_time: ts.optional(),
    end_time: ts.optional(),
  }),
  z.object({
    type: z.literal("fixture_change"),
    event_id: id,
    timestamp: ts,
    start_time: ts.optional(),
    change_type: z.number().int().min(0).max(1000).optional(),
  }),
  z.object({
    type: z.literal("rollback_bet_settlement"),
    event_id: id,
    timestamp: ts,
    markets: z.array(ref).max(1000),
  }),
]);

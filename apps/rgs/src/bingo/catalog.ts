import { sql } from "drizzle-orm";
import type { RgsDb } from "../db.ts";

/**
 * The rooms a new game server opens with (vendor PNB "Panalo Bingo"). Idempotent: rows that
 * exist (the back office may have changed them) are kept. Amounts in centavos.
 */
export const DEFAULT_ROOMS = [
  {
    id: "bingo90-1",
    kind: "bingo90",
    name: { EN: "90-Ball Bingo Hall", TY: "90-Ball Bingo Hall" },
    price: 1000,
    poolBp: 8000,
    split: { line: 1500, two_lines: 2500, full_house: 6000 },
    salesMs: 60_000,
    ballMs: 3000,
  },
  {
    id: "bingo75-1",
    kind: "bingo75",
    name: { EN: "75-Ball Blackout", TY: "75-Ball Blackout" },
    price: 500,
    poolBp: 8000,
    split: { pattern: 3000, blackout: 7000 },
    salesMs: 60_000,
    ballMs: 3000,
  },
] as const;

export async function seedBingoRooms(db: RgsDb): Promise<void> {
  for (const [i, r] of DEFAULT_ROOMS.entries()) {
    await db.execute(
      sql`INSERT INTO rgs.bingo_rooms (id, kind, name, ticket_price, pool_bp, split, sales_ms, ball_ms, sort)
          VALUES (${r.id}, ${r.kind}, ${JSON.stringify(r.name)}::jsonb, ${r.price}, ${r.poolBp},
            ${JSON.stringify(r.split)}::jsonb, ${r.salesMs}, ${r.ballMs}, ${i})
          ON CONFLICT (id) DO NOTHING`,
    );
  }
}

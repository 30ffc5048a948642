import {
  AdminCockfightDeclare,
  AdminCockfightEventCreate,
  AdminCockfightEventsQuery,
  AdminCockfightFightCreate,
  AdminCockfightFightRef,
  AdminCockfightOpen,
} from "@panalo/contracts/cockfight";
import { rgsAdminSecret, signAdminCall } from "@panalo/rgs/lottery/admin-auth";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { z } from "zod";
import { recordAudit } from "../../lib/audit.ts";
import type { AppContext } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import { operatorOf, requireOperator } from "../../lib/operator-guard.ts";
import { rgsTransport } from "../../lib/rgs-transport.ts";
import { route } from "../../lib/route.ts";
import { cockfightAvailability } from "./service.ts";

/**
 * Cockfight on the platform: whether the visitor's region has it (/wps/cockfight/availability)
 * and the back office's /api/admin/cockfight/* (permissions tables.read / tables.write),
 * forwarded to the game server signed with the operator's name: the game server keeps the four
 * eyes (the operator who declared a result cannot confirm it). Every change is audited.
 */
export async function cockfightRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const secret = ctx.config.APP_SECRET ? rgsAdminSecret(ctx.config.APP_SECRET) : "";
  const transport = rgsTransport(app, ctx);
  const forward = async (
    reply: FastifyReply,
    operator: string,
    method: "GET" | "POST",
    path: string,
    payload?: unknown,
    lang = "TY",
  ) => {
    const body = payload === undefined ? "" : JSON.stringify(payload);
    const headers = {
      ...(payload === undefined ? {} : { "content-type": "application/json" }),
      // The game server's refusals in the operator's language (it has Filipino and English).
      "x-lang": lang === "EN" ? "EN" : "TY",
      ...signAdminCall(secret, { method, path, operator, body }),
    };
    let res: { status: number; body: string };
    let json: { success?: boolean; value?: unknown };
    try {
      res = await transport(method, path, body, headers);
      json = JSON.parse(res.body) as typeof json;
    } catch {
      throw new AppError("COCKFIGHT_UNAVAILABLE", 503);
    }
    if (json.success === true) return json.value;
    await reply.status(res.status >= 400 ? res.status : 502).send(json);
    return undefined;
  };

  route(app, { method: "GET", url: "/wps/cockfight/availability" }, async (i) =>
    cockfightAvailability(ctx.db, i.ip),
  );

  const read = [requireOperator(ctx, "tables.read")];
  const write = [requireOperator(ctx, "tables.write")];
  route(
    app,
    { method: "GET", url: "/api/admin/cockfight/events", query: AdminCockfightEventsQuery, guards: read },
    async (i) =>
      forward(i.reply, operatorOf(i.req).username, "GET", `/rgs/admin/cockfight/events?page=${i.query.page}`),
  );
  const action = <S extends z.ZodType>(path: string, body: S, entity: (b: z.infer<S>) => string) =>
    route(app, { method: "POST", url: `/api/admin/cockfight/${path}`, body, guards: write }, async (i) => {
      const op = operatorOf(i.req);
      const after = await forward(
        i.reply,
        op.username,
        "POST",
        `/rgs/admin/cockfight/${path}`,
        i.body,
        i.lang,
      );
      if (after === undefined) return undefined;
      await recordAudit(ctx.db, {
        operatorId: op.id,
        operatorName: op.username,
        action: `cockfight.${path}`,
        entityType: "cockfight",
        entityId: entity(i.body),
        before: null,
        after: after as Record<string, unknown>,
        ip: i.ip,
      });
      return after;
    });
  action("events", AdminCockfightEventCreate, (b) => `${b.arena} ${b.date}`);
  action("fights", AdminCockfightFightCreate, (b) => `${b.eventId}#${b.fightNo}`);
  action("open", AdminCockfightOpen, (b) => b.fightId);
  action("close", AdminCockfightFightRef, (b) => b.fightId);
  action("declare", AdminCockfightDeclare, (b) => b.fightId);
  action("reject", AdminCockfightFightRef, (b) => b.fightId);
  action("confirm", AdminCockfightDeclare, (b) => b.fightId);
}

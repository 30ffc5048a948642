import {
  AdminLiabilityQuery,
  AdminLotteryDrawsQuery,
  type AdminLotteryGame,
  AdminLotteryGameUpdate,
  AdminLotteryReportQuery,
  type LotteryLaunch,
} from "@panalo/contracts/lottery";
import { rgsAdminSecret, signAdminCall } from "@panalo/rgs/lottery/admin-auth";
import { LOTTERY_VENDOR } from "@panalo/rgs/lottery/catalog";
import type { FastifyInstance, FastifyReply } from "fastify";
import { recordAudit } from "../../lib/audit.ts";
import type { AppContext } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import { operatorOf, requireOperator } from "../../lib/operator-guard.ts";
import { rgsTransport } from "../../lib/rgs-transport.ts";
import { route } from "../../lib/route.ts";
import { gameVendor } from "../games/service.ts";
import { memberOf, requireMember, TRIAL } from "../members/service.ts";
import { issueLaunchToken } from "../providers/service.ts";

/**
 * The lottery's platform calls: the member's session for the RGS lottery, and the back
 * office's /api/admin/lottery/*, which checks the operator's permission, then calls the RGS's
 * /rgs/admin/lottery/* signed with HMAC(APP_SECRET, "rgs-admin") and the operator's name.
 */
export async function lotteryRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // POST /lotto/lgw/session (T): a one-time launch token for TCG_SEA, as launchGame gives one.
  route(app, { method: "POST", url: "/lotto/lgw/session", guards: [requireMember(ctx)] }, async (i) => {
    const member = memberOf(i.req);
    const vendor = await gameVendor(ctx, LOTTERY_VENDOR);
    if (!vendor?.enabled) throw new AppError("GAME_MAINTENANCE", 503);
    if (member.isAgent === TRIAL && !vendor.playMoney) throw new AppError("IN_NEED_TRUE_ACCOUNT", 403);
    const token = await issueLaunchToken(ctx, member.id, LOTTERY_VENDOR);
    return { token, rgsBase: "/rgs" } satisfies LotteryLaunch;
  });

  const call = rgsTransport(app, ctx);
  const secret = ctx.config.APP_SECRET ? rgsAdminSecret(ctx.config.APP_SECRET) : "";
  /** Call the RGS as the operator; its answer (success or refusal) goes back as it came. */
  const forward = async (
    reply: FastifyReply | null,
    operator: string,
    method: "GET" | "PUT",
    path: string,
    payload?: unknown,
  ): Promise<unknown> => {
    const body = payload === undefined ? "" : JSON.stringify(payload);
    const headers = {
      ...(payload === undefined ? {} : { "content-type": "application/json" }),
      ...signAdminCall(secret, { method, path, operator, body }),
    };
    let res: { status: number; body: string };
    try {
      res = await call(method, path, body, headers);
    } catch {
      throw new AppError("LOTTERY_UNAVAILABLE", 503);
    }
    let json: { success?: boolean; value?: unknown };
    try {
      json = JSON.parse(res.body) as typeof json;
    } catch {
      throw new AppError("LOTTERY_UNAVAILABLE", 503);
    }
    if (json.success === true) return json.value;
    if (reply) {
      await reply.status(res.status >= 400 ? res.status : 502).send(json);
      return undefined;
    }
    throw new AppError("LOTTERY_UNAVAILABLE", 503);
  };
  const qs = (q: Record<string, unknown>) => {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null) p.set(k, String(v));
    const s = p.toString();
    return s ? `?${s}` : "";
  };

  const read = [requireOperator(ctx, "lottery.read")];
  route(app, { method: "GET", url: "/api/admin/lottery/games", guards: read }, async (i) =>
    forward(i.reply, operatorOf(i.req).username, "GET", "/rgs/admin/lottery/games"),
  );
  route(
    app,
    {
      method: "PUT",
      url: "/api/admin/lottery/games",
      body: AdminLotteryGameUpdate,
      guards: [requireOperator(ctx, "lottery.write")],
    },
    async (i) => {
      const op = operatorOf(i.req);
      const before = (
        (await forward(null, op.username, "GET", "/rgs/admin/lottery/games")) as AdminLotteryGame[]
      ).find((g) => g.code === i.body.code);
      const after = (await forward(i.reply, op.username, "PUT", "/rgs/admin/lottery/games", i.body)) as
        | AdminLotteryGame
        | undefined;
      if (after === undefined) return undefined; // refused: the RGS's answer was sent
      await recordAudit(ctx.db, {
        operatorId: op.id,
        operatorName: op.username,
        action: "update",
        entityType: "lottery_game",
        entityId: i.body.code,
        before: before ?? null,
        after,
        ip: i.ip,
      });
      return after;
    },
  );
  route(
    app,
    { method: "GET", url: "/api/admin/lottery/draws", query: AdminLotteryDrawsQuery, guards: read },
    async (i) =>
      forward(i.reply, operatorOf(i.req).username, "GET", `/rgs/admin/lottery/draws${qs(i.query)}`),
  );
  route(
    app,
    { method: "GET", url: "/api/admin/lottery/liability", query: AdminLiabilityQuery, guards: read },
    async (i) =>
      forward(i.reply, operatorOf(i.req).username, "GET", `/rgs/admin/lottery/liability${qs(i.query)}`),
  );
  route(
    app,
    { method: "GET", url: "/api/admin/lottery/report", query: AdminLotteryReportQuery, guards: read },
    async (i) =>
      forward(i.reply, operatorOf(i.req).username, "GET", `/rgs/admin/lottery/report${qs(i.query)}`),
  );
}

import {
  RgExcludeRequest,
  RgPendingRequest,
  RgSessionSettingsRequest,
  RgSetLimitRequest,
} from "@panalo/contracts/responsible-gaming";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../lib/context.ts";
import { tokenHash } from "../../lib/passwords.ts";
import { route } from "../../lib/route.ts";
import { memberOf, requireMember } from "../members/service.ts";
import { rgAdminRoutes } from "./admin-routes.ts";
import "./gates.ts";
import {
  cancelPending,
  confirmLimit,
  decideSessionPending,
  exclude,
  rgState,
  sessionInfo,
  setLimit,
  setSessionSettings,
} from "./service.ts";

/**
 * The member's responsible-gaming page: limits, session limit and reality
 * check, cooling-off and self-exclusion. A self-excluded member keeps their session (they may
 * withdraw and read their account), so these calls need only a real member's token.
 */
export async function responsibleGamingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const member = [requireMember(ctx, { realOnly: true })];
  const now = () => ctx.clock.now();

  route(app, { method: "GET", url: "/wps/rg/state", guards: member }, async (i) =>
    rgState(ctx.db, memberOf(i.req).id, now()),
  );
  route(app, { method: "POST", url: "/wps/rg/limit", body: RgSetLimitRequest, guards: member }, async (i) => {
    const id = memberOf(i.req).id;
    const status = await setLimit(ctx, id, i.body.kind, i.body.period, i.body.amount);
    return { status, state: await rgState(ctx.db, id, now()) };
  });
  route(
    app,
    { method: "POST", url: "/wps/rg/limit/confirm", body: RgPendingRequest, guards: member },
    async (i) => {
      const id = memberOf(i.req).id;
      await confirmLimit(ctx, id, i.body.kind, i.body.period);
      return rgState(ctx.db, id, now());
    },
  );
  route(
    app,
    { method: "POST", url: "/wps/rg/limit/cancel", body: RgPendingRequest, guards: member },
    async (i) => {
      const id = memberOf(i.req).id;
      await cancelPending(ctx, id, i.body.kind, i.body.period);
      return rgState(ctx.db, id, now());
    },
  );
  route(
    app,
    { method: "POST", url: "/wps/rg/session", body: RgSessionSettingsRequest, guards: member },
    async (i) => {
      const id = memberOf(i.req).id;
      const status = await setSessionSettings(ctx, id, i.body.sessionMinutes, i.body.realityCheckMinutes);
      return { status, state: await rgState(ctx.db, id, now()) };
    },
  );
  for (const action of ["confirm", "cancel"] as const) {
    route(app, { method: "POST", url: `/wps/rg/session/${action}`, guards: member }, async (i) => {
      const id = memberOf(i.req).id;
      await decideSessionPending(ctx, id, action);
      return rgState(ctx.db, id, now());
    });
  }
  route(
    app,
    { method: "POST", url: "/wps/rg/exclude", body: RgExcludeRequest, guards: member },
    async (i) => {
      const id = memberOf(i.req).id;
      await exclude(ctx, id, i.body, null);
      return rgState(ctx.db, id, now());
    },
  );
  // The reality check: the session's start (the server's), time played and net result.
  route(app, { method: "GET", url: "/wps/rg/session", guards: member }, async (i) => {
    const m = memberOf(i.req);
    return sessionInfo(ctx.db, m.id, tokenHash(m.token), now());
  });

  await rgAdminRoutes(app, ctx);
}

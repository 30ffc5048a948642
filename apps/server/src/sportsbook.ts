import type { SportsHost } from "@panalo/sportsbook/context";
import type { SportsWorkers } from "@panalo/sportsbook/plugin";
import { recordAudit } from "./lib/audit.ts";
import type { AppContext } from "./lib/context.ts";
import { memberGate } from "./lib/member-gates.ts";
import { messageFor, parseLang } from "./lib/messages.ts";
import { operatorOf, requireOperator } from "./lib/operator-guard.ts";
import { ensureBookCatalogue } from "./modules/games/repo/sportsbook-catalogue.ts";
import { memberOf, memberRecord, memberUsernames, requireMember } from "./modules/members/service.ts";
import {
  ensureInHouseClient,
  issueLaunchToken,
  LAUNCH_TOKEN_TTL_MS,
  verifyProviderSignature,
} from "./modules/providers/service.ts";

/**
 * What the platform answers the sportsbook (apps/sportsbook, vendors PNSB and PNES) mounted in
 * this process: its members' sign-in and currency, the member gate "play", launch tokens, the
 * back office's guard and audit trail, and its message catalogue. The book keeps none of these;
 * its money moves only through the provider protocol.
 */
export function sportsHost(ctx: AppContext): SportsHost {
  const member = requireMember(ctx);
  return {
    requireMember: member,
    memberOf: (req) => ({ id: memberOf(req).id }),
    memberCurrency: async (id) => (await memberRecord(ctx.db, id))?.currency ?? null,
    memberNames: (ids) => memberUsernames(ctx.db, ids),
    playGate: (id, at) => memberGate(ctx.db, id, "play", at),
    launchToken: (id, vendor) => issueLaunchToken(ctx, id, vendor),
    launchTokenTtlMs: LAUNCH_TOKEN_TTL_MS,
    ensureVendors: async () => {
      await ensureInHouseClient(ctx, "PNSB");
      await ensureInHouseClient(ctx, "PNES");
      // The rounds' categories (SPORTS / ESPORTS) in the games catalogue: the bonus's weight,
      // valid bets, rollups and reports read them through the debit's game code.
      await ensureBookCatalogue(ctx.db);
    },
    verifyFeedSignature: (vendor, signature, raw) => verifyProviderSignature(ctx, vendor, signature, raw),
    requireOperator: (permission) => requireOperator(ctx, permission),
    operatorOf: (req) => {
      const op = operatorOf(req);
      return { id: op.id, username: op.username };
    },
    audit: (entry) => recordAudit(ctx.db, entry),
    message: (code, lang, params) => messageFor(code, parseLang(lang), params),
  };
}

/** The mounted sportsbook's workers, per app, for the jobs sports.simulator and sports.settle-sweep. */
const workers = new WeakMap<AppContext, SportsWorkers>();
export function setSportsWorkers(ctx: AppContext, w: SportsWorkers): void {
  workers.set(ctx, w);
}
export function sportsWorkersOf(ctx: AppContext): SportsWorkers | undefined {
  return workers.get(ctx);
}

import { formatMinor, parseMoney } from "@panalo/contracts/money";
import {
  type RgsFreeSpinGrant,
  type RgsFreeSpinGrantClosed,
  RgsFreeSpinGrantCreate,
} from "@panalo/contracts/rgs";
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { isTransferVendor } from "./catalog.ts";
import { type RgsContext, RgsError } from "./context.ts";
import { type RgsDb, rows } from "./db.ts";
import { rgsGame, totalBet } from "./games.ts";
import { ADMIN_OPERATOR_HEADER, ADMIN_SIGNATURE_HEADER, verifyAdminCall } from "./lottery/admin-auth.ts";

/**
 * Free-spin grants (migration 0013). The platform makes a grant when a member
 * redeems a free-spins item in the points mall (signed POST /rgs/admin/freespins/grants, keyed by
 * the redemption so a resent grant is stored once). A spin with the grant (spin.ts) takes one of
 * its spins in the statement that stores the round, sends the platform a bet of 0.00 and the win
 * of the grant's bet as usual. Unused spins simply lapse at expires_at. A grant the platform could
 * not deliver before it expired is closed (migration 0014), so the platform can give points back.
 */
export interface GrantRow {
  id: string;
  player_id: string;
  vendor: string;
  game_id: string;
  currency: string;
  spins: number;
  used: number;
  bet_per_line: string;
  expires_at: string | Date;
  never_made: boolean;
}

export const grantView = (g: GrantRow): RgsFreeSpinGrant => ({
  grantId: g.id,
  gameId: g.game_id,
  spins: g.spins,
  left: g.spins - g.used,
  betPerLine: formatMinor(BigInt(g.bet_per_line)),
  expiresAt: new Date(g.expires_at).toISOString(),
});

function parseGrant(input: unknown) {
  const r = RgsFreeSpinGrantCreate.safeParse(input ?? {});
  if (!r.success)
    throw new RgsError(
      "VALIDATION_ERROR",
      400,
      null,
      r.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
    );
  const g = r.data;
  const game = rgsGame(g.gameId);
  if (!game || game.vendor !== g.vendor || isTransferVendor(g.vendor))
    throw new RgsError("GAME_NOT_FOUND", 404);
  const betPerLine = parseMoney(g.betPerLine);
  if (betPerLine === null || totalBet(game, betPerLine) === null) throw new RgsError("BET_INVALID", 400);
  return { g, betPerLine };
}

/**
 * Store a grant once per grantId (a resent one finds it) — or, with `close`, a grant the platform
 * gives up on: one the RGS never had is stored closed (never made, every spin used), one it had is
 * left as it is. The same statement decides both, so a grant and its closing racing each other
 * leave either the grant or the closed row, never both.
 */
async function storeGrant(db: RgsDb, input: unknown, close: boolean): Promise<GrantRow> {
  const { g, betPerLine } = parseGrant(input);
  await rows(
    db,
    sql`INSERT INTO rgs.free_spin_grants (id, player_id, vendor, game_id, currency, spins, bet_per_line, expires_at,
          used, never_made)
        VALUES (${g.grantId}, ${g.playerId}, ${g.vendor}, ${g.gameId}, ${g.currency}, ${g.spins},
          ${betPerLine.toString()}::bigint, ${g.expiresAt}::timestamptz, ${close ? g.spins : 0}, ${close})
        ON CONFLICT (id) DO NOTHING`,
  );
  const [row] = await rows<GrantRow>(db, sql`SELECT * FROM rgs.free_spin_grants WHERE id = ${g.grantId}`);
  if (!row || Number(row.player_id) !== g.playerId || row.game_id !== g.gameId || row.spins !== g.spins)
    throw new RgsError("DUPLICATE_MISMATCH", 409);
  return row;
}

export async function createGrant(db: RgsDb, input: unknown): Promise<RgsFreeSpinGrant> {
  return grantView(await storeGrant(db, input, false));
}

/** Close a grant the platform could not deliver: `made` says whether the RGS ever had it. */
export async function closeGrant(db: RgsDb, input: unknown): Promise<RgsFreeSpinGrantClosed> {
  // A grant the RGS has is reported even if its slot has since been retired.
  const id = (input as { grantId?: unknown } | null)?.grantId;
  const [had] =
    typeof id === "string"
      ? await rows<GrantRow>(db, sql`SELECT * FROM rgs.free_spin_grants WHERE id = ${id}`)
      : [];
  const row =
    had && Number(had.player_id) === (input as { playerId?: unknown }).playerId
      ? had
      : await storeGrant(db, input, true);
  return { ...grantView(row), made: !row.never_made, used: row.never_made ? 0 : row.used };
}

/** The player's grants on a game that can still be played (not expired, spins left). */
export async function usableGrants(
  ctx: RgsContext,
  playerId: number,
  gameId: string,
  currency: string,
): Promise<RgsFreeSpinGrant[]> {
  const list = await rows<GrantRow>(
    ctx.db,
    sql`SELECT * FROM rgs.free_spin_grants
        WHERE player_id = ${playerId} AND game_id = ${gameId} AND currency = ${currency}
          AND used < spins AND expires_at > ${ctx.now().toISOString()}::timestamptz
        ORDER BY expires_at, id`,
  );
  return list.map(grantView);
}

/** Why a grant cannot give a spin now: the code the client shows in the player's language. */
export async function grantRefusal(ctx: RgsContext, grantId: string): Promise<RgsError> {
  const [g] = await rows<GrantRow>(ctx.db, sql`SELECT * FROM rgs.free_spin_grants WHERE id = ${grantId}`);
  if (!g) return new RgsError("FREE_SPINS_NOT_FOUND", 404);
  if (g.used >= g.spins) return new RgsError("FREE_SPINS_USED_UP", 409);
  return new RgsError("FREE_SPINS_EXPIRED", 409);
}

/** POST /rgs/admin/freespins/grants (signed by the platform, like the lottery's back office). */
export async function freeSpinAdminRoutes(app: FastifyInstance, db: RgsDb, secret: string): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      "application/json",
      { parseAs: "string", bodyLimit: 16 * 1024 },
      (_r, body, done) => done(null, body),
    );
    const check = (req: FastifyRequest) => {
      const name = verifyAdminCall(secret, {
        method: req.method,
        path: req.url,
        body: typeof req.body === "string" ? req.body : "",
        signature: req.headers[ADMIN_SIGNATURE_HEADER] as string | undefined,
        operator: req.headers[ADMIN_OPERATOR_HEADER] as string | undefined,
      });
      if (!name) throw new RgsError("UNAUTHORIZED", 401);
    };
    const body = (req: FastifyRequest): unknown => {
      check(req);
      try {
        return typeof req.body === "string" && req.body ? JSON.parse(req.body) : {};
      } catch {
        throw new RgsError("VALIDATION_ERROR", 400);
      }
    };
    scope.post("/admin/freespins/grants", async (req) => ({
      success: true as const,
      value: await createGrant(db, body(req)),
    }));
    scope.post("/admin/freespins/grants/close", async (req) => ({
      success: true as const,
      value: await closeGrant(db, body(req)),
    }));
  });
}

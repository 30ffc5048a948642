import { sql } from "drizzle-orm";
import { queryRows } from "../db/client.ts";
import { providerClients } from "../db/schema/providers.ts";
import { grantBonus } from "../modules/bonus/grant.ts";
import { postAndNotify } from "../modules/ledger/notify.ts";
import { issueLaunchToken, signProvider } from "../modules/providers/service.ts";
import { solvedHumanCheck } from "./human.ts";
import type { TestApp } from "./test-app.ts";

/** Set-up shared by the bonus tests (through the API and the database; no screen). */
export const VENDOR_SECRET = "vendor-secret-for-bonus-tests-0123";

export async function enableVendor(t: TestApp): Promise<void> {
  await t.database.db
    .insert(providerClients)
    .values({ vendor: "PNS", secret: VENDOR_SECRET })
    .onConflictDoNothing();
}

export async function registerPlayer(t: TestApp, username: string): Promise<{ id: number; token: string }> {
  const v = (
    await t.app.inject({
      method: "PUT",
      url: "/wps/member/register",
      payload: {
        username,
        password: "secret123",
        confirmPassword: "secret123",
        ageConfirmed: true,
        agree: true,
        humanCheck: await solvedHumanCheck(t.app),
      },
      remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    })
  ).json().value;
  return { id: v.customerId, token: v.token };
}

export async function fund(t: TestApp, memberId: number, minor: bigint, key: string): Promise<void> {
  await postAndNotify(t.app.ctx, {
    idempotencyKey: key,
    type: "deposit",
    memberId,
    legs: [
      { account: { house: "cash", currency: "PHP" }, amount: -minor },
      { account: { member: memberId, kind: "main", currency: "PHP" }, amount: minor },
    ],
  });
}

export async function makeRule(
  t: TestApp,
  r: Partial<{
    kind: string;
    percent: number;
    maxBonus: bigint | null;
    minDeposit: bigint;
    multiple: number;
    base: string;
    contributions: Record<string, number>;
    maxBet: bigint | null;
    maxConversion: bigint | null;
    forfeit: boolean;
    household: boolean;
  }> = {},
): Promise<number> {
  const [row] = await queryRows<{ id: string }>(
    t.database.db,
    sql`INSERT INTO bonus_rules (name, kind, percent, max_bonus, min_deposit, wagering_multiple, wagering_base,
          contributions, max_bet, max_conversion, forfeit_on_withdrawal, one_per_household)
        VALUES ('Test bonus', ${r.kind ?? "manual"}, ${r.percent ?? 100}, ${r.maxBonus?.toString() ?? null}::bigint,
          ${(r.minDeposit ?? 0n).toString()}::bigint, ${r.multiple ?? 2}, ${r.base ?? "bonus"},
          ${JSON.stringify(r.contributions ?? { "*": 100 })}::jsonb, ${r.maxBet?.toString() ?? null}::bigint,
          ${r.maxConversion?.toString() ?? null}::bigint, ${r.forfeit ?? true}, ${r.household ?? true})
        RETURNING id`,
  );
  return Number(row?.id);
}

export async function grant(t: TestApp, memberId: number, ruleId: number, minor: bigint, key: string) {
  return t.database.db.transaction((tx) =>
    grantBonus(tx, { memberId, ruleId, amountMinor: minor, sourceKey: key }),
  );
}

export async function balances(
  t: TestApp,
  memberId: number,
): Promise<{ main: bigint; bonus: bigint; hold: bigint }> {
  const rows = await queryRows<{ kind: string; balance: string }>(
    t.database.db,
    sql`SELECT kind, balance::text AS balance FROM ledger_accounts WHERE member_id = ${memberId}`,
  );
  const of = (k: string) => BigInt(rows.find((r) => r.kind === k)?.balance ?? "0");
  return { main: of("main"), bonus: of("bonus"), hold: of("hold") };
}

export async function bonusRow(t: TestApp, memberId: number) {
  const [b] = await queryRows<{ id: string; state: string; wagered: string; wagering_required: string }>(
    t.database.db,
    sql`SELECT id, state, wagered::text, wagering_required::text FROM member_bonuses
         WHERE member_id = ${memberId} ORDER BY id DESC LIMIT 1`,
  );
  return b;
}

/** A signed provider call, as the game server makes it. */
export function providerCaller(t: TestApp) {
  let seq = 0;
  return async (name: string, body: Record<string, unknown>) => {
    const raw = JSON.stringify({ requestId: `r${++seq}-${Math.random()}`, ...body });
    const res = await t.app.inject({
      method: "POST",
      url: `/provider/PNS/${name}`,
      headers: {
        "content-type": "application/json",
        "x-signature": signProvider(VENDOR_SECRET, raw),
        "x-lang": "EN",
      },
      payload: raw,
    });
    return res.json();
  };
}

export async function launch(t: TestApp, memberId: number): Promise<string> {
  return issueLaunchToken(t.app.ctx, memberId, "PNS");
}

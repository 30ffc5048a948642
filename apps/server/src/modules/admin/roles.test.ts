import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feedMatch, mainBalance } from "../../../../sportsbook/src/sports-testkit.ts";
import { queryRows } from "../../db/client.ts";
import { registerMember } from "../../testing/games-kit.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { createOperator } from "./operators.ts";
import { totpAt } from "./totp.ts";

/**
 * Roles the owner shapes: a role is a stored set of permissions; a change applies to its
 * operators at once; four eyes are any two different operators whose role holds the permission.
 */
let nowMs = Date.now();
const clock = { now: () => new Date(nowMs) };
const H = { "x-requested-with": "panalo-admin", "x-lang": "EN" };
const who = (username: string, totpSecret: string) => ({
  username,
  password: `${username}-Password-2026`,
  totpSecret,
});
const OWNER = who("roles_owner", "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP");
const TRADER1 = who("trader_one", "KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU");
const TRADER2 = who("trader_two", "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
const WRITER = who("roles_writer", "MFRGGZDFMZTWQ2LKMFRGGZDFMZTWQ2LK");
const LEAD = who("support_lead", "ONSWG4TFORZXI4TJONSWG4TFORZXI4TJ");

describe("roles the owner shapes", () => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    t = await createTestApp({ ADDRESS_LIMITS: "register=1000" }, { clock });
    for (const [op, role] of [
      [OWNER, "owner"],
      [TRADER1, "content"],
      [TRADER2, "content"],
      [WRITER, "content"],
      [LEAD, "support"],
    ] as const) {
      ids[op.username] = (await createOperator(t.database.db, { ...op, role })).id;
    }
  }, 120_000);
  afterAll(async () => t?.close());

  const login = async (op: typeof OWNER) => {
    nowMs += 30_000;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/session",
      headers: H,
      payload: {
        username: op.username,
        password: op.password,
        totp: totpAt(op.totpSecret, Math.floor(nowMs / 30_000)),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return `panalo_admin=${res.cookies.find((x) => x.name === "panalo_admin")?.value}`;
  };
  const call = (
    cookie: string,
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    payload?: Record<string, unknown>,
  ) =>
    t.app.inject({ method, url, headers: { ...H, cookie }, ...(payload === undefined ? {} : { payload }) });

  it("refuses an operator whose role lacks the permission, with the error envelope", async () => {
    const writer = await login(WRITER);
    await feedMatch(t.app, "e:roles-refused");
    const [match] = await queryRows<{ id: number }>(
      t.database.db,
      sql`SELECT id FROM sportsbook.sb_matches WHERE ext_id = 'e:roles-refused'`,
    );
    const matchId = Number(match?.id);
    const refused = await call(writer, "POST", "/api/admin/sports/manual", {
      kind: "settle",
      matchId,
      score: [1, 0],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, code: "FORBIDDEN" });
    expect(typeof refused.json().message).toBe("string");
    // The Roles page is the owner's alone.
    expect((await call(writer, "GET", "/api/admin/roles")).statusCode).toBe(403);
    const lead = await login(LEAD);
    expect((await call(lead, "GET", "/api/admin/roles")).json()).toMatchObject({ code: "FORBIDDEN" });
  });

  it("lets a custom sports-trader role settle a match, approved by a second trader, never by the first", async () => {
    const owner = await login(OWNER);
    const created = await call(owner, "POST", "/api/admin/roles", {
      name: "sports-trader",
      label: "Sports trader",
      permissions: ["sports.settle", "sports.read"],
    });
    expect(created.statusCode, created.body).toBe(200);
    // Stored in the catalogue's order, each once.
    expect(created.json().value).toMatchObject({
      name: "sports-trader",
      permissions: ["sports.read", "sports.settle"],
      fixed: false,
      operators: 0,
    });
    for (const op of [TRADER1, TRADER2]) {
      const moved = await call(owner, "PUT", `/api/admin/operators/${ids[op.username]}`, {
        role: "sports-trader",
        disabled: false,
      });
      expect(moved.json()).toMatchObject({ success: true, value: { role: "sports-trader" } });
    }
    const roles = (await call(owner, "GET", "/api/admin/roles")).json().value as Array<{
      name: string;
      operators: number;
    }>;
    expect(roles.find((r) => r.name === "sports-trader")?.operators).toBe(2);

    const one = await login(TRADER1);
    const two = await login(TRADER2);
    const self = (await call(one, "GET", "/api/admin/session")).json().value;
    expect(self).toMatchObject({ role: "sports-trader", permissions: ["sports.read", "sports.settle"] });
    // Holding sports.settle is not holding sports.write: the trader cannot change the book.
    expect((await call(one, "PUT", "/api/admin/sports/book", { marginBp: 500 })).statusCode).toBe(403);

    const m = await registerMember(t.app, "rolesbettor", 100_000n);
    const { pick } = await feedMatch(t.app, "e:roles-trade");
    const home = pick("1", "home");
    const placed = await t.app.inject({
      method: "POST",
      url: "/api/sports/bets",
      headers: { authorization: `Bearer ${m.token}`, "x-lang": "EN" },
      payload: {
        kind: "single",
        legs: [home],
        stake: "20.00",
        oddsPolicy: "none",
        idempotencyKey: "roles-bet-1",
      },
    });
    expect(placed.json()).toMatchObject({ success: true });
    const matchId = placed.json().value.legs[0].matchId;
    const asked = await call(one, "POST", "/api/admin/sports/manual", {
      kind: "settle",
      matchId,
      score: [2, 0],
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const id = asked.json().value.id;
    const own = await call(one, "POST", `/api/admin/sports/manual/${id}/approve`, {});
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ success: false, code: "SB_FOUR_EYES" });
    expect(await mainBalance(t.app, m.id)).toBe(100_000n - 2_000n);
    const approved = await call(two, "POST", `/api/admin/sports/manual/${id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await mainBalance(t.app, m.id)).toBe(100_000n - 2_000n + (2_000n * BigInt(home.odds)) / 1000n);

    // A role's change applies to its operators at once: without sports.settle the next ask is refused.
    const role = roles.find((r) => r.name === "sports-trader") as unknown as { version: number };
    const edited = await call(owner, "PUT", "/api/admin/roles/sports-trader", {
      label: "Sports trader",
      permissions: ["sports.read"],
      version: role.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const again = await call(one, "POST", "/api/admin/sports/manual", {
      kind: "void",
      matchId,
    });
    expect(again.json()).toMatchObject({ success: false, code: "FORBIDDEN" });
    // The version loaded before the edit is stale now.
    const stale = await call(owner, "PUT", "/api/admin/roles/sports-trader", {
      label: "Sports trader",
      permissions: ["sports.read", "sports.settle"],
      version: role.version,
    });
    expect(stale.json()).toMatchObject({ success: false, code: "VERSION_CONFLICT" });

    // Every change is in the audit trail with before and after.
    const audit = await queryRows<{ action: string; entity_id: string; before: unknown; after: unknown }>(
      t.database.db,
      sql`SELECT action, entity_id, before, after FROM audit_log WHERE entity_type = 'role' ORDER BY id`,
    );
    expect(audit.map((a) => a.action)).toEqual(["create", "update"]);
    expect(audit[1]).toMatchObject({
      entity_id: "sports-trader",
      before: { permissions: ["sports.read", "sports.settle"] },
      after: { permissions: ["sports.read"] },
    });
    const given = await queryRows<{ after: { role: string } }>(
      t.database.db,
      sql`SELECT after FROM audit_log WHERE entity_type = 'operator' AND action = 'update'`,
    );
    expect(given.map((g) => g.after.role)).toEqual(["sports-trader", "sports-trader"]);
  });

  it("keeps the owner role fixed, roles.write the owner's, and a role in use undeleted", async () => {
    const owner = await login(OWNER);
    const fixed = await call(owner, "PUT", "/api/admin/roles/owner", {
      label: "Owner",
      permissions: [],
      version: 1,
    });
    expect(fixed.json()).toMatchObject({ success: false, code: "ROLE_FIXED" });
    const ownerOnly = await call(owner, "POST", "/api/admin/roles", {
      name: "deputy",
      label: "Deputy",
      permissions: ["roles.write", "operators.write"],
    });
    expect(ownerOnly.json()).toMatchObject({ success: false, code: "ROLE_OWNER_ONLY_PERMISSION" });
    const inUse = await call(owner, "DELETE", "/api/admin/roles/sports-trader");
    expect(inUse.json()).toMatchObject({ success: false, code: "ROLE_IN_USE" });
    await call(owner, "POST", "/api/admin/roles", { name: "spare", label: "Spare", permissions: [] });
    expect((await call(owner, "DELETE", "/api/admin/roles/spare")).statusCode).toBe(200);
    const names = (
      (await call(owner, "GET", "/api/admin/roles")).json().value as Array<{ name: string }>
    ).map((r) => r.name);
    expect(names).not.toContain("spare");
    expect(names).toContain("owner");
  });

  it("lets an operator give only roles whose permissions they hold themselves", async () => {
    const owner = await login(OWNER);
    await call(owner, "POST", "/api/admin/roles", {
      name: "team-lead",
      label: "Team lead",
      permissions: ["operators.read", "operators.write", "players.read"],
    });
    await call(owner, "PUT", `/api/admin/operators/${ids[LEAD.username]}`, {
      role: "team-lead",
      disabled: false,
    });
    const lead = await login(LEAD);
    const toOwner = await call(lead, "PUT", `/api/admin/operators/${ids[WRITER.username]}`, {
      role: "owner",
      disabled: false,
    });
    expect(toOwner.json()).toMatchObject({ success: false, code: "ROLE_BEYOND_OWN" });
    const newOwner = await call(lead, "POST", "/api/admin/operators", { username: "sneaky", role: "owner" });
    expect(newOwner.json()).toMatchObject({ success: false, code: "ROLE_BEYOND_OWN" });
  });
});

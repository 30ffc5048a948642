import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOperator } from "../modules/admin/operators.ts";
import { totpAt } from "../modules/admin/totp.ts";
import { solvedHumanCheck } from "../testing/human.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

/**
 * Amounts are read by one strict parser, and no malformed input (an id
 * beyond its column, a NUL, an exponent) reaches the database: 400 VALIDATION_ERROR, never 500.
 */
describe("strict input", () => {
  let t: TestApp;
  let member: { authorization: string };
  let admin: { cookie: string; "x-requested-with": string };
  const SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

  beforeAll(async () => {
    t = await createTestApp();
    const v = (
      await t.app.inject({
        method: "PUT",
        url: "/wps/member/register",
        payload: {
          username: "Strict01",
          password: "secret123",
          confirmPassword: "secret123",
          ageConfirmed: true,
          agree: true,
          humanCheck: await solvedHumanCheck(t.app),
        },
        remoteAddress: "10.7.0.1",
      })
    ).json().value;
    member = { authorization: `Bearer ${v.token}` };
    await createOperator(t.database.db, {
      username: "owner1",
      role: "owner",
      password: "Owner-pass-2026!",
      totpSecret: SECRET,
    });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/session",
      headers: { "x-requested-with": "panalo-admin" },
      payload: {
        username: "owner1",
        password: "Owner-pass-2026!",
        totp: totpAt(SECRET, Math.floor(Date.now() / 30000)),
      },
    });
    expect(res.statusCode).toBe(200);
    admin = {
      cookie: `panalo_admin=${res.cookies.find((c) => c.name === "panalo_admin")?.value}`,
      "x-requested-with": "panalo-admin",
    };
  });
  afterAll(async () => t.close());

  const BAD_AMOUNTS: Array<[unknown, string]> = [
    ["1,000.00", "amount_format"],
    ["1 000", "amount_format"],
    [" 100", "amount_format"],
    ["1e3", "amount_format"],
    ["-100", "amount_sign"],
    ["+100", "amount_sign"],
    ["100.505", "amount_decimals"],
    [12.5, "amount_format"],
    ["99999999999999999999", "amount_too_large"],
    ["1000000000.01", "amount_too_large"],
  ];

  const calls: Array<{
    name: string;
    method: "POST" | "PUT";
    url: string;
    field: string;
    body: object;
    who: "m" | "a";
  }> = [
    {
      name: "deposit",
      method: "POST",
      url: "/wps/deposits",
      field: "amount",
      body: { channelId: 1 },
      who: "m",
    },
    {
      name: "withdrawal",
      method: "POST",
      url: "/wps/withdrawals",
      field: "amount",
      body: { payoutAccountId: 1, transactionPassword: "246810", requestId: "req-12345678" },
      who: "m",
    },
    {
      name: "transfer to the upline",
      method: "POST",
      url: "/wps/relay/transferUpline",
      field: "amount",
      body: { transactionPassword: "246810", requestId: "req-12345678" },
      who: "m",
    },
    {
      name: "transfer wallet",
      method: "POST",
      url: "/wps/relay/GCS_walletTransfer",
      field: "amount",
      body: { vendor: "PNX", direction: "in", requestId: "req-12345678" },
      who: "m",
    },
    {
      name: "manual adjustment",
      method: "POST",
      url: "/api/admin/adjustments",
      field: "amount",
      body: { memberId: 1, reason: "strict parser test" },
      who: "a",
    },
    {
      name: "channel limit",
      method: "POST",
      url: "/api/admin/payment-channels",
      field: "minAmount",
      body: {
        code: "bank_x",
        kind: "bank",
        name: "Bank X",
        adapter: null,
        maxAmount: "1000.00",
        enabled: false,
        sortOrder: 1,
        details: {},
        secrets: {},
      },
      who: "a",
    },
  ];

  for (const c of calls) {
    it(`refuses every malformed amount of a ${c.name}, naming the field`, async () => {
      for (const [amount, reason] of BAD_AMOUNTS) {
        // An adjustment is signed: "-100" takes money back, so only "+100" is a refused sign there.
        if (c.field === "amount" && c.url === "/api/admin/adjustments" && amount === "-100") continue;
        const res = await t.app.inject({
          method: c.method,
          url: c.url,
          headers: { ...(c.who === "m" ? member : admin), "x-lang": "EN" },
          payload: { ...c.body, [c.field]: amount },
        });
        expect(res.statusCode, `${c.url} ${String(amount)}`).toBe(400);
        const body = res.json();
        expect(body.code).toBe("VALIDATION_ERROR");
        expect(body.details).toContainEqual({ path: c.field, message: reason });
      }
    });
  }

  it("names the refused field and the reason in the caller's language", async () => {
    const send = (lang: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/admin/adjustments",
        headers: { ...admin, "x-lang": lang },
        payload: { memberId: 1, amount: "1,500.00", reason: "strict parser test" },
      });
    const en = (await send("EN")).json();
    expect(en.message).toBe(
      "The field “amount” is not valid: enter an amount with digits and at most two decimals, like 1234.50 (no commas, spaces or signs).",
    );
    const ty = (await send("TY")).json();
    expect(ty.message).toContain("“amount”");
    expect(ty.message).toContain("hanggang dalawang decimal");
  });

  it("never answers 500 to an id beyond its column, a NUL or another malformed value on any declared route", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/docs/openapi.json" })).json() as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters: Array<{ name: string; in: "query" | "path" }>;
            requestBody?: { content: { "application/json": { schema: JsonSchema } } };
          }
        >
      >;
    };
    interface JsonSchema {
      type?: string | string[];
      properties?: Record<string, JsonSchema>;
      anyOf?: JsonSchema[];
      allOf?: JsonSchema[];
    }
    const propsOf = (s: JsonSchema | undefined): Record<string, JsonSchema> => ({
      ...(s?.properties ?? {}),
      ...Object.assign({}, ...(s?.allOf ?? []).map(propsOf)),
      ...Object.assign({}, ...(s?.anyOf ?? []).map(propsOf)),
    });
    const numeric = (s: JsonSchema): boolean => {
      const types = [s.type ?? [], ...(s.anyOf ?? []).map((a) => a.type ?? [])].flat();
      return types.includes("integer") || types.includes("number");
    };
    // Destroying the sessions would make the rest of the sweep meaningless: those last.
    const last = (path: string) => /session|logout/.test(path);
    const entries = Object.entries(doc.paths).sort(([a], [b]) => Number(last(a)) - Number(last(b)));
    expect(entries.length).toBeGreaterThan(50);
    const failures: string[] = [];
    let calls = 0;
    for (const [path, ops] of entries) {
      for (const [method, op] of Object.entries(ops)) {
        const pathParams = op.parameters.filter((p) => p.in === "path").map((p) => p.name);
        const queryParams = op.parameters.filter((p) => p.in === "query").map((p) => p.name);
        const props = propsOf(op.requestBody?.content["application/json"].schema);
        const variants: Array<{ value: string; nul: boolean }> = [
          { value: "\u0000", nul: true },
          { value: "1\u0000", nul: true },
          { value: "2147483648", nul: false },
          { value: "9223372036854775808", nul: false },
          { value: "-1", nul: false },
          { value: "1e3", nul: false },
          { value: " 1", nul: false },
        ];
        for (const { value, nul } of variants) {
          const poisoned = pathParams.length + queryParams.length > 0 || Object.keys(props).length > 0;
          if (!poisoned) continue;
          let url = path;
          for (const p of pathParams) url = url.replace(`{${p}}`, encodeURIComponent(value));
          const qs = queryParams.map((q) => `${q}=${encodeURIComponent(value)}`).join("&");
          const payload = Object.fromEntries(
            Object.entries(props).map(([k, s]) => [k, nul ? value : numeric(s) ? Number(value) : value]),
          );
          const res = await t.app.inject({
            method: method.toUpperCase() as "GET",
            url: qs ? `${url}?${qs}` : url,
            headers: { ...member, ...admin, "x-lang": "EN" },
            ...(method === "get" || method === "delete" ? {} : { payload }),
          });
          calls++;
          const tag = `${method.toUpperCase()} ${path} ${JSON.stringify(value)}`;
          if (res.statusCode >= 500) failures.push(`${tag} → ${res.statusCode} ${res.body.slice(0, 120)}`);
          else if (nul && (res.statusCode !== 400 || res.json().code !== "VALIDATION_ERROR"))
            failures.push(`${tag} → ${res.statusCode} ${res.json().code} (a NUL must be a VALIDATION_ERROR)`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(300);
  });

  it("refuses a NUL on the routes outside route() too (media, uploads, the game server, the lottery)", async () => {
    for (const url of [
      "/media/%00",
      "/media/qr/%00",
      "/rgs/api/rounds?sessionId=%00",
      "/rgs/lottery/results?gameCode=%00",
      "/lgw/vn/numeros/opened/game?gameCode=%00",
    ]) {
      const res = await t.app.inject({ method: "GET", url, headers: { "x-lang": "EN" } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code, url).toBe("VALIDATION_ERROR");
    }
    const slip = await t.app.inject({
      method: "POST",
      url: "/rgs/lottery/slips",
      payload: { token: "x".repeat(20), lines: [{ gameCode: "PCSO3D\u0000" }] },
    });
    expect(slip.statusCode).toBe(400);
  });
});

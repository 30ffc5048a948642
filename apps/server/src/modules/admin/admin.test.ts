import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoContent } from "../../seed/content.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { createOperator } from "./operators.ts";
import { totpAt } from "./totp.ts";

/** A clock the test moves, so each sign-in can use a fresh 30-second TOTP step. */
let nowMs = Date.UTC(2026, 10, 22, 8, 0, 0);
const clock = { now: () => new Date(nowMs) };
const nextStep = () => {
  nowMs += 30_000;
};

const OWNER = {
  username: "owner1",
  password: "Owner-password-2026",
  totpSecret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
};
const CONTENT = {
  username: "writer1",
  password: "Writer-password-2026",
  totpSecret: "KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU",
};
const H = { "x-requested-with": "panalo-admin", "x-lang": "EN" };

describe("back office", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    await seedDemoContent(t.database.db, t.config);
    await createOperator(t.database.db, { ...OWNER, role: "owner" });
    await createOperator(t.database.db, { ...CONTENT, role: "content" });
  });
  afterAll(async () => t.close());

  const code = (secret: string) => totpAt(secret, Math.floor(nowMs / 30_000));
  async function login(who: typeof OWNER): Promise<string> {
    nextStep();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/session",
      headers: H,
      payload: { username: who.username, password: who.password, totp: code(who.totpSecret) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const cookie = res.cookies.find((c) => c.name === "panalo_admin");
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Strict");
    return `panalo_admin=${cookie?.value}`;
  }

  it("signs an operator in with password and TOTP, and refuses a replayed code", async () => {
    nextStep();
    const payload = { username: OWNER.username, password: OWNER.password, totp: code(OWNER.totpSecret) };
    const first = await t.app.inject({ method: "POST", url: "/api/admin/session", headers: H, payload });
    expect(first.statusCode).toBe(200);
    expect(first.json().value).toMatchObject({
      username: "owner1",
      role: "owner",
      mustChangePassword: false,
    });
    expect(first.json().value.permissions).toContain("audit.read");
    const replay = await t.app.inject({ method: "POST", url: "/api/admin/session", headers: H, payload });
    expect(replay.statusCode).toBe(401);
    // A replayed code answers like a wrong password: the answer tells nothing about the account.
    expect(replay.json().code).toBe("SIGN_IN_FAILED");
  });

  it("gives the same answer for an unknown user and a wrong password", async () => {
    nextStep();
    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/admin/session",
      headers: H,
      payload: { username: OWNER.username, password: "nope-nope-nope", totp: code(OWNER.totpSecret) },
    });
    const unknown = await t.app.inject({
      method: "POST",
      url: "/api/admin/session",
      headers: H,
      payload: { username: "nobody", password: "nope-nope-nope", totp: "123456" },
    });
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toMatchObject({
      success: false,
      code: "SIGN_IN_FAILED",
      message: "Wrong username, password or authenticator code.",
    });
  });

  it("locks an operator after ten wrong passwords", async () => {
    const victim = {
      username: "victim1",
      password: "Victim-password-2026",
      totpSecret: "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ",
    };
    await createOperator(t.database.db, { ...victim, role: "support" });
    for (let i = 0; i < 10; i++) {
      await t.app.inject({
        method: "POST",
        url: "/api/admin/session",
        headers: { ...H, "x-forwarded-for": `10.0.0.${i}` },
        payload: { username: victim.username, password: `wrong-${i}-password`, totp: "000000" },
      });
    }
    nextStep();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/session",
      headers: H,
      payload: { username: victim.username, password: victim.password, totp: code(victim.totpSecret) },
    });
    expect(res.statusCode).toBe(423);
    expect(res.json().code).toBe("OPERATOR_LOCKED");
  });

  it("refuses calls without a session, and writes without the CSRF header", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/admin/notices" })).statusCode).toBe(401);
    const cookie = await login(OWNER);
    const noCsrf = await t.app.inject({
      method: "PUT",
      url: "/api/admin/settings/maintenance",
      headers: { cookie },
      payload: { enabled: true, title: { TY: "x", EN: "x" }, info: { TY: "x", EN: "x" } },
    });
    expect(noCsrf.statusCode).toBe(403);
    const status = await t.app.inject({ method: "GET", url: "/wps/system/status" });
    expect(status.json().value.systemStatus).toBe(0);
  });

  it("lets a content role edit content but not system settings or operators", async () => {
    const cookie = await login(CONTENT);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/admin/notices", headers: { cookie } })).statusCode,
    ).toBe(200);
    const ops = await t.app.inject({ method: "GET", url: "/api/admin/operators", headers: { cookie } });
    expect(ops.statusCode).toBe(403);
    const region = await t.app.inject({
      method: "PUT",
      url: "/api/admin/settings/region",
      headers: { ...H, cookie },
      payload: { allowedCountries: [], blockedRanges: ["0.0.0.0/0"], info: { TY: "x", EN: "x" } },
    });
    expect(region.statusCode).toBe(403);
  });

  it("edits a notice: the site shows it, HTML is cleaned, the audit log records before and after", async () => {
    const cookie = await login(OWNER);
    const list = (
      await t.app.inject({ method: "GET", url: "/api/admin/notices", headers: { cookie } })
    ).json().value;
    const notice = list.find((n: { type: string }) => n.type === "B");
    const { id, version, updatedAt: _u, ...fields } = notice;
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/admin/notices/${id}`,
      headers: { ...H, cookie },
      payload: {
        ...fields,
        version,
        title: { TY: "Bagong pamagat <b>x</b>", EN: "New title" },
        content: { TY: '<p onclick="steal()">Ligtas<script>alert(1)</script></p>', EN: "<p>Safe</p>" },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value.version).toBe(version + 1);
    expect(res.json().value.title.TY).toBe("Bagong pamagat x");
    expect(res.json().value.content.TY).toBe("<p>Ligtas</p>");

    const site = await t.app.inject({
      method: "POST",
      url: "/wps/relay/MCSFE_getListAnnouncements",
      payload: { types: ["B"] },
    });
    expect(site.json().value.map((n: { title: string }) => n.title)).toContain("Bagong pamagat x");

    // The same version again is stale: someone else's edit is never overwritten blindly.
    const stale = await t.app.inject({
      method: "PUT",
      url: `/api/admin/notices/${id}`,
      headers: { ...H, cookie },
      payload: { ...fields, version, title: { TY: "a", EN: "b" } },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe("VERSION_CONFLICT");

    const audit = (
      await t.app.inject({ method: "GET", url: "/api/admin/audit?entityType=notice", headers: { cookie } })
    ).json().value;
    expect(audit.total).toBe(1);
    expect(audit.items[0]).toMatchObject({
      operator: "owner1",
      action: "update",
      entityType: "notice",
      entityId: String(id),
    });
    expect(audit.items[0].before.title.TY).toBe(notice.title.TY);
    expect(audit.items[0].after.title.TY).toBe("Bagong pamagat x");
  });

  it("validates content input with field errors", async () => {
    const cookie = await login(OWNER);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/notices",
      headers: { ...H, cookie },
      payload: {
        type: "Q",
        title: { TY: "x" },
        content: { TY: "", EN: "" },
        startsAt: null,
        endsAt: null,
        sortOrder: -1,
        enabled: true,
      },
    });
    expect(res.statusCode).toBe(400);
    const paths = res.json().details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(["type", "title.EN", "sortOrder"]));
    const banner = await t.app.inject({
      method: "POST",
      url: "/api/admin/banners",
      headers: { ...H, cookie },
      payload: {
        groupName: "home",
        imageUrl: "javascript:alert(1)",
        alt: { TY: "a", EN: "a" },
        linkageType: null,
        linkage: null,
        sortOrder: 0,
        enabled: true,
        startsAt: null,
        endsAt: null,
      },
    });
    expect(banner.statusCode).toBe(400);
    expect(banner.json().details[0].path).toBe("imageUrl");
  });

  it("puts the site into maintenance and blocks a range, then lifts both", async () => {
    const cookie = await login(OWNER);
    const put = (path: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: "PUT", url: `/api/admin/settings/${path}`, headers: { ...H, cookie }, payload });
    const status = async () =>
      (await t.app.inject({ method: "GET", url: "/wps/system/status", headers: { "x-lang": "EN" } })).json()
        .value;

    const m = (
      await t.app.inject({ method: "GET", url: "/api/admin/settings/maintenance", headers: { cookie } })
    ).json().value;
    expect((await put("maintenance", { ...m, enabled: true })).statusCode).toBe(200);
    let s = await status();
    expect(s.systemStatus).toBe(1);
    expect(s.maintenance.title).toBe("We are under maintenance");
    await put("maintenance", { ...m, enabled: false });

    const r = (
      await t.app.inject({ method: "GET", url: "/api/admin/settings/region", headers: { cookie } })
    ).json().value;
    const bad = await put("region", { ...r, blockedRanges: ["300.1.1.1/8"] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].message).toContain("300.1.1.1/8");
    expect((await put("region", { ...r, blockedRanges: ["127.0.0.0/8"] })).statusCode).toBe(200);
    s = await status();
    expect(s.systemStatus).toBe(2);
    expect(s.location.ip).toBe("127.0.0.1");
    expect(s.regionRestriction.info).toMatch(/not available/);
    // The back office itself is not region-blocked: the operator can lift the rule.
    expect((await put("region", { ...r, blockedRanges: [] })).statusCode).toBe(200);
    expect((await status()).systemStatus).toBe(0);
  });

  it("uploads an image by its real type and refuses a script dressed as one", async () => {
    const cookie = await login(OWNER);
    const upload = (name: string, type: string, body: Buffer) => {
      const boundary = "----panalotest";
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
        ),
        body,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.app.inject({
        method: "POST",
        url: "/api/admin/media",
        headers: { ...H, cookie, "content-type": `multipart/form-data; boundary=${boundary}` },
        payload,
      });
    };
    const png = Buffer.from(
      "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000202a0a5b2a40000000049454e44ae426082",
      "hex",
    );
    const ok = await upload("a.png", "image/png", png);
    expect(ok.statusCode, ok.body).toBe(200);
    const url = ok.json().value.url;
    const img = await t.app.inject({ method: "GET", url });
    expect(img.headers["content-type"]).toBe("image/png");
    const evil = await upload("a.png", "image/png", Buffer.from('<svg onload="alert(1)"></svg>'));
    expect(evil.statusCode).toBe(400);
    expect(evil.json().code).toBe("MEDIA_TYPE");
  });

  it("refuses an SVG that could carry script however it is dressed, and serves a clean one as XML", async () => {
    const cookie = await login(OWNER);
    const upload = (body: string) => {
      const boundary = "----panalosvg";
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.svg"\r\nContent-Type: image/svg+xml\r\n\r\n`,
        ),
        Buffer.from(body),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.app.inject({
        method: "POST",
        url: "/api/admin/media",
        headers: { ...H, cookie, "content-type": `multipart/form-data; boundary=${boundary}` },
        payload,
      });
    };
    const NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"';
    const inner = Buffer.from(
      `<svg id="x" xmlns="http://www.w3.org/2000/svg"><image href="1" onerror="alert(1)"/></svg>`,
    ).toString("base64");
    const evil = [
      `<svg ${NS}><a xlink:href="javascript&#58;alert(1)"><rect width="9" height="9"/></a></svg>`,
      `<svg ${NS}><a href="jav&#x61;script:alert(1)"><rect width="9" height="9"/></a></svg>`,
      `<svg ${NS}><a><set attributeName="href" to="javascript:alert(1)"/><rect width="9" height="9"/></a></svg>`,
      `<svg ${NS}><a><animate attributeName="href" values="javascript:alert(1)"/><rect width="9" height="9"/></a></svg>`,
      `<svg ${NS}><use href="data:image/svg+xml;base64,${inner}#x"/></svg>`,
    ];
    for (const body of evil) {
      const res = await upload(body);
      expect(res.statusCode, body).toBe(400);
      expect(res.json().code).toBe("MEDIA_TYPE");
    }
    const ok = await upload(
      `<?xml version="1.0"?><svg ${NS} viewBox="0 0 10 10"><rect width="10" height="10" fill="#c00"/><text>ñ ₱</text></svg>`,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const img = await t.app.inject({ method: "GET", url: ok.json().value.url });
    expect(img.headers["content-type"]).toContain("image/svg+xml");
    expect(img.body).toContain("<rect");
    expect(img.body).toContain("ñ ₱");
  });

  it("lets the owner create an operator whose generated password must be changed first", async () => {
    const cookie = await login(OWNER);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/operators",
      headers: { ...H, cookie },
      payload: { username: "finance1", role: "finance" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { password, totpSecret, otpauthUrl } = res.json().value;
    expect(otpauthUrl).toContain("otpauth://totp/");
    const dup = await t.app.inject({
      method: "POST",
      url: "/api/admin/operators",
      headers: { ...H, cookie },
      payload: { username: "finance1", role: "finance" },
    });
    expect(dup.statusCode).toBe(409);

    const fin = await login({ username: "finance1", password, totpSecret });
    const blocked = await t.app.inject({ method: "GET", url: "/api/admin/audit", headers: { cookie: fin } });
    expect(blocked.statusCode).toBe(403);
    const change = await t.app.inject({
      method: "POST",
      url: "/api/admin/session/password",
      headers: { ...H, cookie: fin },
      payload: { oldPassword: password, newPassword: "Finance-new-password-1" },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/admin/audit", headers: { cookie: fin } })).statusCode,
    ).toBe(200);
  });

  it("ends a session on sign-out and after 30 idle minutes", async () => {
    const cookie = await login(OWNER);
    const out = await t.app.inject({
      method: "DELETE",
      url: "/api/admin/session",
      headers: { ...H, cookie },
    });
    expect(out.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/admin/session", headers: { cookie } })).statusCode,
    ).toBe(401);

    const idle = await login(OWNER);
    nowMs += 31 * 60_000;
    const res = await t.app.inject({ method: "GET", url: "/api/admin/session", headers: { cookie: idle } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe("SESSION_EXPIRED");
  });

  it("keeps the audit log append-only", async () => {
    await expect(t.database.exec("DELETE FROM audit_log")).rejects.toThrow(/append-only/);
    await expect(t.database.exec("UPDATE audit_log SET action = 'x'")).rejects.toThrow(/append-only/);
  });
});

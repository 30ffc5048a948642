import { OPTIONAL_REGISTER_FIELDS } from "@panalo/contracts/members";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { members } from "../../db/schema/members.ts";
import { verifyPassword } from "../../lib/passwords.ts";
import { solvedHumanCheck } from "../../testing/human.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { DEFAULT_REGISTER_FIELDS, readRegisterFields, writeRegisterFields } from "./register-fields.ts";

/**
 * The optional registration fields of spec §3/§5, every one switchable by the operator with its
 * required flag, lengths and pattern, served by /wps/system/setting/register and checked again
 * by the server (the form's checks are never trusted); and a number registered once, however
 * many registrations race for it.
 */
describe("registration fields the operator switches", () => {
  let t: TestApp;
  let ipSeq = 0;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const byName = async (body: Record<string, unknown>) =>
    t.app.inject({
      method: "PUT",
      url: "/wps/member/register",
      headers: { "x-lang": "EN" },
      remoteAddress: `10.40.${++ipSeq}.1`,
      payload: {
        humanCheck: await solvedHumanCheck(t.app),
        ageConfirmed: true,
        agree: true,
        password: "secret123",
        confirmPassword: "secret123",
        ...body,
      },
    });
  const paths = (res: { json(): { details?: { path: string; message: string }[] } }) =>
    Object.fromEntries((res.json().details ?? []).map((d) => [d.path, d.message]));
  const allOn = (required: boolean) =>
    Object.fromEntries(
      OPTIONAL_REGISTER_FIELDS.map((f) => [f, { ...DEFAULT_REGISTER_FIELDS[f], enabled: true, required }]),
    ) as typeof DEFAULT_REGISTER_FIELDS; // one entry per field name, as the setting has

  it("serves all thirteen of spec §3's optional fields, off by default but the birthday and invitation code", async () => {
    const v = (await t.app.inject({ method: "GET", url: "/wps/system/setting/register" })).json().value;
    const names = [
      "payeeName",
      "email",
      "qqNum",
      "mobileNum",
      "recommenderId",
      "affiliateCode",
      "paymentPassword",
      "line",
      "whatsapp",
      "facebook",
      "wechat",
      "idNumber",
      "captcha",
    ];
    for (const name of names) expect(v.fields[name], name).toBeDefined();
    expect(v.mobileOnUsernameTab).toEqual({ enabled: false, required: false });
    const on = names.filter((n) => n !== "mobileNum" && v.fields[n].enabled);
    expect(on).toEqual(["affiliateCode"]);
  });

  it("keeps a stored setting from before a field existed, the new fields starting off", async () => {
    await t.database.db.execute(
      // A row as an older version wrote it: four fields only.
      `INSERT INTO settings (key, value) VALUES ('register_fields', '${JSON.stringify({
        email: { ...DEFAULT_REGISTER_FIELDS.email, enabled: true },
        payeeName: DEFAULT_REGISTER_FIELDS.payeeName,
        birthday: DEFAULT_REGISTER_FIELDS.birthday,
        affiliateCode: DEFAULT_REGISTER_FIELDS.affiliateCode,
      })}'::jsonb) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    );
    const read = await readRegisterFields(t.database.db);
    expect(read.email.enabled).toBe(true);
    expect(read.idNumber).toEqual(DEFAULT_REGISTER_FIELDS.idNumber);
  });

  it("refuses each required field left empty and each value against its pattern, creating nothing", async () => {
    await writeRegisterFields(t.database.db, allOn(true));
    const empty = await byName({ username: "Fields01" });
    expect(paths(empty)).toEqual({
      payeeName: "fieldError.required",
      email: "fieldError.required",
      birthday: "fieldError.required",
      mobileNum: "fieldError.required",
      qqNum: "fieldError.required",
      wechat: "fieldError.required",
      whatsapp: "fieldError.required",
      line: "fieldError.required",
      facebook: "fieldError.required",
      idNumber: "fieldError.required",
      recommenderId: "fieldError.required",
      affiliateCode: "fieldError.required",
      paymentPassword: "fieldError.required",
      captcha: "CAPTCHA_REQUIRED",
    });
    const bad = await byName({
      username: "Fields01",
      payeeName: "Juan",
      email: "juan@x.ph",
      birthday: "1990-02-28",
      mobileNum: "8171234567",
      qqNum: "12ab5",
      wechat: "has space",
      whatsapp: "6391",
      line: "ab cd",
      facebook: "x",
      idNumber: "ID-12345",
      recommenderId: "no-such",
      affiliateCode: "A!",
      paymentPassword: "12345a",
      captcha: "12345",
    });
    expect(paths(bad)).toEqual({
      payeeName: "pattern.full_name_space",
      mobileNum: "fieldError.accepted",
      qqNum: "pattern.digits",
      wechat: "pattern.no_spaces",
      whatsapp: "fieldError.length",
      line: "pattern.no_spaces",
      facebook: "fieldError.length",
      idNumber: "pattern.alnum",
      recommenderId: "pattern.alnum",
      affiliateCode: "fieldError.length",
      paymentPassword: "pattern.digits",
    });
    expect((await t.database.db.select().from(members).where(eq(members.username, "fields01"))).length).toBe(
      0,
    );
  });

  it("keeps what the enabled fields give: real name, contacts, ID number, number, transaction password, recommender", async () => {
    const fields = allOn(false);
    await writeRegisterFields(t.database.db, { ...fields, captcha: { ...fields.captcha, enabled: false } });
    const friend = await byName({ username: "Friend01" });
    expect(friend.statusCode, friend.body).toBe(200);
    const unknown = await byName({ username: "Fields02", recommenderId: "nobody99" });
    expect(paths(unknown)).toEqual({ recommenderId: "RECOMMENDER_UNKNOWN" });
    const ok = await byName({
      username: "Fields02",
      payeeName: "Juan Dela Cruz",
      email: "juan@x.ph",
      mobileNum: "09171234500",
      qqNum: "123456",
      wechat: "juanwx",
      whatsapp: "639171234500",
      line: "juanline",
      facebook: "juan.delacruz",
      idNumber: "PSN1234567890",
      recommenderId: "friend01",
      paymentPassword: "246810",
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const [m] = await t.database.db.select().from(members).where(eq(members.username, "fields02"));
    expect(m).toMatchObject({
      realName: "Juan Dela Cruz",
      email: "juan@x.ph",
      mobile: "639171234500",
      idNumber: "PSN1234567890",
      contacts: {
        qq: "123456",
        wechat: "juanwx",
        whatsapp: "639171234500",
        line: "juanline",
        facebook: "juan.delacruz",
      },
    });
    expect(await verifyPassword(m?.txPasswordHash ?? "", "246810")).toBe(true);
    // A field the operator turns off is not taken, whatever the client sends.
    await writeRegisterFields(t.database.db, DEFAULT_REGISTER_FIELDS);
    const off = await byName({ username: "Fields03", idNumber: "PSN999", qqNum: "12345" });
    expect(off.statusCode, off.body).toBe(200);
    const [o] = await t.database.db.select().from(members).where(eq(members.username, "fields03"));
    expect(o).toMatchObject({ idNumber: null, contacts: {} });
  });

  it("registers a number once when registrations race for it", async () => {
    await writeRegisterFields(t.database.db, {
      ...DEFAULT_REGISTER_FIELDS,
      mobileNum: { ...DEFAULT_REGISTER_FIELDS.mobileNum, enabled: true },
    });
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) => byName({ username: `Racer0${i}`, mobileNum: "9176660000" })),
    );
    const codes = results.map((r) => (r.statusCode === 200 ? "OK" : r.json().code)).sort();
    expect(codes).toEqual(["MOBILE_TAKEN", "MOBILE_TAKEN", "MOBILE_TAKEN", "OK"]);
    const rows = await t.database.db.select().from(members).where(eq(members.mobile, "639176660000"));
    expect(rows).toHaveLength(1);
  });
});

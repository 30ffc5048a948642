import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox } from "../../db/schema/messaging.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { phoneCodesFor } from "./phone-codes.ts";

/** The platform's own phone codes: delivered through the SMS adapter (the outbox), 5 minutes, once. */
let nowMs = Date.UTC(2026, 10, 28, 6, 0, 0);
const clock = { now: () => new Date(nowMs) };

describe("the development phone-code service", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { clock });
  });
  afterAll(async () => t.close());

  const codeSentTo = async (mobile: string) => {
    const [row] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, mobile))
      .orderBy(desc(outbox.id))
      .limit(1);
    return /code is (\d{6})/.exec(row?.body ?? "")?.[1] ?? "";
  };

  it("puts the code in the outbox, counts down 5 minutes, and refuses it once expired", async () => {
    const codes = phoneCodesFor(t.config);
    expect(codes).toMatchObject({ provider: "dev", countdownMinutes: 5 });
    await codes.send(t.app.ctx, "nologin", "639178880000");
    const code = await codeSentTo("639178880000");
    expect(code).toMatch(/^\d{6}$/);
    nowMs += 5 * 60_000;
    await expect(codes.check(t.app.ctx, "nologin", "639178880000", code)).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
    });
  });

  it("accepts a fresh code once, and sends nothing when told not to deliver", async () => {
    const codes = phoneCodesFor(t.config);
    await codes.send(t.app.ctx, "register", "639178880001");
    const code = await codeSentTo("639178880001");
    await expect(codes.check(t.app.ctx, "register", "639178880001", code)).resolves.toEqual({
      idToken: null,
    });
    await expect(codes.check(t.app.ctx, "register", "639178880001", code)).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
    });
    await codes.send(t.app.ctx, "nologin", "639178880002", { deliver: false });
    expect(await codeSentTo("639178880002")).toBe("");
    // No token is ever valid without the third-party service.
    await expect(codes.spendToken(t.app.ctx, "639178880001", "a.b.c")).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
    });
  });
});

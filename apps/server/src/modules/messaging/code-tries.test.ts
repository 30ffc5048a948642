import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verificationCodes } from "../../db/schema/messaging.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { consumeCode, issueCode, MAX_CODE_ATTEMPTS } from "./service.ts";

/** A code's tries hold under parallel guesses (SMS login, phone reset). */
describe("verification code tries under parallel guesses", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it("compares at most MAX_CODE_ATTEMPTS guesses of a parallel burst; the right code is dead after them", async () => {
    const ctx = t.app.ctx;
    const code = await issueCode(ctx, "nologin", "639170009999");
    const wrong = code === "000000" ? "111111" : "000000";
    const burst = await Promise.allSettled(
      Array.from({ length: 20 }, () => consumeCode(ctx, "nologin", "639170009999", wrong)),
    );
    expect(burst.every((r) => r.status === "rejected")).toBe(true);
    const [row] = await t.database.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.target, "639170009999"));
    expect(row?.attempts).toBe(MAX_CODE_ATTEMPTS);
    await expect(consumeCode(ctx, "nologin", "639170009999", code)).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
    });
  });
});

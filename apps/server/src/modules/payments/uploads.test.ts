import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerPlayer } from "../../testing/bonus-kit.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { uploadProof } from "../../testing/uploads.ts";

/** Photos members upload (identity documents, receipts) are kept without the camera's metadata. */
describe("member photo uploads", () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    token = (await registerPlayer(t, "exifmember")).token;
  });
  afterAll(async () => t.close());

  const read = async (url: string) =>
    (await t.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${token}` } })).rawPayload;

  it("strips a JPEG's EXIF (the home's GPS position) and keeps the photo upright", async () => {
    // A 4×2 photo a phone stored sideways: orientation 6 says "turn it a quarter clockwise".
    const photo = await sharp({ create: { width: 4, height: 2, channels: 3, background: "#c33" } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Make: "PhoneCo", ImageDescription: "home 14.5995N 120.9842E" } })
      .toBuffer();
    expect(await sharp(photo).metadata()).toMatchObject({ orientation: 6, exif: expect.any(Buffer) });
    const stored = await read(await uploadProof(t.app, token, photo));
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe("jpeg");
    expect(meta.exif).toBeUndefined();
    expect(stored.includes("14.5995")).toBe(false);
    expect(stored.includes("PhoneCo")).toBe(false);
    expect([meta.width, meta.height]).toEqual([2, 4]);
  });

  it("drops a PNG's text and EXIF chunks and keeps its pixels byte for byte", async () => {
    const plain = await sharp({ create: { width: 3, height: 3, channels: 3, background: "#3c3" } })
      .png()
      .toBuffer();
    const tagged = await sharp(plain)
      .png()
      .withExif({ IFD0: { ImageDescription: "home 14.5995N 120.9842E" } })
      .toBuffer();
    expect(tagged.includes("14.5995")).toBe(true);
    const stored = await read(await uploadProof(t.app, token, tagged));
    expect(stored.includes("14.5995")).toBe(false);
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    const pixels = async (b: Buffer) => (await sharp(b).raw().toBuffer()).toString("hex");
    expect(await pixels(stored)).toBe(await pixels(tagged));
  });
});

import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { siteOrigin } from "./site-origin.ts";

/** Return and lobby addresses follow the address the player used, only on our own hosts. */
describe("siteOrigin", () => {
  const config = loadConfig({
    NODE_ENV: "test",
    PUBLIC_URL: "https://panalo.example.ph",
    SITE_HOSTS: "m.panalo.example.ph, Play.Panalo.example.ph:8443",
  });
  const originOf = async (headers: Record<string, string>, trustProxy: boolean | string = false) => {
    const app = Fastify({ trustProxy });
    app.get("/", async (req) => ({ origin: siteOrigin(config, req) }));
    const res = await app.inject({ method: "GET", url: "/", headers, remoteAddress: "10.0.0.9" });
    await app.close();
    return res.json().origin as string;
  };

  it("answers the host the player used when the installation serves it", async () => {
    expect(await originOf({ host: "m.panalo.example.ph" })).toBe("http://m.panalo.example.ph");
    expect(await originOf({ host: "play.panalo.example.ph:8443" })).toBe(
      "http://play.panalo.example.ph:8443",
    );
    expect(await originOf({ host: "panalo.example.ph" })).toBe("http://panalo.example.ph");
  });

  it("never answers a host the installation does not serve (no open redirect)", async () => {
    for (const host of [
      "evil.example",
      "m.panalo.example.ph.evil.example",
      "panalo.example.ph:1234",
      "evil.example#@m.panalo.example.ph",
      "user@m.panalo.example.ph",
      "m.panalo.example.ph/evil",
    ]) {
      expect(await originOf({ host }), host).toBe("https://panalo.example.ph");
    }
  });

  it("believes X-Forwarded-Host and -Proto only from a trusted proxy, and still only for our hosts", async () => {
    const fwd = {
      host: "internal:8080",
      "x-forwarded-host": "m.panalo.example.ph",
      "x-forwarded-proto": "https",
    };
    expect(await originOf(fwd, "10.0.0.9")).toBe("https://m.panalo.example.ph");
    // Not from a trusted proxy: the forwarded headers are ignored and internal:8080 is not ours.
    expect(await originOf(fwd, false)).toBe("https://panalo.example.ph");
    expect(await originOf({ ...fwd, "x-forwarded-host": "evil.example" }, "10.0.0.9")).toBe(
      "https://panalo.example.ph",
    );
  });
});

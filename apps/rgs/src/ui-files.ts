import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { extname, join, normalize, sep } from "node:path";
import type { FastifyInstance, FastifyReply } from "fastify";
import { rgsGame } from "./games.ts";

/** Only the game's own origin may supply anything (issue: "CSP allowing only self"). */
const CSP =
  "default-src 'self'; img-src 'self' data:; media-src 'self' data: blob:; object-src 'none'; " +
  "base-uri 'self'; form-action 'self'; frame-ancestors 'self'";

/** The cockfight arena's: its HLS video may be fetched (hls.js) and played from an https host. */
const COCKFIGHT_CSP = CSP.replace(
  "media-src 'self' data: blob:;",
  "media-src 'self' data: blob: https:; connect-src 'self' https:;",
);

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".mp3": "audio/mpeg",
  ".ogg": "audio/ogg",
  ".json": "application/json",
  ".wasm": "application/wasm",
};

/**
 * The game client built by Vite into `dist` (apps/rgs/dist/ui): the same index.html answers every
 * game, the verify page and the replay page (the client routes by path); hashed assets are
 * cached for a year.
 */
export function uiRoutes(app: FastifyInstance, dist: string): void {
  const assetsDir = join(dist, "assets");
  const sendIndex = async (reply: FastifyReply, csp = CSP) => {
    const file = join(dist, "index.html");
    if (!existsSync(file)) {
      return reply.status(503).type("text/plain; charset=utf-8").send("game client not built");
    }
    reply.header("cache-control", "no-cache");
    reply.header("content-security-policy", csp);
    return reply.type("text/html; charset=utf-8").send(await readFile(file));
  };
  app.get<{ Params: { gameId: string } }>("/games/:gameId", async (req, reply) => {
    if (!rgsGame(req.params.gameId)) {
      return reply.status(404).type("text/plain; charset=utf-8").send("game not found");
    }
    return sendIndex(reply);
  });
  app.get("/verify", async (_req, reply) => sendIndex(reply));
  // A live table: /rgs/tables/<tableId>?token=…&lang=…
  app.get("/tables/:tableId", async (_req, reply) => sendIndex(reply));
  // A bingo room: /rgs/bingo/<roomId>?token=…&lang=…
  app.get("/bingo/:roomId", async (_req, reply) => sendIndex(reply));
  // A fish sea at a stake level: /rgs/fish/<level>?token=…&lang=…
  app.get("/fish/:level", async (_req, reply) => sendIndex(reply));
  // A crash room: /rgs/crash/<roomId>?token=…&lang=…
  app.get("/crash/:roomId", async (_req, reply) => sendIndex(reply));
  // The cockfight arena: /rgs/cockfight/<gameCode>?token=…&lang=… (its video may come from
  // the operator's streaming host: HLS playlists and segments are fetched over https).
  app.get("/cockfight/:gameCode", async (_req, reply) => sendIndex(reply, COCKFIGHT_CSP));
  // A PVP card table: /rgs/cards/<tableId>?token=…&lang=… (docs/cards.md)
  app.get("/cards/:tableId", async (_req, reply) => sendIndex(reply));
  // One round of the player's history, opened from the platform's betting record (signed link).
  app.get("/replay/:roundId", async (_req, reply) => sendIndex(reply));
  app.get<{ Params: { "*": string } }>("/assets/*", async (req, reply) => {
    const rel = normalize(req.params["*"] ?? "");
    const file = join(assetsDir, rel);
    // Never outside the assets folder (".." or an absolute path).
    if (!file.startsWith(assetsDir + sep) || !existsSync(file)) {
      return reply.status(404).type("text/plain; charset=utf-8").send("not found");
    }
    reply.header("cache-control", "public, max-age=31536000, immutable");
    reply.header("content-security-policy", CSP);
    return reply.type(TYPES[extname(file)] ?? "application/octet-stream").send(await readFile(file));
  });
}

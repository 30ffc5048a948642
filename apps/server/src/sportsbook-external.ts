import { type ForwardedIdentity, identityHeaders } from "@panalo/sportsbook/identity";
import type { FastifyInstance, FastifyRequest } from "fastify";
import WebSocket from "ws";
import { z } from "zod";
import type { AppContext } from "./lib/context.ts";
import { AppError, Errors } from "./lib/errors.ts";
import { messageFor } from "./lib/messages.ts";
import { operatorOf, requireOperator } from "./lib/operator-guard.ts";
import { requestLang } from "./lib/route.ts";
import { memberOf, memberRecord, requireMember } from "./modules/members/service.ts";
import { inHouseProviderSecret, verifyProviderSignature } from "./modules/providers/service.ts";
import { sportsHost } from "./sportsbook.ts";

/**
 * The sportsbook in a process of its own (SPORTSBOOK_MODE=external, apps/sportsbook/src/main.ts at
 * SPORTSBOOK_URL). The platform keeps the book's paths (/api/sports/*, /api/admin/sports/*, the
 * odds socket) and forwards each call there, with the caller's member or operator session as it
 * found it, signed (identity.ts); the book's refusals come back as codes and the platform writes
 * their text in the caller's language. The book asks the platform for what it does not keep
 * (members, launch tokens, the audit trail) through the host API, `/provider/PNSB/host/<call>`,
 * signed with the PNSB protocol secret like every provider call; its money goes through the
 * provider protocol as always.
 */
export async function externalSportsbook(
  app: FastifyInstance,
  ctx: AppContext,
  baseUrl: string,
  timeoutMs: number,
) {
  const base = baseUrl.replace(/\/+$/, "");
  const secret = inHouseProviderSecret(ctx.config.APP_SECRET ?? "", "PNSB");
  const member = requireMember(ctx);

  /** The caller as the platform's guards see it (a refusal kept for the calls that need a session). */
  const identityOf = async (req: FastifyRequest): Promise<ForwardedIdentity> => {
    const who: ForwardedIdentity = {};
    if (req.url.startsWith("/api/admin/")) {
      try {
        await requireOperator(ctx, null)(req);
        const op = operatorOf(req);
        who.operator = {
          id: op.id,
          username: op.username,
          permissions: [...op.permissions],
          mustChangePassword: op.mustChangePassword,
        };
      } catch (err) {
        if (err instanceof AppError) who.operatorRefused = { code: err.code, status: err.httpStatus };
        else throw err;
      }
    } else if (req.headers.authorization) {
      try {
        await member(req);
        const id = memberOf(req).id;
        who.member = { id, currency: (await memberRecord(ctx.db, id))?.currency ?? "PHP" };
      } catch (err) {
        if (err instanceof AppError) who.memberRefused = { code: err.code, status: err.httpStatus };
        else throw err;
      }
    }
    return who;
  };

  const forwarded = ["content-type", "x-lang", "x-requested-with", "x-signature", "user-agent"];
  await app.register(async (scope) => {
    // Bodies pass as they came: the feed's signature is over its exact text.
    scope.addContentTypeParser(
      "application/json",
      { parseAs: "string", bodyLimit: 256 * 1024 },
      (_r, body, done) => done(null, body),
    );
    const handler = async (req: FastifyRequest, reply: import("fastify").FastifyReply) => {
      // The body goes on as it came, and the caller's identity is signed over that same text.
      const body =
        req.method === "GET" || req.method === "HEAD" || typeof req.body !== "string" ? undefined : req.body;
      const headers: Record<string, string> = {
        ...identityHeaders(secret, req.method, req.url, await identityOf(req), body ?? "", ctx.clock.now()),
        "x-forwarded-for": req.ip,
      };
      for (const h of forwarded) {
        const v = req.headers[h];
        if (typeof v === "string") headers[h] = v;
      }
      let res: Response;
      try {
        res = await fetch(`${base}${req.url}`, {
          method: req.method,
          headers,
          body,
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch {
        throw new AppError("SERVICE_UNAVAILABLE", 503);
      }
      const text = await res.text();
      for (const h of ["content-type", "content-disposition", "cache-control", "retry-after"]) {
        const v = res.headers.get(h);
        if (v) reply.header(h, v);
      }
      reply.status(res.status);
      if (res.status >= 400 && (res.headers.get("content-type") ?? "").includes("json")) {
        // The book's refusal: its code and values, the text the platform's (the caller's language).
        try {
          const body = JSON.parse(text) as {
            success?: boolean;
            code?: string;
            params?: Record<string, string>;
          };
          if (body.success === false && typeof body.code === "string") {
            const { params, ...rest } = body;
            return reply.send({ ...rest, message: messageFor(body.code, requestLang(req), params ?? {}) });
          }
        } catch {}
      }
      return reply.send(text);
    };
    for (const url of ["/api/sports/*", "/api/admin/sports/*"]) {
      scope.route({ method: ["GET", "POST", "PUT", "DELETE", "PATCH"], url, handler });
    }
    // The public odds socket, relayed to the book's.
    scope.get("/api/sports/live", { websocket: true }, (socket) => {
      const upstream = new WebSocket(`${base.replace(/^http/, "ws")}/api/sports/live`);
      const early: string[] = [];
      socket.on("message", (raw: Buffer) => {
        if (upstream.readyState === WebSocket.OPEN) upstream.send(raw.toString());
        else early.push(raw.toString());
      });
      upstream.on("open", () => {
        for (const m of early.splice(0)) upstream.send(m);
      });
      upstream.on("message", (data) => {
        if (socket.readyState === socket.OPEN) socket.send(data.toString());
      });
      upstream.on("close", () => socket.close());
      upstream.on("error", () => socket.close());
      socket.on("close", () => upstream.close());
    });
  });

  // The host API: what the platform answers the book, signed as the provider protocol is.
  const host = sportsHost(ctx);
  const bodies = {
    "member-currency": z.object({ memberId: z.number().int().positive() }),
    "member-names": z.object({ ids: z.array(z.number().int().positive()).max(10_000) }),
    "play-gate": z.object({ memberId: z.number().int().positive(), at: z.string().datetime() }),
    "launch-token": z.object({ memberId: z.number().int().positive(), vendor: z.enum(["PNSB", "PNES"]) }),
    "ensure-vendors": z.object({}),
    "feed-signature": z.object({
      vendor: z.string().max(40),
      signature: z.string().max(200).nullable(),
      raw: z.string(),
    }),
    audit: z.object({
      entry: z.object({
        operatorId: z.number().int(),
        operatorName: z.string().max(100),
        action: z.string().max(40),
        entityType: z.string().max(60),
        entityId: z.string().max(100).nullable(),
        before: z.unknown(),
        after: z.unknown(),
        ip: z.string().max(100),
      }),
    }),
  } as const;
  type Call = keyof typeof bodies;
  const parse = <S extends z.ZodType>(schema: S, body: unknown): z.infer<S> => {
    const r = schema.safeParse(body);
    if (!r.success)
      throw Errors.validation(r.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })));
    return r.data;
  };
  // The book's vendors (PNSB, PNES) and their catalogue rows, before the first signed call is checked.
  let vendors: Promise<void> | null = null;
  const vendorsReady = () => {
    vendors ??= host.ensureVendors().catch((err: unknown) => {
      vendors = null;
      throw err;
    });
    return vendors;
  };
  const answer = async (call: Call, body: unknown): Promise<unknown> => {
    switch (call) {
      case "member-currency": {
        const b = parse(bodies[call], body);
        return { currency: await host.memberCurrency(b.memberId) };
      }
      case "member-names": {
        const b = parse(bodies[call], body);
        return { names: [...(await host.memberNames(b.ids))] };
      }
      case "play-gate": {
        const b = parse(bodies[call], body);
        return { code: await host.playGate(b.memberId, new Date(b.at)) };
      }
      case "launch-token": {
        const b = parse(bodies[call], body);
        return { token: await host.launchToken(b.memberId, b.vendor) };
      }
      case "ensure-vendors":
        await host.ensureVendors();
        return {};
      case "feed-signature": {
        const b = parse(bodies[call], body);
        await host.verifyFeedSignature(b.vendor, b.signature ?? undefined, b.raw);
        return {};
      }
      case "audit": {
        const b = parse(bodies[call], body);
        await host.audit({ ...b.entry, before: b.entry.before ?? null, after: b.entry.after ?? null });
        return {};
      }
    }
  };
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      "application/json",
      { parseAs: "string", bodyLimit: 1024 * 1024 },
      (_r, body, done) => done(null, body),
    );
    scope.post("/provider/PNSB/host/:call", async (req) => {
      const { call } = req.params as { call: string };
      if (!(call in bodies)) throw Errors.notFound("call");
      const raw = typeof req.body === "string" ? req.body : "";
      const sig = req.headers["x-signature"];
      await vendorsReady();
      await verifyProviderSignature(ctx, "PNSB", Array.isArray(sig) ? sig[0] : sig, raw);
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        throw Errors.validation([{ path: "", message: "invalid JSON" }]);
      }
      return { success: true, value: await answer(call as Call, body) };
    });
  });
}

import { parsePart } from "@panalo/service-kit/input";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { type Lang, parseLang } from "./messages.ts";

type Method = "GET" | "POST" | "PUT" | "DELETE" | "PATCH";

export interface RouteInput<B, Q, P> {
  body: B;
  query: Q;
  params: P;
  req: FastifyRequest;
  reply: FastifyReply;
  lang: Lang;
  ip: string;
}

interface RouteSpec<B extends z.ZodType, Q extends z.ZodType, P extends z.ZodType> {
  method: Method | Method[];
  url: string;
  body?: B;
  query?: Q;
  params?: P;
  /** Guards run in order before the handler (auth, rate limits, permissions). */
  guards?: Array<(req: FastifyRequest) => Promise<void> | void>;
}

/**
 * One route: validate each part with its zod schema (a failure is VALIDATION_ERROR with the
 * field paths), run the guards, call the handler, wrap its value in the spec's envelope. On the
 * back office (/api/admin/) the guards run first.
 */
export function route<
  B extends z.ZodType = z.ZodUnknown,
  Q extends z.ZodType = z.ZodUnknown,
  P extends z.ZodType = z.ZodUnknown,
>(
  app: FastifyInstance,
  spec: RouteSpec<B, Q, P>,
  handler: (input: RouteInput<z.infer<B>, z.infer<Q>, z.infer<P>>) => Promise<unknown>,
): void {
  // Every declared route is described in the OpenAPI document served at /docs.
  app.ctx.apiDocs.push({
    methods: Array.isArray(spec.method) ? spec.method : [spec.method],
    url: app.prefix + spec.url,
    body: spec.body,
    query: spec.query,
    params: spec.params,
  });
  // The back office checks who calls before what is sent: a caller without the right gets its
  // 401/403, never a validation answer that describes the call's schema.
  const guardsFirst = `${app.prefix}${spec.url}`.startsWith("/api/admin/");
  const guard = async (req: FastifyRequest) => {
    for (const g of spec.guards ?? []) await g(req);
  };
  app.route({
    method: spec.method,
    url: spec.url,
    handler: async (req, reply) => {
      if (guardsFirst) await guard(req);
      const body = parsePart(spec.body, req.body);
      const query = parsePart(spec.query, req.query);
      const params = parsePart(spec.params, req.params);
      if (!guardsFirst) await guard(req);
      const value = await handler({
        body,
        query,
        params,
        req,
        reply,
        lang: requestLang(req),
        ip: req.ip,
      });
      if (reply.sent) return reply;
      return { success: true, value: value ?? null };
    },
  });
}

/** The caller's language: the X-Lang header the site sends, else the default (TY). */
export function requestLang(req: FastifyRequest): Lang {
  return parseLang(req.headers["x-lang"]);
}

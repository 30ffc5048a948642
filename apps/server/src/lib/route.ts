import { declareRoute, type RouteSpec } from "@panalo/service-kit/route";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { type Lang, parseLang } from "./messages.ts";

export interface RouteInput<B, Q, P> {
  body: B;
  query: Q;
  params: P;
  req: FastifyRequest;
  reply: FastifyReply;
  lang: Lang;
  ip: string;
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
  declareRoute(
    app,
    spec,
    (entry) => app.ctx.apiDocs.push(entry),
    (parts, req, reply) => handler({ ...parts, req, reply, lang: requestLang(req), ip: req.ip }),
  );
}

/** The caller's language: the X-Lang header the site sends, else the default (TY). */
export function requestLang(req: FastifyRequest): Lang {
  return parseLang(req.headers["x-lang"]);
}

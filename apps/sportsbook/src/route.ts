import { declareRoute, type RouteSpec } from "@panalo/service-kit/route";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { ApiDoc } from "./context.ts";

export interface RouteInput<B, Q, P> {
  body: B;
  query: Q;
  params: P;
  req: FastifyRequest;
  reply: FastifyReply;
  ip: string;
}

/** Where declared routes are listed (the host's OpenAPI document), per Fastify instance. */
const docsOf = new WeakMap<object, ApiDoc[]>();
export function listRoutesIn(app: FastifyInstance, docs: ApiDoc[]): void {
  docsOf.set(app, docs);
}

/**
 * One route, as the platform's are: validate each part with its zod schema (a failure is
 * VALIDATION_ERROR with the field paths), run the guards, call the handler, wrap its value in
 * the `{ success, value }` envelope. On the back office (/api/admin/) the guards run first, so a
 * caller without the right gets its 401/403, never a description of the call's schema.
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
  declareRoute(
    app,
    spec,
    (entry) => docsOf.get(app)?.push(entry),
    (parts, req, reply) => handler({ ...parts, req, reply, ip: req.ip }),
  );
}

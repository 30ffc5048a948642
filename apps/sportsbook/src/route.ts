import { parsePart } from "@panalo/service-kit/input";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { ApiDoc } from "./context.ts";

type Method = "GET" | "POST" | "PUT" | "DELETE" | "PATCH";

export interface RouteInput<B, Q, P> {
  body: B;
  query: Q;
  params: P;
  req: FastifyRequest;
  reply: FastifyReply;
  ip: string;
}

interface RouteSpec<B extends z.ZodType, Q extends z.ZodType, P extends z.ZodType> {
  method: Method | Method[];
  url: string;
  body?: B;
  query?: Q;
  params?: P;
  /** Guards run in order before the handler (sign-in, permissions). */
  guards?: Array<(req: FastifyRequest) => Promise<void> | void>;
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
  docsOf.get(app)?.push({
    methods: Array.isArray(spec.method) ? spec.method : [spec.method],
    url: app.prefix + spec.url,
    body: spec.body,
    query: spec.query,
    params: spec.params,
  });
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
      const value = await handler({ body, query, params, req, reply, ip: req.ip });
      if (reply.sent) return reply;
      return { success: true, value: value ?? null };
    },
  });
}

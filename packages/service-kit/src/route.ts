import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { parsePart } from "./input.ts";

type Method = "GET" | "POST" | "PUT" | "DELETE" | "PATCH";

/** A route as every server app declares it: its parts' schemas and its guards. */
export interface RouteSpec<B extends z.ZodType, Q extends z.ZodType, P extends z.ZodType> {
  method: Method | Method[];
  url: string;
  body?: B;
  query?: Q;
  params?: P;
  /** Guards run in order before the handler (sign-in, rate limits, permissions). */
  guards?: Array<(req: FastifyRequest) => Promise<void> | void>;
}

/** A declared route as the app's OpenAPI document lists it. */
export interface RouteDoc {
  methods: Method[];
  url: string;
  body: z.ZodType | undefined;
  query: z.ZodType | undefined;
  params: z.ZodType | undefined;
}

/**
 * One route, the same in every server app: listed with `doc`; each part validated with its zod
 * schema (a failure is VALIDATION_ERROR with the field paths); the guards run; the handler's
 * value wrapped in the spec's `{ success, value }` envelope. On the back office (/api/admin/)
 * the guards run first, so a caller without the right gets its 401/403, never a validation
 * answer that describes the call's schema.
 */
export function declareRoute<B extends z.ZodType, Q extends z.ZodType, P extends z.ZodType>(
  app: FastifyInstance,
  spec: RouteSpec<B, Q, P>,
  doc: (entry: RouteDoc) => void,
  handler: (
    parts: { body: z.infer<B>; query: z.infer<Q>; params: z.infer<P> },
    req: FastifyRequest,
    reply: FastifyReply,
  ) => Promise<unknown>,
): void {
  doc({
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
      const value = await handler({ body, query, params }, req, reply);
      if (reply.sent) return reply;
      return { success: true, value: value ?? null };
    },
  });
}

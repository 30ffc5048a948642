import { findNul } from "@panalo/contracts/input";
import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import { validationError } from "./errors.ts";

/**
 * One part of a call (body, query or path parameters) checked against its schema: the parsed
 * value, or VALIDATION_ERROR naming the first refused field. No text of any call may hold a NUL:
 * PostgreSQL refuses it in text columns (a 500 otherwise). Without a schema the part is passed on
 * as it came (the handler ignores it).
 */
export function parsePart<S extends z.ZodType>(schema: S | undefined, data: unknown): z.infer<S> {
  const nulAt = findNul(data);
  if (nulAt !== null) throw validationError([{ path: nulAt, message: "nul_char" }]);
  if (!schema) return data as z.infer<S>;
  const parsed = schema.safeParse(data ?? {});
  if (!parsed.success) {
    throw validationError(parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })));
  }
  return parsed.data;
}

/**
 * Every route's hook: no path parameter, query value or body string may hold a NUL, whichever
 * way the route reads its input — a refused query must be a 400 VALIDATION_ERROR, never a 500.
 */
export async function rejectNul(req: FastifyRequest): Promise<void> {
  for (const part of [req.params, req.query, req.body]) {
    const at = findNul(part);
    if (at !== null) throw validationError([{ path: at, message: "nul_char" }]);
  }
}

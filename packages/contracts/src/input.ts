import { z } from "zod";

/**
 * Strict readers of the small values every call carries: ids, page numbers, counts. A value is
 * digits only (a JSON number must be a whole number in range); a sign, a space, an exponent
 * ("1e3"), a point or a value beyond the column's range is a VALIDATION_ERROR naming the field,
 * never a silent rewrite and never a database error (a 500).
 */
export const INT4_MAX = 2_147_483_647;

/** A whole number within [min, max], from digits ("42") or a JSON integer (42). */
export function intInput(min: number, max: number, message = "int_invalid") {
  const digits = new RegExp(`^\\d{1,${String(max).length}}$`);
  return z
    .union([z.string({ error: message }), z.number({ error: message })], { error: message })
    .transform((v, ctx) => {
      const n = typeof v === "number" ? v : digits.test(v) ? Number(v) : Number.NaN;
      if (!Number.isSafeInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return n;
    });
}

/** An id of an `integer`/`serial` column: 1 … 2147483647. */
export const Id = intInput(1, INT4_MAX, "id_invalid");
/** An id of a `bigint`/`bigserial` column read as a JS number: 1 … 2^53 − 1. */
export const BigId = intInput(1, Number.MAX_SAFE_INTEGER, "id_invalid");
/** `/:id` of a serial table. */
export const IdParams = z.object({ id: Id });
/** `/:id` of a bigserial table. */
export const BigIdParams = z.object({ id: BigId });
/** A 1-based page number. */
export const PageNo = intInput(1, 100_000);
/** A page size up to `max`. */
export const pageSize = (max: number) => intInput(1, max);

/**
 * The path of the first string in a request part that holds a NUL character (U+0000), or null.
 * PostgreSQL refuses NUL in text, so such a value must be refused before any query.
 */
export function findNul(value: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? path.join(".") : null;
  if (depth > 32 || value === null || typeof value !== "object") return null;
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (k.includes("\u0000")) return [...path, "(key)"].join(".");
    const found = findNul(v, [...path, k], depth + 1);
    if (found !== null) return found;
  }
  return null;
}

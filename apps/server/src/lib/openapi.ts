import { z } from "zod";
import type { ApiDoc } from "./context.ts";

/**
 * The OpenAPI 3.1 document of every route declared through `route()`, generated from the same
 * zod schemas the server validates with, so the document cannot drift from the code.
 */
export function openApiDocument(docs: ApiDoc[]): unknown {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const d of docs) {
    const path = d.url.replace(/:(\w+)/g, "{$1}");
    const entry = paths[path] ?? {};
    for (const method of d.methods) {
      entry[method.toLowerCase()] = {
        parameters: [...parameters(d.query, "query"), ...parameters(d.params, "path")],
        ...(d.body
          ? { requestBody: { required: true, content: { "application/json": { schema: toSchema(d.body) } } } }
          : {}),
        responses: {
          "200": { description: "`{ success: true, value }`" },
          "4XX": { description: "`{ success: false, code, message, details? }`" },
        },
      };
    }
    paths[path] = entry;
  }
  return { openapi: "3.1.0", info: { title: "Panalo API", version: "1" }, paths };
}

function toSchema(schema: z.ZodType): unknown {
  return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
}

function parameters(schema: z.ZodType | undefined, where: "query" | "path"): unknown[] {
  if (!schema) return [];
  const json = toSchema(schema) as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({
    name,
    in: where,
    required: where === "path" || (json.required ?? []).includes(name),
    schema: s,
  }));
}

export function openApiHtml(docs: ApiDoc[]): string {
  const rows = docs
    .map((d) => `<tr><td>${d.methods.join(", ")}</td><td><code>${escapeHtml(d.url)}</code></td></tr>`)
    .join("");
  return `<!doctype html><html lang="en"><meta charset="utf-8"><title>Panalo API</title>
<style>body{font:14px system-ui;margin:2rem}td{padding:.25rem .75rem;border-bottom:1px solid #ddd}</style>
<h1>Panalo API</h1><p>Machine-readable: <a href="/docs/openapi.json">openapi.json</a></p>
<table><tbody>${rows}</tbody></table></html>`;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

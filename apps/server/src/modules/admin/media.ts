import { createHash } from "node:crypto";
import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import type { Executor } from "../../db/client.ts";
import { recordAudit } from "../../lib/audit.ts";
import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import { MAX_MEDIA_BYTES, sniffImage } from "../../lib/images.ts";
import { operatorOf, requireOperator } from "../../lib/operator-guard.ts";
import { storeMediaBytes } from "../content/service.ts";

type Purifier = { sanitize: (dirty: string, cfg: object) => Node; removed: unknown[] };
type SvgTools = { purify: Purifier; serialize: (n: Node) => string };
let svgTools: Promise<SvgTools> | undefined;
/** DOMPurify on a jsdom window, loaded on the first SVG (the server starts without it). */
function loadSvgTools(): Promise<SvgTools> {
  svgTools ??= (async () => {
    const [{ JSDOM }, { default: createPurify }] = await Promise.all([import("jsdom"), import("dompurify")]);
    const { window } = new JSDOM("");
    const purify = createPurify(
      window as unknown as Parameters<typeof createPurify>[0],
    ) as unknown as Purifier;
    const xml = new window.XMLSerializer();
    return { purify, serialize: (n) => xml.serializeToString(n) };
  })();
  return svgTools;
}

/**
 * An SVG as it may be served, or null when it carried anything DOMPurify's SVG profile removes:
 * script, event handlers, `javascript:` links however their characters are encoded, SMIL
 * `<set>`/`<animate>` (which can rewrite a link at run time), `<use>` of outside or `data:`
 * documents, `<foreignObject>`. Such an image is refused, never silently altered. What is stored
 * is the sanitiser's own rendering, serialised as XML, so a construct it did not see the way a
 * browser would (a DOCTYPE's entities, a processing instruction) is never served.
 */
export async function cleanSvg(bytes: Buffer): Promise<Buffer | null> {
  const { purify, serialize } = await loadSvgTools();
  const body = purify.sanitize(bytes.toString("utf8"), {
    USE_PROFILES: { svg: true, svgFilters: true },
    RETURN_DOM: true,
  }) as Element;
  // DOMPurify reports the document's own <body> it parsed into; anything else it took out refuses.
  const removed = purify.removed.filter((r) => !((r as { element?: Node }).element?.nodeName === "BODY"));
  const root = body.firstElementChild;
  if (removed.length > 0 || !root || root.nodeName.toLowerCase() !== "svg" || body.children.length !== 1) {
    return null;
  }
  return Buffer.from(serialize(root), "utf8");
}

/** Store image bytes once (by content hash) and answer its URL. */
export async function storeMedia(exec: Executor, bytes: Buffer, contentType: string): Promise<string> {
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const id = await storeMediaBytes(exec, bytes, contentType, sha256);
  if (id === undefined) throw Errors.internal();
  return `/media/${id}`;
}

export async function mediaRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: MAX_MEDIA_BYTES, files: 1, fields: 5 } });
    scope.post(
      "/api/admin/media",
      { preHandler: async (req) => requireOperator(ctx, "content.write")(req) },
      async (req) => {
        if (!req.isMultipart()) throw Errors.bad("MEDIA_TYPE");
        const file = await req.file();
        if (!file) throw Errors.bad("MEDIA_TYPE");
        let bytes: Buffer;
        try {
          bytes = await file.toBuffer();
        } catch {
          throw Errors.bad("MEDIA_TOO_LARGE");
        }
        if (file.file.truncated) throw Errors.bad("MEDIA_TOO_LARGE");
        const type = sniffImage(bytes);
        if (!type) throw Errors.bad("MEDIA_TYPE");
        if (type === "image/svg+xml") {
          const clean = await cleanSvg(bytes);
          if (!clean) throw Errors.bad("MEDIA_TYPE");
          bytes = clean;
        }
        const url = await storeMedia(ctx.db, bytes, type);
        const op = operatorOf(req);
        await recordAudit(ctx.db, {
          operatorId: op.id,
          operatorName: op.username,
          action: "create",
          entityType: "media",
          entityId: url,
          before: null,
          after: { url, type, bytes: bytes.length },
          ip: req.ip,
        });
        return { success: true, value: { url } };
      },
    );
  });
}

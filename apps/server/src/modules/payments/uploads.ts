import { createHash, randomBytes } from "node:crypto";
import fastifyMultipart from "@fastify/multipart";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import type { Executor } from "../../db/client.ts";
import { memberUploads } from "../../db/schema/content.ts";
import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import { withoutMetadata } from "../../lib/image-metadata.ts";
import { MAX_MEDIA_BYTES, requireOperator, sniffImage } from "../admin/service.ts";
import { memberOf, requireMember } from "../members/service.ts";

/**
 * Members' private files: deposit proofs, receipt proofs, later KYC documents.
 * Each is stored for its member under a random 128-bit id (never a sequence, never shared by
 * content hash with another member) and served only to that member (`/wps/member/uploads/<id>`,
 * bearer token) or to an operator with the permission (`/api/admin/uploads/<id>`, back-office
 * session), with `Cache-Control: private, no-store`. Public media (banners, logos) stay in `media`.
 */
export const MEMBER_UPLOAD_PATH = "/wps/member/uploads/";
const UploadId = z.string().regex(/^[0-9a-f]{32,64}$/);
export const MemberUploadUrl = z.string().regex(/^\/wps\/member\/uploads\/[0-9a-f]{32,64}$/, "upload_url");

export async function storeMemberUpload(
  exec: Executor,
  memberId: number,
  bytes: Buffer,
  contentType: string,
): Promise<string> {
  const id = randomBytes(16).toString("hex");
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  await exec.insert(memberUploads).values({ id, memberId, contentType, bytes, sha256 });
  return `${MEMBER_UPLOAD_PATH}${id}`;
}

/**
 * A proof must name an upload of the member who submits it: anything else (another member's
 * upload, a public image, a made-up id) is refused as a validation error on `field`.
 */
export async function requireOwnUpload(
  exec: Executor,
  memberId: number,
  url: string,
  field: string,
): Promise<void> {
  const id = url.startsWith(MEMBER_UPLOAD_PATH) ? url.slice(MEMBER_UPLOAD_PATH.length) : "";
  const ok =
    UploadId.safeParse(id).success &&
    (
      await exec
        .select({ id: memberUploads.id })
        .from(memberUploads)
        .where(and(eq(memberUploads.id, id), eq(memberUploads.memberId, memberId)))
    ).length > 0;
  if (!ok) throw Errors.validation([{ path: field, message: "PROOF_NOT_YOURS" }]);
}

/** What the back office links to for a member's upload URL (its own, permission-checked path). */
export const adminUploadUrl = (url: string | null) =>
  url?.startsWith(MEMBER_UPLOAD_PATH) ? `/api/admin/uploads/${url.slice(MEMBER_UPLOAD_PATH.length)}` : url;

/** A member's upload by its id (any member): for a module's own permission-checked back-office path. */
export async function readMemberUpload(
  exec: Executor,
  id: string,
): Promise<{ contentType: string; bytes: Buffer } | undefined> {
  if (!UploadId.safeParse(id).success) return undefined;
  const [row] = await exec
    .select({ contentType: memberUploads.contentType, bytes: memberUploads.bytes })
    .from(memberUploads)
    .where(eq(memberUploads.id, id));
  return row;
}

export function sendPrivate(reply: FastifyReply, row: { contentType: string; bytes: Buffer }) {
  reply.header("cache-control", "private, no-store");
  reply.header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  reply.header("content-disposition", "inline");
  return reply.type(row.contentType).send(row.bytes);
}

export async function memberUploadRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const find = async (id: string, memberId?: number) => {
    if (!UploadId.safeParse(id).success) return undefined;
    const [row] = await ctx.db
      .select({ contentType: memberUploads.contentType, bytes: memberUploads.bytes })
      .from(memberUploads)
      .where(
        memberId === undefined
          ? eq(memberUploads.id, id)
          : and(eq(memberUploads.id, id), eq(memberUploads.memberId, memberId)),
      );
    return row;
  };

  // The owner only: anyone else gets the same 404 as for an id that does not exist.
  app.get<{ Params: { id: string } }>(
    `${MEMBER_UPLOAD_PATH}:id`,
    { preHandler: requireMember(ctx) },
    async (req, reply) => {
      const row = await find(req.params.id, memberOf(req).id);
      if (!row) throw Errors.notFound("file");
      return sendPrivate(reply, row);
    },
  );
  // Operators who decide deposits and withdrawals.
  app.get<{ Params: { id: string } }>(
    "/api/admin/uploads/:id",
    { preHandler: requireOperator(ctx, "finance.read") },
    async (req, reply) => {
      const row = await find(req.params.id);
      if (!row) throw Errors.notFound("file");
      return sendPrivate(reply, row);
    },
  );

  // Proof images from members (a withdrawal not received, a bank-transfer deposit): PNG or JPG, ≤ 5 MB.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: MAX_MEDIA_BYTES, files: 1, fields: 2 } });
    scope.post("/wps/member/upload", { preHandler: requireMember(ctx, { realOnly: true }) }, async (req) => {
      const memberId = memberOf(req).id;
      const tries = await ctx.store.incr(`upload:${memberId}`, 60 * 60_000);
      if (tries > 30) throw Errors.rateLimited(3600);
      const file = req.isMultipart() ? await req.file() : undefined;
      if (!file) throw Errors.bad("MEDIA_TYPE");
      const bytes = await file.toBuffer().catch(() => {
        throw Errors.bad("MEDIA_TOO_LARGE");
      });
      if (file.file.truncated) throw Errors.bad("MEDIA_TOO_LARGE");
      const type = sniffImage(bytes);
      if (type !== "image/png" && type !== "image/jpeg") throw Errors.bad("MEDIA_TYPE");
      // Identity photos and receipts are kept without the camera's metadata (its GPS position).
      const clean = await withoutMetadata(bytes, type);
      if (!clean) throw Errors.bad("MEDIA_TYPE");
      return { success: true, value: { url: await storeMemberUpload(ctx.db, memberId, clean, type) } };
    });
  });
}

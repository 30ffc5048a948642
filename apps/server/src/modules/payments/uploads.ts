import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import { withoutMetadata } from "../../lib/image-metadata.ts";
import { MAX_MEDIA_BYTES, sniffImage } from "../../lib/images.ts";
import { MEMBER_UPLOAD_PATH, sendPrivate, storeMemberUpload, UploadId } from "../../lib/member-uploads.ts";
import { requireOperator } from "../../lib/operator-guard.ts";
import { memberOf, memberUpload, requireMember } from "../members/service.ts";

/**
 * The calls that take and serve members' private files (lib/member-uploads.ts stores them):
 * the member's own upload, and the permission-checked back-office path to any upload.
 */
export async function memberUploadRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const find = async (id: string, memberId?: number) => {
    if (!UploadId.safeParse(id).success) return undefined;
    return memberUpload(ctx.db, id, memberId);
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

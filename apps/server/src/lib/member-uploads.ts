import { createHash, randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import { z } from "zod";
import type { Executor } from "../db/client.ts";
import { memberUploads } from "../db/schema/members.ts";
import { Errors } from "./errors.ts";

/**
 * Members' private files, stored here for every module that takes one (payments' deposit and
 * receipt proofs, promotions' and feedback's pictures, chat's images); payments/uploads.ts has
 * the calls that take and serve them.
 * Each is stored for its member under a random 128-bit id (never a sequence, never shared by
 * content hash with another member) and served only to that member (`/wps/member/uploads/<id>`,
 * bearer token) or to an operator with the permission (`/api/admin/uploads/<id>`, back-office
 * session), with `Cache-Control: private, no-store`. Public media (banners, logos) stay in `media`.
 */
export const MEMBER_UPLOAD_PATH = "/wps/member/uploads/";
export const UploadId = z.string().regex(/^[0-9a-f]{32,64}$/);
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

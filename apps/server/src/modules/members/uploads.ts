import type { FastifyReply } from "fastify";
import { z } from "zod";
import type { Executor } from "../../db/client.ts";
import { Errors } from "../../lib/errors.ts";
import { uploadById, uploadOwnedBy } from "./repo.ts";

/**
 * Members' private files as the members module uses them (avatars, KYC documents): each is
 * stored for its member under a random id and served only to that member or to an operator
 * with the permission, with `Cache-Control: private, no-store`. The payments module stores
 * deposit and receipt proofs in the same table under the same path and rules.
 */
export const MEMBER_UPLOAD_PATH = "/wps/member/uploads/";
const UploadId = z.string().regex(/^[0-9a-f]{32,64}$/);

/**
 * A picture or document must name an upload of the member who submits it: anything else
 * (another member's upload, a public image, a made-up id) is refused as a validation error on
 * `field`.
 */
export async function requireOwnUpload(
  exec: Executor,
  memberId: number,
  url: string,
  field: string,
): Promise<void> {
  const id = url.startsWith(MEMBER_UPLOAD_PATH) ? url.slice(MEMBER_UPLOAD_PATH.length) : "";
  const ok = UploadId.safeParse(id).success && (await uploadOwnedBy(exec, id, memberId));
  if (!ok) throw Errors.validation([{ path: field, message: "PROOF_NOT_YOURS" }]);
}

/** A member's upload by its id (any member): for a permission-checked back-office path. */
export async function readMemberUpload(
  exec: Executor,
  id: string,
): Promise<{ contentType: string; bytes: Buffer } | undefined> {
  if (!UploadId.safeParse(id).success) return undefined;
  return uploadById(exec, id);
}

export function sendPrivate(reply: FastifyReply, row: { contentType: string; bytes: Buffer }) {
  reply.header("cache-control", "private, no-store");
  reply.header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  reply.header("content-disposition", "inline");
  return reply.type(row.contentType).send(row.bytes);
}

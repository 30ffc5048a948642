import { ApiError, unwrap } from "../../../lib/api.ts";
import { readToken } from "../../../lib/session-token.ts";
import { i18next } from "../../i18n/i18n.ts";

/**
 * A proof image (a bank-transfer receipt, a withdrawal not received): PNG or JPG up to 5 MB
 * (spec §5, §9 uploads), sent to POST /wps/member/upload as multipart. The platform types the
 * file by its bytes as well; the checks here only spare the player a useless upload.
 */
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;
export const PROOF_TYPES = ["image/png", "image/jpeg"] as const;

export type ProofProblem = "type" | "size";

export function checkProof(file: File): ProofProblem | null {
  if (!(PROOF_TYPES as readonly string[]).includes(file.type)) return "type";
  if (file.size > PROOF_MAX_BYTES) return "size";
  return null;
}

/**
 * Answers the member's private upload address ("/wps/member/uploads/<random id>", readable only
 * with this member's token or by a finance operator), which deposit and receipt calls carry.
 */
export async function uploadProof(file: File): Promise<string> {
  const form = new FormData();
  form.append("file", file, file.name);
  const headers: Record<string, string> = {
    Accept: "application/json",
    // The catalog's language is the platform's language code (features/i18n/i18n.ts).
    "X-Lang": i18next.language || "TY",
  };
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch("/wps/member/upload", {
      method: "POST",
      headers,
      body: form,
      credentials: "same-origin",
    });
  } catch {
    throw new ApiError("NETWORK_ERROR", "", 0);
  }
  let payload: unknown;
  try {
    payload = await res.json();
  } catch {
    throw new ApiError(res.ok ? "BAD_RESPONSE" : "HTTP_ERROR", "", res.status);
  }
  return unwrap<{ url: string }>(payload, res.status).url;
}

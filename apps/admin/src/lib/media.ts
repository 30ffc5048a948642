import { MediaUploadValue } from "@panalo/contracts/admin";
import { apiRequest } from "./api.ts";

export const MEDIA_TYPES = "image/png,image/jpeg,image/webp,image/svg+xml";
export const MEDIA_BYTES_MAX = 5 * 1024 * 1024;

/** POST /api/admin/media: one image as the multipart field "file"; answers its URL. */
export async function uploadMedia(file: File): Promise<string> {
  const form = new FormData();
  form.append("file", file);
  const { url } = await apiRequest("POST", "/media", MediaUploadValue, { form });
  return url;
}

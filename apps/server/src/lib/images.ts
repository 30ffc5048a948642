/**
 * What every upload of an image keeps to, whichever module takes it (the back office's public
 * media, members' proofs and documents, chat pictures): at most 5 MB, and a type known by the
 * bytes themselves.
 */

export const MAX_MEDIA_BYTES = 5 * 1024 * 1024;

/** The image type by its first bytes, never by the name or the header the client sent. */
export function sniffImage(bytes: Buffer): string | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return "image/png";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (
    bytes.subarray(0, 4).toString("latin1") === "RIFF" &&
    bytes.subarray(8, 12).toString("latin1") === "WEBP"
  ) {
    return "image/webp";
  }
  const head = bytes.subarray(0, 512).toString("utf8").trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)?<svg[\s>]/i.test(head)) return "image/svg+xml";
  return null;
}

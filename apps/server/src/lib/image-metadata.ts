import sharp from "sharp";

/**
 * A member's photo without the metadata a camera writes into it (EXIF: where and when it was
 * taken, the phone's make; XMP; comments), so an identity document or a receipt never carries
 * the location of the member's home to whoever views it.
 *
 * JPEG: decoded and encoded again by sharp, which writes no metadata; the EXIF orientation is
 * applied to the pixels first so the photo stays upright. A JPEG sharp cannot read is refused
 * (null). PNG: its metadata chunks (eXIf, tEXt, zTXt, iTXt, tIME) are dropped and every other
 * chunk kept byte for byte, so the image itself is unchanged.
 */
export async function withoutMetadata(
  bytes: Buffer,
  type: "image/png" | "image/jpeg",
): Promise<Buffer | null> {
  if (type === "image/png") return pngWithoutMetadata(bytes);
  try {
    return await sharp(bytes).rotate().jpeg({ quality: 90, mozjpeg: true }).toBuffer();
  } catch {
    return null;
  }
}

const PNG_METADATA = new Set(["eXIf", "tEXt", "zTXt", "iTXt", "tIME"]);

function pngWithoutMetadata(bytes: Buffer): Buffer {
  const parts: Buffer[] = [bytes.subarray(0, 8)];
  let at = 8;
  while (at + 8 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const end = Math.min(at + 12 + length, bytes.length);
    const type = bytes.subarray(at + 4, at + 8).toString("latin1");
    if (!PNG_METADATA.has(type)) parts.push(bytes.subarray(at, end));
    at = end;
  }
  // A trailing fragment shorter than a chunk header is kept as sent (it names no metadata).
  if (at < bytes.length) parts.push(bytes.subarray(at));
  return Buffer.concat(parts);
}

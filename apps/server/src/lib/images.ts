import { registerMessages } from "./messages.ts";

/**
 * What every upload of an image keeps to, whichever module takes it (the back office's public
 * media, members' proofs and documents, chat pictures): at most 5 MB, and a type known by the
 * bytes themselves.
 */
registerMessages("EN", {
  MEDIA_TYPE: "Upload a PNG, JPG, WebP or SVG image.",
  MEDIA_TOO_LARGE: "The image is larger than 5 MB.",
});
registerMessages("TY", {
  MEDIA_TYPE: "Mag-upload ng larawang PNG, JPG, WebP o SVG.",
  MEDIA_TOO_LARGE: "Mas malaki sa 5 MB ang larawan.",
});

registerMessages("CN", {
  MEDIA_TYPE: "请上传 PNG、JPG、WebP 或 SVG 格式的图片。",
  MEDIA_TOO_LARGE: "图片大小超过 5 MB。",
});
registerMessages("VI", {
  MEDIA_TYPE: "Vui lòng tải lên ảnh PNG, JPG, WebP hoặc SVG.",
  MEDIA_TOO_LARGE: "Ảnh lớn hơn 5 MB.",
});
registerMessages("TH", {
  MEDIA_TYPE: "กรุณาอัปโหลดรูปภาพ PNG, JPG, WebP หรือ SVG",
  MEDIA_TOO_LARGE: "รูปภาพมีขนาดใหญ่กว่า 5 MB",
});
registerMessages("ID", {
  MEDIA_TYPE: "Unggah gambar PNG, JPG, WebP, atau SVG.",
  MEDIA_TOO_LARGE: "Ukuran gambar lebih dari 5 MB.",
});
registerMessages("JA", {
  MEDIA_TYPE: "PNG・JPG・WebP・SVG 形式の画像をアップロードしてください。",
  MEDIA_TOO_LARGE: "画像が 5 MB を超えています。",
});

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

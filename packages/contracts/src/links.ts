/**
 * Where a banner or notice link goes. A link stays on the site when it is a
 * path that starts with exactly one "/" — not "//host" or "/\host" (both open another site in a
 * browser), with no whitespace or control character a browser would drop, and no backslash. A
 * link leaves the site when it is an absolute https/http (or mailto/tel) address; the operator
 * must mark such a link external, and the site opens it in a new tab with rel="noopener
 * noreferrer". Anything else (javascript:, data:, a relative path, "//host") is invalid: refused
 * on save, and never followed by the site even if stored earlier.
 */
export type LinkKind = "internal" | "external" | "invalid";

const EXTERNAL_SCHEMES = new Set(["https:", "http:", "mailto:", "tel:"]);

export function linkKind(href: string | null | undefined): LinkKind {
  if (typeof href !== "string" || href.length === 0 || href.length > 2000) return "invalid";
  // Whitespace, control characters and backslashes are rewritten by browsers ("/\t/x" → "//x").
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\s\u0000-\u001f\u007f\\]/.test(href)) return "invalid";
  if (href.startsWith("/")) return href.startsWith("//") ? "invalid" : "internal";
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return "invalid";
  }
  if (!EXTERNAL_SCHEMES.has(url.protocol)) return "invalid";
  if ((url.protocol === "https:" || url.protocol === "http:") && !url.hostname) return "invalid";
  if (url.username || url.password) return "invalid";
  return "external";
}

/**
 * The link a page may follow: `internal` (an in-site route), `external` (only when the operator
 * marked the item external), or null when it must not be followed at all.
 */
export function followableLink(
  href: string | null | undefined,
  markedExternal: boolean,
): { kind: "internal" | "external"; href: string } | null {
  const kind = linkKind(href);
  if (kind === "internal") return { kind, href: href as string };
  if (kind === "external" && markedExternal) return { kind, href: href as string };
  return null;
}

/** Catalog keys of the reasons a link is refused on save (server messages, back-office forms). */
export function linkProblem(
  href: string,
  markedExternal: boolean,
): "link_invalid" | "link_not_external" | null {
  const kind = linkKind(href);
  if (kind === "invalid") return "link_invalid";
  if (kind === "external" && !markedExternal) return "link_not_external";
  return null;
}

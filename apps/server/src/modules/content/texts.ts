import { linkKind } from "@panalo/contracts/links";
import sanitizeHtml from "sanitize-html";
import type { Lang } from "../../lib/messages.ts";

/** The text for `lang`, falling back to English, then Filipino, then any language written. */
export function pick(texts: Record<string, string | undefined> | null | undefined, lang: Lang): string {
  if (!texts) return "";
  return texts[lang] || texts.EN || texts.TY || Object.values(texts).find((t) => t) || "";
}

/**
 * HTML the operator writes for notices and help articles is cleaned on save: no scripts, no
 * event handlers, no styles that escape the box. An in-site link ("/…") opens in the site; a
 * link that leaves it opens in a new tab with rel="noopener noreferrer"; a link that is neither
 * ("//host", "/\host", javascript:) loses its address (notices refuse it before: linksIn).
 */
export function cleanHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      "p",
      "br",
      "b",
      "strong",
      "i",
      "em",
      "u",
      "s",
      "span",
      "div",
      "h2",
      "h3",
      "h4",
      "ul",
      "ol",
      "li",
      "a",
      "img",
      "table",
      "thead",
      "tbody",
      "tr",
      "th",
      "td",
      "blockquote",
      "hr",
    ],
    allowedAttributes: {
      a: ["href", "title", "target", "rel"],
      img: ["src", "alt", "width", "height"],
      "*": ["class"],
    },
    allowedSchemes: ["https", "http", "mailto", "tel"],
    allowedSchemesByTag: { img: ["https", "http", "data"] },
    allowProtocolRelative: false,
    transformTags: {
      a: (tagName, attribs) => {
        const { href, title } = attribs;
        const kind = linkKind(href);
        const keep: Record<string, string> = title ? { title } : {};
        if (kind === "internal") return { tagName, attribs: { ...keep, href: href as string } };
        if (kind === "external")
          return {
            tagName,
            attribs: { ...keep, href: href as string, rel: "noopener noreferrer nofollow", target: "_blank" },
          };
        return { tagName, attribs: keep };
      },
    },
  }).trim();
}

/** Every link address in operator HTML, as a browser would read it (entities decoded). */
export function linksIn(html: string): string[] {
  const found: string[] = [];
  sanitizeHtml(html, {
    allowedTags: ["a"],
    allowedAttributes: { a: ["href"] },
    allowedSchemes: [],
    transformTags: {
      a: (tagName, attribs) => {
        if (attribs.href !== undefined) found.push(attribs.href);
        return { tagName, attribs };
      },
    },
  });
  return found;
}

/** Clean every language of a localized HTML text. */
export function cleanTexts<T extends Record<string, string | undefined>>(texts: T): T {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(texts)) if (typeof v === "string") out[k] = cleanHtml(v);
  return out as T;
}

/** Plain text (titles, alt texts): tags are stripped entirely. */
export function plainTexts<T extends Record<string, string | undefined>>(texts: T): T {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(texts)) {
    if (typeof v === "string")
      out[k] = decodeEntities(sanitizeHtml(v, { allowedTags: [], allowedAttributes: {} })).trim();
  }
  return out as T;
}

/** Plain text is rendered as text (escaped by the UI), so the entities sanitize-html wrote are undone. */
function decodeEntities(s: string): string {
  return s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

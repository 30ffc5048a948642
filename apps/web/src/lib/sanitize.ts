import { followableLink } from "@panalo/contracts/links";
import DOMPurify from "dompurify";

/**
 * Operator-written HTML (notices, help articles) is cleaned again in the browser before it is
 * shown, even though the platform cleans it on save: defence in depth. This module pulls in
 * DOMPurify, so only lazily loaded screens (notice modal, notices, help) import it.
 */
let allowExternal = false;
/**
 * A link stays on the site ("/…", never "//host" or "/\\host") unless the item was
 * marked external; then it opens in a new tab with rel="noopener noreferrer". A link that may not
 * be followed loses its address (even one stored before the platform refused such links).
 */
DOMPurify.addHook("afterSanitizeAttributes", (node) => {
  if (!(node instanceof HTMLAnchorElement)) return;
  const link = followableLink(node.getAttribute("href"), allowExternal);
  node.removeAttribute("target");
  node.removeAttribute("rel");
  if (!link) {
    node.removeAttribute("href");
  } else if (link.kind === "external") {
    node.target = "_blank";
    node.rel = "noopener noreferrer";
  }
});

export function sanitizeHtml(html: string, opts: { externalLinks?: boolean } = {}): string {
  allowExternal = opts.externalLinks === true;
  try {
    return DOMPurify.sanitize(html, {
      USE_PROFILES: { html: true },
      FORBID_TAGS: ["style", "form", "input", "button", "iframe", "object", "embed"],
      ADD_ATTR: ["target"],
    });
  } finally {
    allowExternal = false;
  }
}

import DOMPurify from "dompurify";

/**
 * Operator-written HTML (notices, help articles) is cleaned again in the browser before it is
 * shown, even though the platform cleans it on save: defence in depth. This module pulls in
 * DOMPurify, so only lazily loaded screens (notice modal, notices, help) import it.
 */
DOMPurify.addHook("afterSanitizeAttributes", (node) => {
  if (node instanceof HTMLAnchorElement && node.target === "_blank") node.rel = "noopener noreferrer";
});

export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ["style", "form", "input", "button", "iframe", "object", "embed"],
    ADD_ATTR: ["target"],
  });
}

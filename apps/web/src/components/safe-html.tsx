import { useMemo } from "react";
import { sanitizeHtml } from "../lib/sanitize.ts";

/**
 * Operator HTML (notices, help articles), cleaned by DOMPurify before it is shown. Its links may
 * leave the site only when `externalLinks` (the notice was marked external by the operator).
 */
export function SafeHtml({
  html,
  className = "",
  externalLinks = false,
}: {
  html: string;
  className?: string;
  externalLinks?: boolean;
}) {
  const clean = useMemo(() => sanitizeHtml(html, { externalLinks }), [html, externalLinks]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML was just sanitised by DOMPurify
  return <div className={`rich-text ${className}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}

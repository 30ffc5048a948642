import { useMemo } from "react";
import { sanitizeHtml } from "../lib/sanitize.ts";

/** Operator HTML (notices, help articles), cleaned by DOMPurify before it is shown. */
export function SafeHtml({ html, className = "" }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML was just sanitised by DOMPurify
  return <div className={`rich-text ${className}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}

import { type ReactNode, useEffect } from "react";
import { NoAccess } from "../components/page-header.tsx";
import { type TextKey, useT } from "../lib/i18n.ts";
import { useCan } from "./operator-context.tsx";
import { type SectionId, sectionById } from "./sections.ts";

/** One section's page, behind the permission its nav link needs, with the document title set. */
export function SectionRoute({ id, children }: { id: SectionId; children: ReactNode }) {
  const section = sectionById(id);
  const allowed = useCan(section.permission);
  const t = useT();
  const label = t(`section.${section.id}` as TextKey);
  useEffect(() => {
    document.title = t("layout.docTitle", { section: label });
  }, [t, label]);
  return allowed ? children : <NoAccess what={label.toLowerCase()} />;
}

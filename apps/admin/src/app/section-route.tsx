import { type ReactNode, useEffect } from "react";
import { NoAccess } from "../components/page-header.tsx";
import { useCan } from "./operator-context.tsx";
import { type SectionId, sectionById } from "./sections.ts";

/** One section's page, behind the permission its nav link needs, with the document title set. */
export function SectionRoute({ id, children }: { id: SectionId; children: ReactNode }) {
  const section = sectionById(id);
  const allowed = useCan(section.permission);
  useEffect(() => {
    document.title = `${section.label} · Panalo Back Office`;
  }, [section.label]);
  return allowed ? children : <NoAccess what={section.label.toLowerCase()} />;
}

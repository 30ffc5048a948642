import type { ReactNode } from "react";

/**
 * The settings of one room or table under its list: a section named `label` for assistive
 * technology, its `title` as the heading, the note on when changes apply, then the form.
 */
export function SettingsSection({
  label,
  title,
  note,
  children,
}: {
  label: string;
  title: string;
  note: string;
  children: ReactNode;
}) {
  return (
    <section aria-label={label}>
      <h2>{title}</h2>
      <p className="muted">{note}</p>
      {children}
    </section>
  );
}

import type { ReactNode } from "react";
import { useT } from "../lib/i18n.ts";

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}

export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <header className="page-header">
      <div>
        <h1 className="page-title">{title}</h1>
        {description && <p className="page-description">{description}</p>}
      </div>
      {actions && <div className="page-actions">{actions}</div>}
    </header>
  );
}

/** Shown instead of a page section the operator's role may not read. */
export function NoAccess({ what }: { what: string }) {
  const t = useT();
  return (
    <div className="panel empty-state" role="note">
      <p className="empty-state-title">{t("access.title")}</p>
      <p>{t("access.text", { what })}</p>
    </div>
  );
}

/** A banner that says the page is read-only for this operator. */
export function ReadOnlyNote() {
  const t = useT();
  return (
    <p className="note" role="note">
      {t("access.readOnly")}
    </p>
  );
}

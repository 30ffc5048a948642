import type { ReactNode } from "react";

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
  return (
    <div className="panel empty-state" role="note">
      <p className="empty-state-title">No access</p>
      <p>Your role does not allow you to see {what}. Ask an owner if you need it.</p>
    </div>
  );
}

/** A banner that says the page is read-only for this operator. */
export function ReadOnlyNote() {
  return (
    <p className="note" role="note">
      Read-only: your role can view this page but not change it.
    </p>
  );
}

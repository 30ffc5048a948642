import { Navigate, useLocation } from "react-router";
import { ChangePasswordPage } from "../features/session/change-password-page.tsx";
import { useSession } from "../features/session/session-api.ts";
import { useT } from "../lib/i18n.ts";
import { AdminLayout } from "./admin-layout.tsx";
import { OperatorContext } from "./operator-context.tsx";

/** Signed-in pages: no session goes to the login page, a generated password to its change first. */
export function RequireSession() {
  const t = useT();
  const session = useSession();
  const location = useLocation();

  if (session.isPending) {
    return (
      <div className="boot" role="status">
        <span className="spinner" aria-hidden="true" />
        <span>{t("session.loading")}</span>
      </div>
    );
  }
  if (session.isError) {
    return (
      <div className="boot" role="alert">
        <p>{t("session.unreachable")}</p>
        <button type="button" className="btn" onClick={() => session.refetch()}>
          {t("table.retry")}
        </button>
      </div>
    );
  }
  if (!session.data) {
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  if (session.data.mustChangePassword) return <ChangePasswordPage operator={session.data} />;
  return (
    <OperatorContext value={session.data}>
      <AdminLayout />
    </OperatorContext>
  );
}

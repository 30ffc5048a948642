import { Navigate, useLocation } from "react-router";
import { ChangePasswordPage } from "../features/session/change-password-page.tsx";
import { useSession } from "../features/session/session-api.ts";
import { AdminLayout } from "./admin-layout.tsx";
import { OperatorContext } from "./operator-context.tsx";

/** Signed-in pages: no session goes to the login page, a generated password to its change first. */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();

  if (session.isPending) {
    return (
      <div className="boot" role="status">
        <span className="spinner" aria-hidden="true" />
        <span>Loading the back office…</span>
      </div>
    );
  }
  if (session.isError) {
    return (
      <div className="boot" role="alert">
        <p>The back office could not reach the server.</p>
        <button type="button" className="btn" onClick={() => session.refetch()}>
          Try again
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

import "../i18n/texts/acct.ts";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Modal } from "../../components/modal.tsx";
import { lazy } from "../i18n/lazy.ts";
import { logout } from "../session/session-store.ts";
import "./auth-form.css";
import { type AccountModal, closeAccountModal, useAccountUi } from "./account-ui.ts";
import { MemberCentre } from "./member-centre.tsx";

// The login and password forms validate with zod: their own chunks, so opening the member
// centre (a signed-in member's modal) never loads them.
const LoginForm = lazy(() => import("./login-form.tsx").then((m) => ({ default: m.LoginForm })));
const ForgotPasswordModal = lazy(() =>
  import("./forgot-password.tsx").then((m) => ({ default: m.ForgotPasswordModal })),
);
const ChangePasswordForm = lazy(() =>
  import("./change-password-form.tsx").then((m) => ({ default: m.ChangePasswordForm })),
);

/**
 * The account modals (spec §2 "Modals"): the login popup, forgot password, change password
 * (forced after a temporary or expired password: it cannot be dismissed) and the member centre.
 * Loaded the first time one of them opens.
 */
export default function AccountModals() {
  const modal = useAccountUi((s) => s.modal);
  return modal ? <AccountModalView modal={modal} /> : null;
}

function AccountModalView({ modal }: { modal: AccountModal }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  switch (modal.kind) {
    case "login":
      return (
        <Modal onClose={() => closeAccountModal()} title={t("login.title")} testId="login-modal">
          {modal.reason === "required" && <p className="muted">{t("login.needed")}</p>}
          <Suspense fallback={null}>
            <LoginForm
              variant="popup"
              initial={{
                mode: modal.mode,
                username: modal.username,
                password: modal.password,
                captcha: modal.captcha,
                secondFactorTo: modal.secondFactorTo,
                notice: modal.notice,
              }}
            />
          </Suspense>
        </Modal>
      );
    case "forgot":
      return (
        <Suspense fallback={null}>
          <ForgotPasswordModal tab={modal.tab} />
        </Suspense>
      );
    case "changePassword":
      return (
        <Modal
          onClose={() => closeAccountModal()}
          title={t("password.title")}
          testId="change-password-modal"
          dismissible={!modal.forced}
        >
          {modal.forced && <p className="muted">{t("password.forcedLead")}</p>}
          <Suspense fallback={null}>
            <ChangePasswordForm
              knownOldPassword={modal.oldPassword}
              onDone={() => {
                // spec §4: after a change, the info is loaded again (the form did), then home.
                closeAccountModal(true);
                navigate("/");
              }}
              testId="change-password"
            />
          </Suspense>
          {modal.forced && (
            // The forced change cannot be dismissed; signing out is the only other way out.
            <p className="auth-links">
              <button
                type="button"
                className="link-btn"
                onClick={() => void logout().then(() => navigate("/"))}
                data-testid="change-password-logout"
              >
                {t("header.logout")}
              </button>
            </p>
          )}
        </Modal>
      );
    case "memberCentre":
      return <MemberCentre page={modal.page} />;
  }
}

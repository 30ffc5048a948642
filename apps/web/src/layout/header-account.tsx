import { isAgentType } from "@panalo/contracts/agent-types";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { showDialog, showLoader } from "../components/dialogs.tsx";
import { Icon } from "../components/icons.tsx";
import { openLogin, openMemberCentre } from "../features/account/account-ui.ts";
import { useBalanceSocket } from "../features/account/balance-socket.ts";
import { completeLogin, requestLogin } from "../features/account/login-flow.ts";
import { useBalance, useMemberInfo } from "../features/account/member-api.ts";
import { agentPagePath } from "../features/agent-centre/paths.ts";
import { useMessagesHub, useUnreadMessages } from "../features/messages/messages-api.ts";
import {
  consumeOAuthFragment,
  logout,
  TRIAL_ACCOUNT,
  useSession,
} from "../features/session/session-store.ts";
import { useStatus } from "../features/system/system-api.ts";
import { ApiError, failureText } from "../lib/api.ts";
import { formatMoneyString } from "../lib/format.ts";

// Third-party sign-in returns to the site with the session token in the address's fragment.
// Take it before the first render, so the header, the redirect rule of "logged in to home" and
// every call already see the session (and the token never stays in the address bar).
consumeOAuthFragment();

/**
 * The header's account area (spec §2 header): logged out, the inline login form and the
 * register button (when direct registration is on); logged in, the nickname (opens the member
 * centre), the balance with its currency symbol (a click refreshes it; changes arrive by push),
 * the deposit button and sign-out.
 */
export function HeaderAccount() {
  const username = useSession((s) => (s.token ? (s.username ?? "") : null));
  return username === null ? <InlineLogin /> : <AccountBox username={username} />;
}

function InlineLogin() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: status } = useStatus();
  const [busy, setBusy] = useState(false);
  const id = useId();

  // The inline form has no room for messages, and a toast would sit over it (the player could
  // not press the button again until it fades): any refusal hands over to the login popup,
  // which shows the message with the fields, and the captcha or second factor when asked for.
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const username = String(form.get("username") ?? "").trim();
    const password = String(form.get("password") ?? "");
    // spec §5: username and password required
    if (!username || !password) {
      openLogin({ username, password, notice: t("login.required") });
      return;
    }
    setBusy(true);
    const hideLoader = showLoader();
    try {
      const value = await requestLogin({ username, password, type: "username" });
      // spec §4: after a login the player goes home.
      completeLogin(value, { method: "username", oldPassword: password, navigate });
    } catch (err) {
      const wrongPassword = err instanceof ApiError && err.code === "INVALID_CREDENTIALS";
      // spec §8: a failed login hides the loader and shows the message; a captcha if flagged.
      openLogin({
        username,
        // A refused password is not worth keeping; one the server did not judge yet is.
        password: wrongPassword ? undefined : password,
        captcha: err instanceof ApiError && err.captcha,
        secondFactorTo:
          err instanceof ApiError && (err.code === "SECOND_FACTOR_REQUIRED" || err.code === "TOTP_REQUIRED")
            ? (err.secondFactor?.to ?? "")
            : undefined,
        notice: failureText(err, t("login.failed"), t("errors.network")),
      });
    } finally {
      hideLoader();
      setBusy(false);
    }
  };

  return (
    <div className="header-account">
      <form className="header-login" onSubmit={submit} aria-label={t("login.title")} noValidate>
        <label htmlFor={`${id}-u`} className="sr-only">
          {t("login.username")}
        </label>
        <input
          id={`${id}-u`}
          name="username"
          className="input input-sm"
          autoComplete="username"
          placeholder={t("login.username")}
          maxLength={40}
          data-testid="login-username"
        />
        <label htmlFor={`${id}-p`} className="sr-only">
          {t("login.password")}
        </label>
        <input
          id={`${id}-p`}
          name="password"
          type="password"
          className="input input-sm"
          autoComplete="current-password"
          placeholder={t("login.password")}
          maxLength={64}
          data-testid="login-password"
        />
        <button type="submit" className="btn btn-gold btn-sm" disabled={busy} data-testid="login-submit">
          {busy ? t("common.loading") : t("login.submit")}
        </button>
      </form>
      {/* On a phone the inline form would take a third of the screen: one button opens the
          login popup instead (layout.css shows one or the other). */}
      <button
        type="button"
        className="btn btn-gold btn-sm header-login-open"
        onClick={() => openLogin()}
        aria-haspopup="dialog"
        data-testid="header-login-open"
      >
        {t("login.submit")}
      </button>
      {status?.brand.directRegister && (
        <Link to="/register" className="btn btn-outline btn-sm header-register" data-testid="header-register">
          {t("header.register")}
        </Link>
      )}
    </div>
  );
}

function AccountBox({ username }: { username: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSession((s) => s.token);
  const trial = useSession((s) => s.isAgent === TRIAL_ACCOUNT);
  // spec §2 header "agent button if allowed", §4: the account types 1, 2, 41, 42.
  const agent = useSession((s) => isAgentType(s.isAgent));
  // The nickname chosen in securityCenter is what the header shows.
  const shown = useMemberInfo().data?.nickname || username;
  const balance = useBalance();
  useBalanceSocket(token, !trial);
  // spec §2: the messages badge (CSP_unreadCount), kept live by the hub.
  useMessagesHub(!trial);
  const unread = useUnreadMessages().data?.count ?? 0;
  // spec §4 logout: a confirm dialog, the logout call, session storage cleared, then home.
  const confirmLogout = () =>
    showDialog({
      icon: "warning",
      title: t("header.logout"),
      text: t("header.logoutConfirm"),
      testId: "logout-confirm",
      buttons: [
        { label: t("common.cancel") },
        {
          label: t("header.logout"),
          primary: true,
          onClick: () => void logout().then(() => navigate("/")),
        },
      ],
    });
  // spec §5, §6: a trial account is warned that the member centre needs a real account.
  const member = () => {
    if (trial)
      showDialog({ icon: "warning", text: t("errors.in_need_true_account"), testId: "need-real-account" });
    else openMemberCentre();
  };
  return (
    <div className="header-account account-box">
      <button
        type="button"
        className="account-name link-btn on-brand"
        onClick={member}
        data-testid="account-name"
        title={`${shown} · ${t("member.title")}`}
      >
        {shown}
      </button>
      {!trial && <MessagesButton unread={unread} place="inline" />}
      {!trial && (
        <button
          type="button"
          className="balance-chip"
          onClick={() => void balance.refetch()}
          aria-label={
            balance.data
              ? t("header.balanceLabel", {
                  amount: `${balance.data.currencySymbol}${formatMoneyString(balance.data.sumBalance)}`,
                })
              : t("header.refreshBalance")
          }
          data-testid="header-balance"
          aria-busy={balance.isFetching || undefined}
        >
          {balance.data ? (
            <>
              <span className="currency-symbol">{balance.data.currencySymbol}</span>
              <span data-testid="header-balance-amount">{formatMoneyString(balance.data.sumBalance)}</span>
            </>
          ) : (
            <span className="spinner spinner-sm" aria-hidden="true" />
          )}
        </button>
      )}
      {agent && (
        <Link to={agentPagePath()} className="btn btn-outline btn-sm on-brand" data-testid="header-agent">
          {t("header.agent")}
        </Link>
      )}
      {!trial && (
        <button
          type="button"
          className="btn btn-gold btn-sm"
          onClick={() => openMemberCentre("depositv2")}
          data-testid="header-deposit"
        >
          {t("header.deposit")}
        </button>
      )}
      <button
        type="button"
        className="btn btn-ghost btn-sm on-brand header-logout"
        onClick={confirmLogout}
        aria-label={t("header.logout")}
        data-testid="logout"
      >
        {/* A phone shows the icon alone, so the name keeps its room (layout.css). */}
        <Icon name="logout" size={18} />
        <span className="header-logout-text">{t("header.logout")}</span>
      </button>
    </div>
  );
}

/**
 * The messages bell with its unread badge (spec §2). Beside the name on a wide screen;
 * on a phone it moves to the top row (beside the theme switch), so the name keeps its room.
 */
function MessagesButton({ unread, place }: { unread: number; place: "inline" | "tools" }) {
  const { t } = useTranslation();
  const suffix = place === "inline" ? "" : "-tools";
  return (
    <button
      type="button"
      className={`header-messages header-messages-${place} link-btn on-brand`}
      onClick={() => openMemberCentre("messageV2")}
      aria-label={unread > 0 ? t("messages.unreadLabel", { count: unread }) : t("member.page.messageV2")}
      data-testid={`header-messages${suffix}`}
    >
      <Icon name="bell" size={20} />
      {unread > 0 && (
        <span className="header-badge" data-testid={`header-messages${suffix}-badge`} aria-hidden="true">
          {unread > 99 ? "99+" : unread}
        </span>
      )}
    </button>
  );
}

/** The phone's copy of the messages bell, in the header's top row (a signed-in real account only). */
export function HeaderMessagesTools() {
  const token = useSession((s) => s.token);
  const trial = useSession((s) => s.isAgent === TRIAL_ACCOUNT);
  const unread = useUnreadMessages().data?.count ?? 0;
  if (!token || trial) return null;
  return <MessagesButton unread={unread} place="tools" />;
}

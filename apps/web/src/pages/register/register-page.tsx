import "../../features/i18n/texts/register.ts";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate } from "react-router";
import { Skeleton } from "../../components/skeleton.tsx";
import { type TabItem, TabPanel, Tabs } from "../../components/tabs.tsx";
import { useRegisterSettings } from "../../features/account/register-settings.ts";
import { useSession } from "../../features/session/session-store.ts";
import { AuthFrame } from "../shared/auth-frame.tsx";
import { RegisterForm } from "./register-form.tsx";
import type { RegisterMode } from "./register-rules.ts";
import "./register.css";

/**
 * spec §2 /register (and /register.html): registration by username or by mobile (spec §4
 * "Tabs: username or mobile"), each tab shown when the operator's field config enables it
 * (USERNAMEREG3, MOBILENUMREG3), its fields and rules from GET /wps/system/setting/register.
 */
export default function RegisterPage() {
  // A signed-in player has an account; /register takes them home.
  const loggedIn = useSession((s) => s.token !== null);
  return loggedIn ? <Navigate to="/" replace /> : <RegisterScreen />;
}

function RegisterScreen() {
  const { t } = useTranslation();
  const id = useId();
  const { data: settings, isPending, isError, refetch } = useRegisterSettings();
  const [chosen, setChosen] = useState<RegisterMode>("username");

  const items: TabItem<RegisterMode>[] = [];
  if (settings?.fields.username?.enabled) items.push({ id: "username", label: t("register.byUsername") });
  if (settings?.fields.mobileNum?.enabled) items.push({ id: "mobile", label: t("register.byMobile") });
  const mode = items.find((i) => i.id === chosen)?.id ?? items[0]?.id;

  let body: ReactNode;
  if (isPending) body = <Skeleton lines={8} />;
  else if (isError || !settings) {
    body = (
      <div className="load-failed compact" role="alert">
        <p>{t("errors.network")}</p>
        <button type="button" className="btn btn-primary" onClick={() => refetch()}>
          {t("common.retry")}
        </button>
      </div>
    );
  } else if (!mode) {
    body = (
      <p className="muted" data-testid="register-closed">
        {t("register.closed")}
      </p>
    );
  } else {
    body = (
      <>
        {items.length > 1 && (
          <Tabs
            idBase={`${id}-mode`}
            items={items}
            value={mode}
            onChange={setChosen}
            label={t("title.register")}
            className="register-tabs"
            testIdPrefix="register-tab-"
          />
        )}
        <TabPanel idBase={`${id}-mode`} selected={mode}>
          {/* A fresh form per tab: each has its own fields and rules. */}
          <RegisterForm key={mode} settings={settings} mode={mode} />
        </TabPanel>
      </>
    );
  }

  return (
    <AuthFrame group="w_reg" testId="page-register" title={t("title.register")}>
      {body}
      <p className="auth-links">
        <span>
          {t("register.haveAccount")} <Link to="/login">{t("login.submit")}</Link>
        </span>
      </p>
    </AuthFrame>
  );
}

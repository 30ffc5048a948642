import "../../i18n/texts/acct.ts";
import { Suspense, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { TabPanel, Tabs } from "../../../components/tabs.tsx";
import { formatDateTime } from "../../../lib/format.ts";
import { useMemberInfo } from "../../account/member-api.ts";
import { lazy } from "../../i18n/lazy.ts";
import { useProfile } from "../account/account-api.ts";
import { KycSection } from "../account/kyc-form.tsx";
import {
  AvatarPicker,
  ContactChangeForm,
  ProfileForm,
  SessionsSection,
  TotpSection,
} from "../account/security-sections.tsx";
import { TxPasswordForm } from "../wallet/tx-password-form.tsx";
import "../account/account.css";

// The password form validates with zod: its own chunk, loaded when the security tab opens, so
// the page's first tab (the profile) does not carry it.
const ChangePasswordForm = lazy(() =>
  import("../../account/change-password-form.tsx").then((m) => ({ default: m.ChangePasswordForm })),
);

type Tab = "profile" | "security" | "kyc";

/**
 * securityCenter (my account): who the player is and their profile, avatar
 * and contact handles; the password, transaction password, mobile and e-mail (each confirmed by
 * a code), the authenticator app and the signed-in devices; and the identity check (KYC).
 */
export default function SecurityCenter() {
  const { t, i18n } = useTranslation();
  const idBase = useId();
  const [tab, setTab] = useState<Tab>("profile");
  const { data: info } = useMemberInfo();
  const profile = useProfile();
  const rows: [string, string | null | undefined][] = [
    [t("field.username"), info?.username],
    [t("field.realName"), info?.realName],
    [t("field.mobileNum"), info?.mobile],
    [t("field.email"), info?.email],
    [t("member.currency"), info?.currency],
    [t("member.lastLogin"), info?.lastLoginAt ? formatDateTime(info.lastLoginAt, i18n.language) : null],
  ];
  const p = profile.data;
  return (
    <div className="security-center">
      <h2>{t("member.page.securityCenter")}</h2>
      <dl className="info-list" data-testid="member-info">
        {rows.map(([label, value]) => (
          <div key={label} className="info-row">
            <dt>{label}</dt>
            <dd>{value || "—"}</dd>
          </div>
        ))}
      </dl>
      <Tabs
        idBase={idBase}
        items={[
          { id: "profile", label: t("acct.tab.profile") },
          { id: "security", label: t("acct.tab.security") },
          { id: "kyc", label: t("acct.tab.kyc") },
        ]}
        value={tab}
        onChange={setTab}
        label={t("member.page.securityCenter")}
        testIdPrefix="account-tab-"
      />
      <TabPanel idBase={idBase} selected={tab} className="acct-panel">
        {!p && <span className="spinner" aria-hidden="true" />}
        {p && tab === "profile" && (
          <>
            <h3>{t("acct.avatar")}</h3>
            <AvatarPicker profile={p} />
            <h3>{t("acct.tab.profile")}</h3>
            <ProfileForm key={JSON.stringify(p)} profile={p} />
          </>
        )}
        {p && tab === "security" && (
          <>
            <h3>{t("password.title")}</h3>
            <Suspense fallback={null}>
              <ChangePasswordForm onDone={() => undefined} testId="security-password" />
            </Suspense>
            <h3>{t("acct.txPassword")}</h3>
            <TxPasswordForm />
            <h3>{t("acct.mobile")}</h3>
            <ContactChangeForm channel="mobile" current={p.mobile} />
            <h3>{t("acct.email")}</h3>
            <ContactChangeForm channel="email" current={p.email} />
            <h3>{t("acct.totp")}</h3>
            <TotpSection enabled={p.totpEnabled} />
            <h3>{t("acct.sessions")}</h3>
            <SessionsSection />
          </>
        )}
        {p && tab === "kyc" && <KycSection profile={p} />}
      </TabPanel>
    </div>
  );
}

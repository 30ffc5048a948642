import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../lib/format.ts";
import { ChangePasswordForm } from "../../account/change-password-form.tsx";
import { useMemberInfo } from "../../account/member-api.ts";

/** securityCenter (my account): who the player is, and the password change. */
export default function SecurityCenter() {
  const { t, i18n } = useTranslation();
  const { data: info } = useMemberInfo();
  const rows: [string, string | null | undefined][] = [
    [t("field.username"), info?.username],
    [t("field.realName"), info?.realName],
    [t("field.mobileNum"), info?.mobile],
    [t("field.email"), info?.email],
    [t("member.currency"), info?.currency],
    [t("member.lastLogin"), info?.lastLoginAt ? formatDateTime(info.lastLoginAt, i18n.language) : null],
  ];
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
      <h3>{t("password.title")}</h3>
      <ChangePasswordForm onDone={() => undefined} testId="security-password" />
    </div>
  );
}

import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { EmptyState } from "../../components/empty-state.tsx";
import { Icon } from "../../components/icons.tsx";
import { PageTitle } from "../../components/page-title.tsx";
import { resourceOf, useStatus } from "../../features/system/system-api.ts";
import "../shared/pages.css";

const APPS = [
  { id: "ios", type: "IOS_APP", icon: "apple", nameKey: "download.ios" },
  { id: "android", type: "ANDROID_APP", icon: "android", nameKey: "download.android" },
] as const;

/** spec §2 /down (and /download): the apps, each with its QR code and link. */
export default function DownloadPage() {
  const { t } = useTranslation();
  const { data: status } = useStatus();
  const { hash } = useLocation();
  const apps = APPS.flatMap((a) => {
    const r = resourceOf(status, a.type);
    return r ? [{ ...a, url: r.url, qr: r.qrCodeUrl }] : [];
  });

  // The top menu's iOS / Android items lead to their section here.
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView({ block: "start" });
  }, [hash]);

  return (
    <div className="page container" data-testid="page-download">
      <PageTitle title={t("title.download")} lead={t("lead.download")} />
      {apps.length === 0 ? (
        <EmptyState icon="phone" title={t("download.none")} />
      ) : (
        <ul className="card-grid app-grid">
          {apps.map((a) => (
            <li key={a.id} id={a.id}>
              <article className="card app-card" aria-labelledby={`app-${a.id}`}>
                <span className="app-icon">
                  <Icon name={a.icon} size={32} />
                </span>
                <h2 id={`app-${a.id}`}>{t(a.nameKey)}</h2>
                {a.qr && (
                  <img
                    src={a.qr}
                    alt={t("download.qr", { app: t(a.nameKey) })}
                    width={160}
                    height={160}
                    className="app-qr"
                    loading="lazy"
                  />
                )}
                <p className="muted">{t("download.scan")}</p>
                <a href={a.url} className="btn btn-gold btn-block" target="_blank" rel="noopener noreferrer">
                  {t("download.get")}
                </a>
              </article>
            </li>
          ))}
        </ul>
      )}
      <section className="card perks">
        <h2>{t("download.whyTitle")}</h2>
        <ul className="perk-list">
          <li>{t("download.why1")}</li>
          <li>{t("download.why2")}</li>
          <li>{t("download.why3")}</li>
        </ul>
      </section>
    </div>
  );
}

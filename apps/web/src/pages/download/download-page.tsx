import "../../features/i18n/texts/download.ts";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { Icon } from "../../components/icons.tsx";
import { PageTitle } from "../../components/page-title.tsx";
import { promptInstall, useInstallState } from "../../features/pwa/install.ts";
import { resourceOf, useStatus } from "../../features/system/system-api.ts";
import "../shared/pages.css";

type Platform = "android" | "ios";

/**
 * A store or APK link the operator set for a platform, or null when the link is only this
 * site's own download page (the default): then the site itself is the app, installed as a PWA.
 */
function nativeLink(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url, window.location.origin);
    // The seeded links point at /down itself (on whichever host name the site answers).
    return u.pathname === "/down" || u.pathname === "/download" ? null : u.href;
  } catch {
    return null;
  }
}

/**
 * spec §2 /down (and /download): how to get the app on each phone. The site is an installable
 * web app (public/manifest.webmanifest, public/sw.js): Android installs it from the browser's
 * prompt (or its menu), iPhone adds it to the home screen from Safari's Share sheet. A native
 * app the operator publishes (an APK or a store link) is offered beside it.
 */
export default function DownloadPage() {
  const { t } = useTranslation();
  const { data: status } = useStatus();
  const { hash } = useLocation();
  const android = resourceOf(status, "ANDROID_APP");
  const ios = resourceOf(status, "IOS_APP");

  // The top menu's iOS / Android items lead to their section here.
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView({ block: "start" });
  }, [hash]);

  return (
    <div className="page container" data-testid="page-download">
      <PageTitle title={t("title.download")} lead={t("lead.download")} />
      <ul className="card-grid app-grid">
        <li id="android">
          <AppCard platform="android" qr={android?.qrCodeUrl ?? null} native={nativeLink(android?.url)}>
            <AndroidInstall />
          </AppCard>
        </li>
        <li id="ios">
          <AppCard platform="ios" qr={ios?.qrCodeUrl ?? null} native={nativeLink(ios?.url)}>
            <IosGuide />
          </AppCard>
        </li>
      </ul>
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

function AppCard(props: {
  platform: Platform;
  qr: string | null;
  native: string | null;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const { platform } = props;
  const name = t(platform === "ios" ? "download.ios" : "download.android");
  return (
    <article className="card app-card" aria-labelledby={`app-${platform}`} data-testid={`app-${platform}`}>
      <span className="app-icon">
        <Icon name={platform === "ios" ? "apple" : "android"} size={32} />
      </span>
      <h2 id={`app-${platform}`}>{name}</h2>
      {props.children}
      {props.native && (
        <a
          href={props.native}
          className="btn btn-outline btn-block"
          target="_blank"
          rel="noopener noreferrer"
          data-testid={`native-${platform}`}
        >
          {t(platform === "ios" ? "download.appStore" : "download.apk")}
        </a>
      )}
      {props.qr && (
        <>
          <img
            src={props.qr}
            alt={t("download.qr", { app: name })}
            width={160}
            height={160}
            className="app-qr"
            loading="lazy"
          />
          <p className="muted">{t("download.scanOpen")}</p>
        </>
      )}
    </article>
  );
}

/** Android: one tap when the browser offers installing, else the steps in Chrome's menu. */
function AndroidInstall() {
  const { t } = useTranslation();
  const state = useInstallState();
  const [declined, setDeclined] = useState(false);
  if (state === "installed") {
    return (
      <p className="install-done" data-testid="install-done">
        {t("download.installed")}
      </p>
    );
  }
  return (
    <>
      {state === "prompt" && (
        <button
          type="button"
          className="btn btn-gold btn-block"
          data-testid="install-app"
          onClick={() => void promptInstall().then((ok) => setDeclined(!ok))}
        >
          {t("download.install")}
        </button>
      )}
      {declined && <p className="muted">{t("download.declined")}</p>}
      <p className="install-lead">{t(state === "prompt" ? "download.androidOr" : "download.androidHow")}</p>
      <ol className="install-steps" data-testid="android-steps">
        <li>{t("download.android1")}</li>
        <li>{t("download.android2")}</li>
        <li>{t("download.android3")}</li>
      </ol>
    </>
  );
}

/** iPhone and iPad: Safari installs web apps only from its Share sheet, so the page shows how. */
function IosGuide() {
  const { t } = useTranslation();
  return (
    <>
      <p className="install-lead">{t("download.iosHow")}</p>
      <ol className="install-steps" data-testid="ios-steps">
        <li>{t("download.ios1")}</li>
        <li>{t("download.ios2")}</li>
        <li>{t("download.ios3")}</li>
        <li>{t("download.ios4")}</li>
      </ol>
    </>
  );
}

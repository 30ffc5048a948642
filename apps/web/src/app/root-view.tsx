import { useLayoutEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useStatus } from "../features/system/system-api.ts";
import { MaintenancePage, RegionBlockedPage, StatusFailed } from "../layout/status-screens.tsx";
import { AppRoutes } from "./routes.tsx";

/** spec §2 root view by system status: 0 the site, 1 maintenance, 2 region blocked. */
export function RootView() {
  const { data: status, isPending, refetch } = useStatus();
  if (isPending) return <BootScreen />;
  if (!status) return <StatusFailed onRetry={() => void refetch()} />;
  const page =
    status.systemStatus === 1 ? (
      <MaintenancePage status={status} />
    ) : status.systemStatus === 2 ? (
      <RegionBlockedPage status={status} />
    ) : (
      <AppRoutes />
    );
  return (
    <>
      {status.demo && <DemoBar />}
      {page}
    </>
  );
}

/** Demo mode (DEMO_MODE on the server): every page says so, so nobody mistakes it for a real site. */
function DemoBar() {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  // Full-screen layers (the game page) start below the bar instead of under it: its height, as
  // it wraps on a narrow screen, is --demo-bar-height on the root.
  useLayoutEffect(() => {
    const bar = ref.current;
    if (!bar) return;
    const root = document.documentElement.style;
    const set = () => root.setProperty("--demo-bar-height", `${bar.offsetHeight}px`);
    set();
    const watch = new ResizeObserver(set);
    watch.observe(bar);
    return () => {
      watch.disconnect();
      root.removeProperty("--demo-bar-height");
    };
  }, []);
  return (
    <div ref={ref} className="demo-bar" role="note" data-testid="demo-bar">
      <strong>{t("demo.label")}</strong> {t("demo.bar")}
    </div>
  );
}

/** The same spinner index.html shows before the code arrives. */
function BootScreen() {
  return (
    <div className="boot" aria-busy="true">
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path fill="currentColor" d="M12 2a10 10 0 1 0 10 10h-3a7 7 0 1 1-7-7V2Z" />
      </svg>
    </div>
  );
}

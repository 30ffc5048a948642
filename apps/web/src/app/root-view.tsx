import { useStatus } from "../features/system/system-api.ts";
import { MaintenancePage, RegionBlockedPage, StatusFailed } from "../layout/status-screens.tsx";
import { AppRoutes } from "./routes.tsx";

/** spec §2 root view by system status: 0 the site, 1 maintenance, 2 region blocked. */
export function RootView() {
  const { data: status, isPending, refetch } = useStatus();
  if (isPending) return <BootScreen />;
  if (!status) return <StatusFailed onRetry={() => void refetch()} />;
  if (status.systemStatus === 1) return <MaintenancePage status={status} />;
  if (status.systemStatus === 2) return <RegionBlockedPage status={status} />;
  return <AppRoutes />;
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

import { Component, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * Keeps one failing area (a route's code that did not download, a broken widget) from
 * blanking the whole site. spec §8: a chunk that fails to load asks to check the network.
 */
export class ErrorBoundary extends Component<
  { children: ReactNode; compact?: boolean },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override render(): ReactNode {
    if (this.state.failed) return <LoadFailed compact={this.props.compact} />;
    return this.props.children;
  }
}

function LoadFailed({ compact }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={compact ? "load-failed compact" : "load-failed"} role="alert">
      <p>{t("errors.network")}</p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        {t("common.reload")}
      </button>
    </div>
  );
}

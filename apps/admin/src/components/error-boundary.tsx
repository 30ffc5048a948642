import { Component, type ErrorInfo, type ReactNode } from "react";
import { t } from "../lib/i18n.ts";

interface Props {
  children: ReactNode;
}
interface State {
  error: Error | null;
}

/** Keeps one broken page from blanking the whole back office. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error("Back-office page failed", error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return (
      <div className="panel empty-state" role="alert">
        <p className="empty-state-title">{t("common.pageFailed")}</p>
        <p className="muted">{this.state.error.message}</p>
        <button type="button" className="btn" onClick={() => window.location.reload()}>
          {t("common.reload")}
        </button>
      </div>
    );
  }
}

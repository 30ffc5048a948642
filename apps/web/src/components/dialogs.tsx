import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "./modal.tsx";

/**
 * The dialog helper and the loader overlay (spec §2 "Modals"): callable from anywhere, shown
 * by the one <DialogHost/> the shell mounts.
 */
export interface DialogButton {
  label: string;
  primary?: boolean;
  onClick?: () => void;
}
export interface DialogOptions {
  icon?: "info" | "success" | "warning" | "error";
  title?: string;
  /** Text, or HTML written by the site itself (catalog strings); never text from a server. */
  text?: string;
  html?: string;
  /** Defaults to one OK button. */
  buttons?: DialogButton[];
  /** On by default (spec: "closes on cover click unless disabled"). */
  closeOnCover?: boolean;
  autoCloseMs?: number;
  /** Names the dialog for tests (data-testid); "dialog" by default. */
  testId?: string;
}
interface OpenDialog extends DialogOptions {
  id: number;
}

let dialogs: readonly OpenDialog[] = [];
let loaders = 0;
let lastId = 0;
const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
};

function closeDialog(id: number): void {
  dialogs = dialogs.filter((d) => d.id !== id);
  notify();
}

/** Open a dialog; answers a function that closes it. */
export function showDialog(options: DialogOptions): () => void {
  lastId += 1;
  const id = lastId;
  dialogs = [...dialogs, { ...options, id }];
  notify();
  if (options.autoCloseMs) setTimeout(() => closeDialog(id), options.autoCloseMs);
  return () => closeDialog(id);
}

/** Show the loader overlay until the answered function is called (calls nest). */
export function showLoader(): () => void {
  loaders += 1;
  notify();
  let hidden = false;
  return () => {
    if (hidden) return;
    hidden = true;
    loaders -= 1;
    notify();
  };
}

const ICONS = { info: "i", success: "✓", warning: "!", error: "✕" } as const;

export function DialogHost() {
  const { t } = useTranslation();
  const list = useSyncExternalStore(subscribe, () => dialogs);
  const loading = useSyncExternalStore(subscribe, () => loaders > 0);
  return (
    <>
      {list.map((d) => (
        <Modal
          key={d.id}
          onClose={() => closeDialog(d.id)}
          title={d.title}
          ariaLabel={d.title ?? d.text}
          closeOnCover={d.closeOnCover !== false}
          testId={d.testId ?? "dialog"}
        >
          <div className="dialog">
            {d.icon && (
              <span className={`dialog-icon dialog-icon-${d.icon}`} aria-hidden="true">
                {ICONS[d.icon]}
              </span>
            )}
            {d.text && <p className="dialog-text">{d.text}</p>}
            {d.html && (
              // biome-ignore lint/security/noDangerouslySetInnerHtml: only the site's own catalog HTML is passed here (see DialogOptions.html)
              <div className="dialog-text" dangerouslySetInnerHTML={{ __html: d.html }} />
            )}
            <div className="dialog-buttons">
              {(d.buttons ?? [{ label: t("common.ok"), primary: true }]).map((b) => (
                <button
                  key={b.label}
                  type="button"
                  className={b.primary ? "btn btn-primary" : "btn btn-ghost"}
                  onClick={() => {
                    b.onClick?.();
                    closeDialog(d.id);
                  }}
                >
                  {b.label}
                </button>
              ))}
            </div>
          </div>
        </Modal>
      ))}
      {loading && (
        <Modal onClose={() => undefined} size="small" ariaLabel={t("common.loading")} testId="loader">
          <div className="loader" role="status">
            <span className="spinner" aria-hidden="true" />
            <span>{t("common.loading")}</span>
          </div>
        </Modal>
      )}
    </>
  );
}

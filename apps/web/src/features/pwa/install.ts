import { useSyncExternalStore } from "react";

/**
 * The installable site (a PWA): the service worker (public/sw.js) and the browser's install
 * prompt. Chromium fires `beforeinstallprompt` once, early, often before the download page's
 * code has loaded; the event is kept here from start-up so the page's Install button can use it.
 */

/** Chromium's install prompt event (not in TypeScript's DOM types). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

function isInstallPrompt(e: Event): e is InstallPromptEvent {
  return "prompt" in e && typeof e.prompt === "function";
}

let deferred: InstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};

/** Starts listening for the install prompt and registers the service worker (built site only). */
export function startPwa(): void {
  window.addEventListener("beforeinstallprompt", (e) => {
    if (!isInstallPrompt(e)) return;
    // The site offers installing on its download page, not in the browser's own mini-bar.
    e.preventDefault();
    deferred = e;
    notify();
  });
  window.addEventListener("appinstalled", () => {
    deferred = null;
    installed = true;
    notify();
  });
  // The dev server serves no sw.js; a worker there would also cache nothing useful.
  if (import.meta.env.PROD && "serviceWorker" in navigator) {
    window.addEventListener("load", () => {
      navigator.serviceWorker.register("/sw.js").catch(() => {
        // No worker (private mode, blocked): the site works as before, just not offline.
      });
    });
  }
}

export type InstallState = "prompt" | "installed" | "manual";

function snapshot(): InstallState {
  if (installed || window.matchMedia?.("(display-mode: standalone)").matches) return "installed";
  return deferred ? "prompt" : "manual";
}

/** "prompt": the browser can install at a tap; "manual": the player follows the browser's menu. */
export function useInstallState(): InstallState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    snapshot,
    () => "manual",
  );
}

/** Shows the browser's install dialog; true when the player accepted. */
export async function promptInstall(): Promise<boolean> {
  const e = deferred;
  if (!e) return false;
  // A prompt event can be used once: the browser fires a new one if the player declines.
  deferred = null;
  notify();
  await e.prompt();
  const { outcome } = await e.userChoice;
  if (outcome === "accepted") installed = true;
  notify();
  return outcome === "accepted";
}

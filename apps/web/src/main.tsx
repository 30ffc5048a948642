import "./styles/tokens.css";
import "./styles/base.css";
import "./styles/components.css";
import "./styles/layout.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app.tsx";
import { loadHomePage } from "./app/routes.tsx";
import { activateCatalog } from "./features/i18n/i18n.ts";
import { applyPrefs, usePrefs } from "./features/prefs/prefs-store.ts";
import { startPwa } from "./features/pwa/install.ts";

const HOME_PATHS = new Set(["/", "/index", "/index.html", "/home"]);

async function start(): Promise<void> {
  applyPrefs();
  startPwa();
  const { lang } = usePrefs.getState();
  // Everything the first screen needs starts at once: the catalog here, the home page's code
  // (when the visit starts there), and the status and home banners already requested by the
  // boot script (src/boot.js) that index.html loads first.
  if (HOME_PATHS.has(window.location.pathname)) void loadHomePage();
  await activateCatalog(lang).catch(() => activateCatalog("TY"));
  const root = document.getElementById("root");
  if (!root) throw new Error("index.html has no #root");
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();

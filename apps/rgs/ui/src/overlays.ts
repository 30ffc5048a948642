import { countUpAt, formatMultiplier, formatPeso } from "./format.ts";
import { type Lang, t } from "./i18n.ts";

/**
 * Full-screen moments (big win, free-spin intro) and the modal sheet used by the
 * paytable, history and fairness panels. Celebrations close on a tap or by themselves.
 */
export const BIG_WIN_MULTIPLE = 20n;

/** A big win is a win of at least 20 times the total bet. */
export function isBigWin(winMinor: bigint, totalBetMinor: bigint): boolean {
  return totalBetMinor > 0n && winMinor >= totalBetMinor * BIG_WIN_MULTIPLE;
}

function overlay(className: string): HTMLDivElement {
  const el = document.createElement("div");
  el.className = `overlay ${className}`;
  el.setAttribute("role", "dialog");
  el.setAttribute("aria-modal", "true");
  return el;
}

function coins(count: number): HTMLDivElement {
  const layer = document.createElement("div");
  layer.className = "coins";
  // Styles set through the CSSOM: the game server's CSP refuses inline style attributes.
  for (let i = 0; i < count; i++) {
    const coin = document.createElement("i");
    coin.style.left = `${(i * 37) % 100}%`;
    coin.style.animationDuration = `${1.6 + ((i * 7) % 10) / 8}s`;
    coin.style.animationDelay = `${-((i * 13) % 20) / 10}s`;
    layer.append(coin);
  }
  return layer;
}

/** The big-win overlay: the amount counts up from zero; a tap skips to the end, then closes. */
export function showBigWin(lang: Lang, winMinor: bigint): Promise<void> {
  return new Promise((resolve) => {
    const el = overlay("celebrate big-win");
    el.setAttribute("data-testid", "slot-big-win");
    el.innerHTML = `<div><h2>${t(lang, "bigWin")}</h2><div class="amount">${formatPeso(0n)}</div><p>${t(lang, "tapToContinue")}</p></div>`;
    el.prepend(coins(28));
    const amount = el.querySelector(".amount");
    const durationMs = 2600;
    const started = performance.now();
    let done = false;
    let closeTimer = 0;
    const close = () => {
      clearTimeout(closeTimer);
      el.remove();
      resolve();
    };
    const frame = (now: number) => {
      if (done) return;
      const progress = (now - started) / durationMs;
      if (amount) amount.textContent = formatPeso(countUpAt(winMinor, progress));
      if (progress < 1) requestAnimationFrame(frame);
      else finish();
    };
    const finish = () => {
      done = true;
      if (amount) amount.textContent = formatPeso(winMinor);
      closeTimer = window.setTimeout(close, 1800);
    };
    el.addEventListener("click", () => (done ? close() : finish()));
    document.body.append(el);
    requestAnimationFrame(frame);
  });
}

/** The free-spin intro: how many spins and the multiplier; starts on a tap or after 3 s. */
export function showFreeSpinIntro(lang: Lang, spins: number, multiplier: number): Promise<void> {
  return new Promise((resolve) => {
    const el = overlay("celebrate fs-intro");
    el.setAttribute("data-testid", "slot-free-spins-intro");
    el.innerHTML = `<div><h2>${t(lang, "freeSpins")}</h2><div class="amount">${t(lang, "freeSpinsWon", { n: spins })}</div><p>${t(lang, "multiplier")} ${formatMultiplier(multiplier)}</p><button type="button" class="btn">${t(lang, "start")}</button></div>`;
    el.prepend(coins(14));
    const timer = window.setTimeout(() => close(), 3000);
    const close = () => {
      clearTimeout(timer);
      el.remove();
      resolve();
    };
    el.addEventListener("click", close);
    document.body.append(el);
    el.querySelector("button")?.focus();
  });
}

/**
 * A modal sheet with a title and a close button; Escape and a tap outside close it, and focus
 * returns to the control that opened it.
 */
export function openSheet(lang: Lang, title: string, testId: string, body: HTMLElement): () => void {
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const el = overlay("sheet-overlay");
  const sheet = document.createElement("section");
  sheet.className = "sheet";
  sheet.setAttribute("data-testid", testId);
  sheet.setAttribute("aria-label", title);
  const heading = document.createElement("h2");
  heading.textContent = title;
  const closeBtn = document.createElement("button");
  closeBtn.type = "button";
  closeBtn.className = "icon-btn close";
  closeBtn.setAttribute("aria-label", t(lang, "close"));
  closeBtn.textContent = "✕";
  sheet.append(heading, closeBtn, body);
  el.append(sheet);
  const close = () => {
    document.removeEventListener("keydown", onKey);
    el.remove();
    opener?.focus();
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === "Escape") close();
  };
  closeBtn.addEventListener("click", close);
  el.addEventListener("click", (e) => {
    if (e.target === el) close();
  });
  document.addEventListener("keydown", onKey);
  document.body.append(el);
  closeBtn.focus();
  return close;
}

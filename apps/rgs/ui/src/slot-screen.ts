import type { RgsGameInfo } from "@panalo/contracts/rgs";
import { type Lang, t } from "./i18n.ts";
import { ReelsView } from "./reels.ts";
import { buildSprite } from "./symbols.ts";
import { WinLinesView } from "./win-lines.ts";

/**
 * The DOM of a slot game: top bar (lobby, name, sound, paytable, history), the themed machine
 * with its reels and win-line layer, the meters, the bet selector and the spin button. The
 * controller (slot-app.ts) fills it in; the `data-testid`s are the end-to-end tests' handles.
 */
export interface SlotScreen {
  reels: ReelsView;
  lines: WinLinesView;
  balance: HTMLElement;
  win: HTMLElement;
  totalBet: HTMLElement;
  bet: HTMLElement;
  betUp: HTMLButtonElement;
  betDown: HTMLButtonElement;
  spin: HTMLButtonElement;
  mute: HTMLButtonElement;
  paytable: HTMLButtonElement;
  history: HTMLButtonElement;
  /** The reels' window: a tap on it hurries a round (never starts one). */
  window: HTMLElement;
  winInfo: HTMLElement;
  /** A short notice that is not an error (a win still being paid). */
  notice: HTMLElement;
  /** The free spins left on the player's grant. */
  freeSpins: HTMLElement;
  banner: HTMLElement;
  error: HTMLElement;
  footer: HTMLElement;
}

const ICONS = {
  soundOn: `<svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true"><path d="M3 9v6h4l5 4V5L7 9H3zm13.5 3a4.5 4.5 0 0 0-2.5-4v8a4.5 4.5 0 0 0 2.5-4zM14 3.2v2.1a7 7 0 0 1 0 13.4v2.1a9 9 0 0 0 0-17.6z"/></svg>`,
  soundOff: `<svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true"><path d="M3 9v6h4l5 4V5L7 9H3zm13.6 3 2.7-2.7-1.4-1.4-2.7 2.7-2.7-2.7-1.4 1.4 2.7 2.7-2.7 2.7 1.4 1.4 2.7-2.7 2.7 2.7 1.4-1.4z"/></svg>`,
  info: `<svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true"><path d="M11 7h2v2h-2zm0 4h2v6h-2zm1-9a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 18a8 8 0 1 1 0-16 8 8 0 0 1 0 16z"/></svg>`,
  history: `<svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true"><path d="M13 3a9 9 0 0 0-9 9H1l4 4 4-4H6a7 7 0 1 1 2 4.9l-1.4 1.4A9 9 0 1 0 13 3zm-1 5v5l4.3 2.5.7-1.2-3.5-2.1V8z"/></svg>`,
  spin: `<svg viewBox="0 0 24 24" width="34" height="34" fill="currentColor" aria-hidden="true"><path d="M12 4V1L8 5l4 4V6a6 6 0 1 1-6 6H4a8 8 0 1 0 8-8z"/></svg>`,
};

export const soundIcon = (muted: boolean) => (muted ? ICONS.soundOff : ICONS.soundOn);

/** A lobby link only for an http(s) address: the parameter comes from the URL, never trusted as script. */
export function safeLobby(raw: string | null): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw, location.origin);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

function el<T extends HTMLElement>(root: HTMLElement, testId: string): T {
  const found = root.querySelector<T>(`[data-testid="${testId}"]`);
  if (!found) throw new Error(`slot screen: ${testId} missing`);
  return found;
}

export function buildSlotScreen(
  root: HTMLElement,
  lang: Lang,
  game: RgsGameInfo,
  lobby: string | null,
): SlotScreen {
  const [c1 = "#d68910", c2 = "#5b2c06"] = game.colours;
  root.style.setProperty("--c1", c1);
  root.style.setProperty("--c2", c2);
  const reelCount = game.reelCount;
  const reels = new ReelsView(game.id, reelCount, game.rows, game.symbols);
  const lines = new WinLinesView(reelCount, game.rows);
  const linesText = game.ways
    ? `${game.betUnits}× · ${t(lang, "ways")}`
    : `${game.lines.length} ${t(lang, "lines")}`;
  root.innerHTML = `<header class="topbar">
  ${lobby ? `<a class="icon-btn" data-testid="slot-lobby" href="" target="_top" aria-label="${t(lang, "lobby")}">←<span class="label">${t(lang, "lobby")}</span></a>` : ""}
  <h1></h1>
  <button type="button" class="icon-btn" data-testid="slot-mute"></button>
  <button type="button" class="icon-btn" data-testid="slot-paytable" aria-label="${t(lang, "paytable")}">${ICONS.info}<span class="label">${t(lang, "paytable")}</span></button>
  <button type="button" class="icon-btn" data-testid="slot-history" aria-label="${t(lang, "history")}">${ICONS.history}<span class="label">${t(lang, "history")}</span></button>
</header>
<main class="stage">
  <div class="machine">
    <div class="fs-banner" data-testid="slot-free-spins" hidden></div>
    <div class="window" data-testid="slot-window"></div>
  </div>
  <div class="win-info" aria-live="polite"></div>
  <div class="notice" data-testid="slot-notice" role="status" hidden></div>
  <div class="notice free-spins-left" data-testid="slot-free-spins-left" role="status" hidden></div>
  <div class="error" data-testid="slot-error" role="alert" hidden></div>
  <div class="meters">
    <div class="meter"><small>${t(lang, "balance")}</small><b data-testid="slot-balance"></b></div>
    <div class="meter"><small>${t(lang, "totalBet")}</small><b data-testid="slot-total-bet"></b></div>
    <div class="meter"><small>${t(lang, "win")}</small><b class="win-value" data-testid="slot-win"></b></div>
  </div>
  <div class="controls">
    <div class="bet" role="group" aria-label="${t(lang, "betPerLine")}">
      <button type="button" class="round-btn" data-testid="slot-bet-down" aria-label="${t(lang, "betDown")}">−</button>
      <div class="bet-value"><small>${t(lang, "betPerLine")}</small><b data-testid="slot-bet"></b><small>${linesText}</small></div>
      <button type="button" class="round-btn" data-testid="slot-bet-up" aria-label="${t(lang, "betUp")}">+</button>
    </div>
    <button type="button" class="spin-btn" data-testid="slot-spin" aria-label="${t(lang, "spin")}">${ICONS.spin}</button>
  </div>
  <p class="hint">${t(lang, "keyboardHint")}</p>
</main>
<footer class="footer"></footer>`;
  const title = root.querySelector("h1");
  if (title) title.textContent = game.name;
  const lobbyLink = root.querySelector<HTMLAnchorElement>("[data-testid=slot-lobby]");
  if (lobbyLink && lobby) lobbyLink.href = lobby;
  root.querySelector(".window")?.append(reels.root, lines.root);
  // Through the CSSOM, not a style attribute: the game server's CSP allows styles from 'self' only.
  const machine = root.querySelector<HTMLElement>(".machine");
  machine?.style.setProperty("--reels", String(reelCount));
  machine?.style.setProperty("--rows", String(game.rows));
  root.prepend(buildSprite(game.id, game.symbols, { wild: game.wild, scatter: game.scatter }, [c1, c2]));
  const q = (s: string) => {
    const found = root.querySelector<HTMLElement>(s);
    if (!found) throw new Error(`slot screen: ${s} missing`);
    return found;
  };
  return {
    reels,
    lines,
    balance: el(root, "slot-balance"),
    win: el(root, "slot-win"),
    totalBet: el(root, "slot-total-bet"),
    bet: el(root, "slot-bet"),
    betUp: el(root, "slot-bet-up"),
    betDown: el(root, "slot-bet-down"),
    spin: el(root, "slot-spin"),
    mute: el(root, "slot-mute"),
    paytable: el(root, "slot-paytable"),
    history: el(root, "slot-history"),
    window: el(root, "slot-window"),
    winInfo: q(".win-info"),
    notice: q(".notice"),
    freeSpins: el(root, "slot-free-spins-left"),
    banner: el(root, "slot-free-spins"),
    error: el(root, "slot-error"),
    footer: q(".footer"),
  };
}

import type { RgsFairness, RgsSeed } from "@panalo/contracts/rgs";
import { RgsApiError, rgsApi } from "./api.ts";
import { type Lang, t } from "./i18n.ts";

/**
 * Provably fair: the hash of the server seed is shown before play, the player sets
 * the client seed (which rotates the server seed and reveals the old one, with a link to verify
 * it), and the nonce counts the rounds on the current seed pair.
 */
export function verifyHref(params: Record<string, string | number>, lang: Lang): string {
  const q = new URLSearchParams({ lang });
  for (const [k, v] of Object.entries(params)) q.set(k, String(v));
  return `/rgs/verify?${q.toString()}`;
}

/** The panel's element id: a replay's "reveal the seed" link leads here (history-panel.ts). */
export const FAIRNESS_ID = "fairness";

export class FairnessPanel {
  readonly root: HTMLElement;
  private readonly hash: HTMLElement;
  private readonly nonce: HTMLElement;
  private readonly seedInput: HTMLInputElement;
  private readonly revealed: HTMLElement;
  /** The pair in use (its client seed) and the last round played on it in this visit. */
  private clientSeed = "";
  private lastRound: { nonce: number; betPerLine: string } | null = null;

  constructor(
    private readonly lang: Lang,
    private readonly sessionId: string,
    private readonly gameId: string,
    private readonly onError: (e: unknown) => void,
  ) {
    this.root = document.createElement("section");
    this.root.className = "fairness";
    this.root.id = FAIRNESS_ID;
    this.root.setAttribute("aria-label", t(lang, "fairness"));
    this.root.innerHTML = `<h3>${t(lang, "fairness")}</h3>
<div class="kv"><span>${t(lang, "serverHash")}</span><code data-testid="slot-server-hash"></code>
<span>${t(lang, "nonce")}: <b data-testid="slot-nonce"></b></span></div>
<form class="row seed-form"><label class="field"><span>${t(lang, "clientSeed")}</span>
<input data-testid="slot-client-seed" name="clientSeed" maxlength="64" required autocomplete="off" spellcheck="false"></label>
<button class="btn secondary" type="submit">${t(lang, "saveSeed")}</button></form>
<p class="revealed mono" aria-live="polite"></p><p class="hint-text">${t(lang, "seedNotRevealed")}</p>`;
    this.hash = this.get("[data-testid=slot-server-hash]");
    this.nonce = this.get("[data-testid=slot-nonce]");
    this.revealed = this.get(".revealed");
    const input = this.root.querySelector("input");
    if (!input) throw new Error("client seed input missing");
    this.seedInput = input;
    this.get("form").addEventListener("submit", (e) => {
      e.preventDefault();
      void this.changeSeed();
    });
  }

  private get(selector: string): HTMLElement {
    const el = this.root.querySelector<HTMLElement>(selector);
    if (!el) throw new Error(`fairness panel: ${selector} missing`);
    return el;
  }

  /** Shows the seed pair for the next round. */
  update(f: RgsFairness): void {
    this.hash.textContent = f.serverSeedHash;
    this.nonce.textContent = String(f.nonce);
    this.clientSeed = f.clientSeed;
    if (document.activeElement !== this.seedInput) this.seedInput.value = f.clientSeed;
  }

  /** A round was played on the current pair: its reveal link will verify that round. */
  played(nonce: number, betPerLine: string): void {
    this.lastRound = { nonce, betPerLine };
  }

  /** While a round is under way the seed pair must not change under it. */
  setBusy(busy: boolean): void {
    for (const el of this.root.querySelectorAll<HTMLInputElement | HTMLButtonElement>("input, button")) {
      el.disabled = busy;
    }
  }

  private async changeSeed(): Promise<void> {
    const clientSeed = this.seedInput.value.trim();
    if (!clientSeed) return;
    // The pair being retired: the revealed seed verifies rounds played with this client seed.
    const retired = { clientSeed: this.clientSeed, lastRound: this.lastRound };
    this.setBusy(true);
    try {
      const seed: RgsSeed = await rgsApi.setClientSeed(this.sessionId, clientSeed);
      this.lastRound = null;
      this.update({ serverSeedHash: seed.serverSeedHash, clientSeed: seed.clientSeed, nonce: seed.nonce });
      this.showRevealed(seed, retired);
    } catch (e) {
      this.onError(e instanceof RgsApiError ? e : new RgsApiError("NETWORK", "", null));
    } finally {
      this.setBusy(false);
    }
  }

  /**
   * The revealed seed with a link that verifies: the seed, its client seed and the hash shown
   * before play always (the verify page checks the hash); the last round played in this visit
   * too, when there was one, so the page recomputes that round at once.
   */
  private showRevealed(
    seed: RgsSeed,
    retired: { clientSeed: string; lastRound: { nonce: number; betPerLine: string } | null },
  ): void {
    const params: Record<string, string | number> = {
      gameId: this.gameId,
      serverSeed: seed.revealedServerSeed,
      hash: seed.revealedServerSeedHash,
    };
    if (retired.clientSeed) params.clientSeed = retired.clientSeed;
    if (retired.lastRound) {
      params.nonce = retired.lastRound.nonce;
      params.betPerLine = retired.lastRound.betPerLine;
    }
    this.revealed.innerHTML = "";
    const label = document.createElement("span");
    label.textContent = `${t(this.lang, "revealedSeed")}: ${seed.revealedServerSeed} (${seed.revealedServerSeedHash}) `;
    const a = document.createElement("a");
    a.href = verifyHref(params, this.lang);
    a.target = "_blank";
    a.rel = "noopener";
    a.dataset.testid = "slot-reveal-verify";
    a.textContent = t(this.lang, "verify");
    this.revealed.append(label, a);
  }
}

import type {
  CockfightBetView,
  CockfightEventView,
  CockfightFightView,
  CockfightSide,
} from "@panalo/contracts/cockfight";
import { RgsApiError, readEnvelope } from "./api.ts";
import { cockfightError, ct } from "./cockfight-texts.ts";
import { formatPeso, toMinor } from "./format.ts";
import type { Lang } from "./i18n.ts";
import "./cockfight.css";

/**
 * The cockfight arena in the game server's own client (phone first): the event's live video
 * (HLS; hls.js loaded only here, and only where the browser cannot play HLS itself), the fight
 * on the sand with meron and wala (owner, weight, record), the live pools and odds pushed over
 * /rgs/ws/cockfight/<game code> as bets come in, the bet panel, and the player's bets with each
 * fight's result and the odds paid.
 */
export interface CockfightSession {
  sessionId: string;
  playerId: number;
  currency: string;
  balance: string;
  event: CockfightEventView | null;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const CHIPS = ["50", "100", "500", "1000"];
const SIDES: CockfightSide[] = ["meron", "draw", "wala"];

/** The fight to show: one taking bets, else one waiting for its result, else the next, else the last. */
export function currentFight(fights: readonly CockfightFightView[]): CockfightFightView | null {
  const by = (s: CockfightFightView["status"]) => fights.filter((f) => f.status === s);
  return by("open")[0] ?? by("closed")[0] ?? by("scheduled")[0] ?? by("settled").at(-1) ?? null;
}

export class CockfightApp {
  private balance: bigint;
  private event: CockfightEventView | null;
  private bets: CockfightBetView[] = [];
  private amount = "100";
  private busy = false;
  private note: { text: string; kind: "ok" | "error" } = { text: "", kind: "ok" };
  private requestNo = 0;
  private ws: WebSocket | null = null;
  private stopped = false;
  private videoFor = "";
  private ticker: number | null = null;

  constructor(
    private readonly root: HTMLElement,
    private readonly lang: Lang,
    private readonly gameCode: string,
    private readonly s: CockfightSession,
  ) {
    this.balance = toMinor(s.balance);
    this.event = s.event;
    this.render();
    this.connect();
    void this.loadBets();
    this.ticker = window.setInterval(() => this.renderCountdown(), 1000);
  }

  stop(): void {
    this.stopped = true;
    this.ws?.close();
    if (this.ticker !== null) window.clearInterval(this.ticker);
  }

  private connect(): void {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(
      `${proto}://${location.host}/rgs/ws/cockfight/${encodeURIComponent(this.gameCode)}`,
    );
    this.ws = ws;
    ws.onopen = () => ws.send(JSON.stringify({ type: "auth", sessionId: this.s.sessionId }));
    ws.onmessage = (m) => this.onEvent(JSON.parse(String(m.data)));
    ws.onclose = () => {
      this.ws = null;
      if (!this.stopped) window.setTimeout(() => this.connect(), 1000);
    };
  }

  private onEvent(e: {
    type: string;
    event?: CockfightEventView | null;
    game?: CockfightFightView;
    mine?: { bet: string; win: string } | null;
  }): void {
    if (e.type === "hello" && e.event !== undefined) {
      this.event = e.event;
      this.render();
      return;
    }
    if (e.type !== "cockfight" || !e.game) return;
    const f = e.game;
    if (!this.event || this.event.eventId !== f.eventId) {
      // A fight of another (newer) event: read the arena again.
      void this.reload();
      return;
    }
    const i = this.event.fights.findIndex((x) => x.fightId === f.fightId);
    if (i >= 0) this.event.fights[i] = f;
    else this.event.fights.push(f);
    this.event.fights.sort((a, b) => a.fightNo - b.fightNo);
    if (f.status === "settled" && e.mine) {
      const win = toMinor(e.mine.win);
      this.balance += win;
      this.note =
        win > 0n
          ? { text: ct(this.lang, "won", { n: f.fightNo, w: formatPeso(win) }), kind: "ok" }
          : { text: ct(this.lang, "lost", { n: f.fightNo }), kind: "error" };
      void this.loadBets();
    }
    this.render();
  }

  private async get<T>(path: string): Promise<T> {
    const res = await fetch(`/rgs/api/cockfight/${path}`, {
      headers: { "x-lang": this.lang === "EN" ? "EN" : "TY" },
    });
    return readEnvelope(await res.json().catch(() => null), res.status) as T;
  }

  private async reload(): Promise<void> {
    this.event = await this.get<CockfightEventView | null>("current").catch(() => this.event);
    this.render();
  }

  private async loadBets(): Promise<void> {
    try {
      this.bets = await this.get<CockfightBetView[]>(
        `my-bets?sessionId=${encodeURIComponent(this.s.sessionId)}`,
      );
      this.renderBets();
    } catch {
      // the list stays as it was; the next result reloads it
    }
  }

  private async bet(side: CockfightSide): Promise<void> {
    const f = this.event ? currentFight(this.event.fights) : null;
    if (f?.status !== "open" || this.busy) return;
    this.busy = true;
    this.render();
    try {
      const res = await fetch("/rgs/api/cockfight/bet", {
        method: "POST",
        headers: { "content-type": "application/json", "x-lang": this.lang === "EN" ? "EN" : "TY" },
        body: JSON.stringify({
          sessionId: this.s.sessionId,
          fightId: f.fightId,
          requestId: `${Date.now().toString(36)}-${++this.requestNo}`,
          side,
          amount: this.amount,
        }),
      });
      const b = readEnvelope(await res.json().catch(() => null), res.status) as CockfightBetView;
      if (b.balance !== null) this.balance = toMinor(b.balance);
      this.note = {
        text: ct(this.lang, "placed", { a: formatPeso(toMinor(b.amount)), s: ct(this.lang, side) }),
        kind: "ok",
      };
      void this.loadBets();
    } catch (e) {
      const err = e instanceof RgsApiError ? e : new RgsApiError("NETWORK", "", null);
      if (err.balance !== null) this.balance = toMinor(err.balance);
      this.note = {
        text: cockfightError(this.lang, err.code, err.message || err.code, { min: f.minBet, max: f.maxBet }),
        kind: "error",
      };
    } finally {
      this.busy = false;
      this.render();
    }
  }

  /**
   * The video: hls.js (loaded only here) wherever Media Source Extensions exist, the browser's
   * own HLS elsewhere (iPhone Safari before MSE), so one player behaves the same on every screen.
   */
  private async attachVideo(video: HTMLVideoElement, url: string): Promise<void> {
    const mse = "MediaSource" in window || "ManagedMediaSource" in window;
    if (!mse) {
      video.src = url;
      video.dataset.hls = video.canPlayType("application/vnd.apple.mpegurl") ? "native" : "unsupported";
      return;
    }
    const { default: Hls } = await import("hls.js");
    if (!Hls.isSupported()) {
      video.src = url;
      video.dataset.hls = "native";
      return;
    }
    const hls = new Hls({ lowLatencyMode: true });
    hls.on(Hls.Events.MANIFEST_PARSED, () => {
      video.dataset.hls = "ready";
      void video.play().catch(() => undefined);
    });
    hls.on(Hls.Events.ERROR, (_e, d) => {
      if (d.fatal && video.dataset.hls !== "ready") video.dataset.hls = "error";
    });
    video.dataset.hls = "loading";
    hls.loadSource(url);
    hls.attachMedia(video);
  }

  private renderCountdown(): void {
    const el = this.root.querySelector<HTMLElement>("[data-countdown]");
    const at = el?.dataset.countdown;
    if (!el || !at) return;
    const s = Math.max(0, Math.ceil((Date.parse(at) - Date.now()) / 1000));
    el.textContent = ct(this.lang, "closesIn", { s });
  }

  private renderBets(): void {
    const list = this.root.querySelector<HTMLElement>(".cf-bets");
    if (!list) return;
    list.innerHTML = this.bets.length
      ? this.bets
          .map((b) => {
            const result = b.result ? ct(this.lang, b.result) : ct(this.lang, "pending");
            return `<li data-testid="cf-bet" data-fight="${b.fightNo}">
              <span>${esc(ct(this.lang, "fight", { n: b.fightNo }))} · ${esc(ct(this.lang, b.side))} ${esc(formatPeso(toMinor(b.amount)))}</span>
              <span class="cf-bet-result">${esc(result)}${b.oddsPaid ? ` · ${esc(b.oddsPaid)}` : ""}${
                b.win !== null ? ` · <b>${esc(formatPeso(toMinor(b.win)))}</b>` : ""
              }</span></li>`;
          })
          .join("")
      : `<li class="cf-empty">${esc(ct(this.lang, "noBets"))}</li>`;
  }

  private render(): void {
    const ev = this.event;
    if (!ev) {
      this.root.innerHTML = `<main class="cf"><p class="cf-empty" data-testid="cf-no-event">${esc(ct(this.lang, "noEvent"))}</p></main>`;
      return;
    }
    const f = currentFight(ev.fights);
    const entry = (side: "meron" | "wala") =>
      f
        ? `<div class="cf-entry cf-${side}">
            <strong>${esc(ct(this.lang, side))}</strong>
            <span>${esc(f[side].owner)}</span>
            <small>${esc(f[side].weight)}${f[side].record ? ` · ${esc(f[side].record)}` : ""}</small>
          </div>`
        : "";
    let state = "";
    if (f?.status === "settled" && f.result)
      state = ct(this.lang, "settled", { r: ct(this.lang, f.result), o: f.oddsPaid ?? "—" });
    else if (f) state = ct(this.lang, f.status === "settled" ? "closed" : f.status);
    const open = f?.status === "open";
    const sideButton = (side: CockfightSide) => {
      const odds = f ? f.odds[side] : null;
      return `<button type="button" class="cf-bet-btn cf-${side}" data-side="${side}" ${open && !this.busy ? "" : "disabled"}
        aria-label="${esc(ct(this.lang, "betOn", { s: ct(this.lang, side) }))}">
        <b>${esc(ct(this.lang, side))}</b>
        <span data-testid="cf-odds-${side}">${odds ? esc(odds) : "—"}</span>
        ${f && side !== "draw" ? `<small>${esc(ct(this.lang, "pool"))} ${esc(formatPeso(toMinor(f.pools[side])))}</small>` : ""}
      </button>`;
    };
    // The video element is kept across renders (the stream plays on).
    let video = this.root.querySelector<HTMLVideoElement>("video.cf-video");
    if (!video) {
      this.root.innerHTML = `<main class="cf">
        <header class="cf-head"><h1>${esc(ev.arena)}</h1><span class="cf-balance">${esc(ct(this.lang, "balance"))}: <b data-testid="cf-balance"></b></span></header>
        <video class="cf-video" muted playsinline autoplay controls aria-label="${esc(ct(this.lang, "video"))}"></video>
        <section class="cf-fight" aria-live="polite"></section>
        <section class="cf-panel"></section>
        <p class="cf-note" role="status"></p>
        <h2>${esc(ct(this.lang, "myBets"))}</h2>
        <ul class="cf-bets"></ul>
      </main>`;
      video = this.root.querySelector<HTMLVideoElement>("video.cf-video");
      this.renderBets();
    }
    if (video && this.videoFor !== ev.videoUrl) {
      this.videoFor = ev.videoUrl;
      void this.attachVideo(video, ev.videoUrl);
    }
    const fight = this.root.querySelector<HTMLElement>(".cf-fight");
    if (fight)
      fight.innerHTML = f
        ? `<h2 data-testid="cf-fight-no">${esc(ct(this.lang, "fight", { n: f.fightNo }))}</h2>
          <div class="cf-versus">${entry("meron")}<span class="cf-vs">VS</span>${entry("wala")}</div>
          <p class="cf-state" data-testid="cf-state" data-status="${f.status}">${esc(state)}</p>
          ${open && f.closesAt ? `<p class="cf-countdown" data-countdown="${esc(f.closesAt)}"></p>` : ""}`
        : `<p class="cf-empty">${esc(ct(this.lang, "noEvent"))}</p>`;
    const panel = this.root.querySelector<HTMLElement>(".cf-panel");
    if (panel) {
      panel.innerHTML = `<div class="cf-sides">${SIDES.map(sideButton).join("")}</div>
        <label class="cf-amount">${esc(ct(this.lang, "amount"))}
          <input type="text" inputmode="decimal" name="amount" value="${esc(this.amount)}" ${open ? "" : "disabled"} />
        </label>
        <div class="cf-chips">${CHIPS.map((c) => `<button type="button" class="cf-chip" data-chip="${c}" ${open ? "" : "disabled"}>${c}</button>`).join("")}</div>
        ${f && open ? `<small class="cf-odds-help">${esc(ct(this.lang, "odds", { o: f.odds.meron ?? "—" }))} · ${esc(ct(this.lang, "odds", { o: f.odds.wala ?? "—" }))}</small>` : ""}`;
      panel.querySelectorAll<HTMLButtonElement>("[data-side]").forEach((b) => {
        b.onclick = () => void this.bet(b.dataset.side as CockfightSide);
      });
      panel.querySelectorAll<HTMLButtonElement>("[data-chip]").forEach((b) => {
        b.onclick = () => {
          this.amount = b.dataset.chip ?? this.amount;
          this.render();
        };
      });
      const input = panel.querySelector<HTMLInputElement>("input[name=amount]");
      if (input) input.oninput = () => (this.amount = input.value.trim());
    }
    const bal = this.root.querySelector<HTMLElement>("[data-testid=cf-balance]");
    if (bal) bal.textContent = formatPeso(this.balance);
    const note = this.root.querySelector<HTMLElement>(".cf-note");
    if (note) {
      note.textContent = this.note.text;
      note.dataset.kind = this.note.kind;
    }
    this.renderCountdown();
  }
}

/** The arena: /rgs/cockfight/<gameCode>?token=…&lang=… */
export async function startCockfight(root: HTMLElement, gameCode: string, lang: Lang): Promise<CockfightApp> {
  const token = new URLSearchParams(location.search).get("token") ?? "";
  const res = await fetch("/rgs/api/cockfight/session", {
    method: "POST",
    headers: { "content-type": "application/json", "x-lang": lang === "EN" ? "EN" : "TY" },
    body: JSON.stringify({ token, gameCode, lang: lang === "EN" ? "EN" : "TY" }),
  });
  const s = readEnvelope(await res.json().catch(() => null), res.status) as CockfightSession;
  document.title = ct(lang, "title");
  return new CockfightApp(root, lang, gameCode, s);
}

/** The betting record's recall of one bet: its fight, the result and the odds paid. */
export async function startCockfightReplay(root: HTMLElement, betId: string, lang: Lang): Promise<void> {
  const res = await fetch(`/rgs/api/cockfight/replay/${encodeURIComponent(betId)}${location.search}`, {
    headers: { "x-lang": lang === "EN" ? "EN" : "TY" },
  });
  try {
    const v = readEnvelope(await res.json().catch(() => null), res.status) as {
      bet: CockfightBetView;
      fight: CockfightFightView | null;
    };
    const f = v.fight;
    document.title = ct(lang, "title");
    root.innerHTML = `<main class="cf cf-replay" data-testid="cf-replay">
      <h1>${esc(ct(lang, "fight", { n: v.bet.fightNo }))}</h1>
      ${f ? `<p>${esc(ct(lang, "meron"))}: ${esc(f.meron.owner)} · ${esc(ct(lang, "wala"))}: ${esc(f.wala.owner)}</p>` : ""}
      <p>${esc(ct(lang, v.bet.side))} · ${esc(formatPeso(toMinor(v.bet.amount)))}</p>
      <p data-testid="cf-replay-result">${
        v.bet.result
          ? esc(ct(lang, "settled", { r: ct(lang, v.bet.result), o: v.bet.oddsPaid ?? "—" }))
          : esc(ct(lang, "pending"))
      }</p>
      ${v.bet.win !== null ? `<p><b>${esc(formatPeso(toMinor(v.bet.win)))}</b></p>` : ""}
    </main>`;
  } catch (e) {
    root.innerHTML = `<main class="cf"><p class="cf-empty">${esc(e instanceof Error ? e.message : "")}</p></main>`;
  }
}

import type {
  BingoGameView,
  BingoPurchaseView,
  BingoRoomInfo,
  BingoTicketView,
} from "@panalo/contracts/bingo";
import { type BingoPrize, PRIZES, toGo } from "@panalo/game-math/bingo/index";
import { bt, errorText } from "./bingo-texts.ts";
import { formatPeso, toMinor } from "./format.ts";
import type { Lang } from "./i18n.ts";
import "./bingo.css";

/**
 * A bingo room in the game server's own client: no chat; the next game's
 * countdown, the ticket purchase, the called numbers board with the last ball, the player's
 * tickets ordered by how close each is to the prize being played for (daubed automatically or
 * by hand), the prizes with their winners, the player's win and a verify link once revealed.
 * Everyone in the room sees the same game, pushed over /rgs/ws/bingo/<room>.
 */
export interface BingoSession {
  sessionId: string;
  playerId: number;
  currency: string;
  balance: string;
  room: BingoRoomInfo;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const COUNTS = [1, 2, 3, 6, 12, 24];
const SHOWN = 6;

export class BingoApp {
  private balance: bigint;
  private game: BingoGameView | null;
  private players: number;
  private tickets: BingoTicketView[] = [];
  private count = 6;
  private auto = true;
  /** Numbers daubed by hand (manual mode), per game. */
  private daubed = new Set<number>();
  private myWin: bigint | null = null;
  /** The last game that ended, kept on screen while the next one sells: its prizes and my win. */
  private previous: { game: BingoGameView; win: bigint | null; held: number } | null = null;
  private ws: WebSocket | null = null;
  private timer: number | null = null;
  private requestNo = 0;
  private busy = false;
  private note: { text: string; kind: "ok" | "error" } = { text: "", kind: "ok" };

  constructor(
    private readonly root: HTMLElement,
    private readonly lang: Lang,
    private readonly s: BingoSession,
  ) {
    this.balance = toMinor(s.balance);
    this.game = s.room.game;
    this.players = s.room.players;
    this.count = Math.min(6, s.room.maxTickets);
    this.render();
    this.connect();
    void this.loadTickets();
    this.timer = window.setInterval(() => this.tick(), 250);
  }

  private connect(): void {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(
      `${proto}://${location.host}/rgs/ws/bingo/${encodeURIComponent(this.s.room.id)}`,
    );
    this.ws = ws;
    ws.onopen = () => ws.send(JSON.stringify({ type: "auth", sessionId: this.s.sessionId }));
    ws.onmessage = (m) => this.onEvent(JSON.parse(String(m.data)));
    ws.onclose = () => {
      this.ws = null;
      if (this.timer !== null) window.setTimeout(() => this.connect(), 1000);
    };
  }

  private async loadTickets(): Promise<void> {
    const g = this.game;
    if (!g) return;
    const res = await fetch(
      `/rgs/api/bingo/my-tickets?sessionId=${encodeURIComponent(this.s.sessionId)}&gameId=${encodeURIComponent(g.gameId)}`,
    ).catch(() => null);
    const json = res ? ((await res.json()) as { success: boolean; value?: BingoPurchaseView[] }) : null;
    if (json?.success && json.value && this.game?.gameId === g.gameId) {
      this.tickets = json.value.flatMap((p) => p.tickets);
      this.render();
    }
  }

  private async loadPrevious(gameId: string): Promise<void> {
    const res = await fetch(`/rgs/api/bingo/games/${encodeURIComponent(gameId)}`).catch(() => null);
    const json = res ? ((await res.json()) as { success: boolean; value?: BingoGameView }) : null;
    if (json?.success && json.value && this.previous?.game.gameId === gameId) {
      this.previous.game = json.value;
      this.render();
    }
  }

  private onEvent(e: {
    type: string;
    game?: BingoGameView | null;
    players?: number;
    mine?: { bet: string; win: string } | null;
  }): void {
    if (typeof e.players === "number") this.players = e.players;
    if (!e.game) {
      this.render();
      return;
    }
    const fresh = e.game.gameId !== this.game?.gameId;
    const before = this.game;
    if (fresh && before && before.status !== "selling") {
      this.previous = { game: before, win: this.myWin, held: this.tickets.length };
      // Missed its last event (a reconnect): the game's final view, seed and prizes included.
      if (before.status !== "settled" && before.status !== "void") void this.loadPrevious(before.gameId);
    }
    this.game = e.game;
    if (fresh) {
      this.tickets = [];
      this.daubed.clear();
      this.myWin = null;
      this.message("");
      void this.loadTickets();
    }
    if (e.game.status === "settled" && e.mine) {
      const win = toMinor(e.mine.win);
      if (this.myWin === null) this.balance += win;
      this.myWin = win;
    }
    if (e.game.status === "void") {
      if (this.tickets.length) this.balance += toMinor(e.game.ticketPrice) * BigInt(this.tickets.length);
      this.message(bt(this.lang, "void"));
    }
    this.render();
  }

  private secondsLeft(): number {
    if (this.game?.status !== "selling") return 0;
    return Math.max(0, Math.ceil((Date.parse(this.game.startsAt) - Date.now()) / 1000));
  }

  private statusText(): string {
    const g = this.game;
    if (!g) return bt(this.lang, "waiting");
    if (g.status === "selling") return bt(this.lang, "nextGame", { n: g.gameNo, s: this.secondsLeft() });
    if (g.status === "drawing") return bt(this.lang, "drawing", { n: g.gameNo, b: g.balls.length });
    return bt(this.lang, "over", { n: g.gameNo });
  }

  private tick(): void {
    const el = this.root.querySelector<HTMLElement>("[data-testid=bingo-status]");
    if (el) el.textContent = this.statusText();
    this.root.dataset.phase = this.game?.status ?? "waiting";
    const buy = this.root.querySelector<HTMLButtonElement>("[data-testid=bingo-buy]");
    if (buy) buy.disabled = this.busy || this.game?.status !== "selling" || this.secondsLeft() <= 0;
  }

  private message(text: string, kind: "ok" | "error" = "ok"): void {
    this.note = { text, kind };
    const el = this.root.querySelector<HTMLElement>("[data-testid=bingo-message]");
    if (!el) return;
    el.textContent = text;
    el.className = `table-msg ${kind}`;
  }

  /** The prize now played for: the first one not yet shown as won. */
  private currentPrize(): BingoPrize {
    const g = this.game;
    const kind = g?.kind ?? this.s.room.kind;
    const won = new Set((g?.prizes ?? []).filter((p) => p.at !== null).map((p) => p.prize));
    const list = PRIZES[kind];
    return list.find((p) => !won.has(p)) ?? (list[list.length - 1] as BingoPrize);
  }

  private marks(): Set<number> {
    const called = new Set(this.game?.balls ?? []);
    if (this.auto) return called;
    return new Set([...this.daubed].filter((n) => called.has(n)));
  }

  private ticketHtml(
    t: BingoTicketView,
    called: Set<number>,
    marks: Set<number>,
    winners: Set<number>,
  ): string {
    const kind = this.game?.kind ?? this.s.room.kind;
    const left = toGo(kind, t.numbers, called, this.currentPrize());
    const cells = t.numbers
      .map(
        (row) =>
          `<tr>${row
            .map((n) =>
              n === 0
                ? `<td class="blank${kind === "bingo75" ? " free" : ""}">${kind === "bingo75" ? "★" : ""}</td>`
                : `<td><button type="button" class="cell${marks.has(n) ? " daubed" : ""}${called.has(n) && !marks.has(n) ? " due" : ""}" data-n="${n}" aria-pressed="${marks.has(n)}">${n}</button></td>`,
            )
            .join("")}</tr>`,
      )
      .join("");
    return `<figure class="bingo-ticket${winners.has(t.ticketNo) ? " winner" : ""}" data-testid="bingo-ticket" data-ticket="${t.ticketNo}" data-togo="${left}">
      <figcaption>#${t.ticketNo} · <b>${bt(this.lang, "toGo", { n: left })}</b></figcaption>
      <table class="grid-${kind}"><tbody>${cells}</tbody></table></figure>`;
  }

  /** The game just ended (or, while the next one sells, the last one): prizes, my win, verify. */
  private resultHtml(): string {
    const g = this.game;
    const r =
      g && (g.status === "settled" || g.status === "void")
        ? { game: g, win: this.myWin, held: this.tickets.length }
        : this.previous;
    if (!r) return "";
    const x = r.game;
    const href = x.seed
      ? `/rgs/verify?bingo=${x.kind}&seed=${x.seed}&hash=${x.seedHash}&lang=${this.lang}`
      : null;
    const mine =
      x.status === "void"
        ? bt(this.lang, "void")
        : r.held > 0
          ? r.win
            ? bt(this.lang, "myWin", { p: formatPeso(r.win) })
            : bt(this.lang, "noWin")
          : "";
    return `<section class="bingo-result" aria-label="${esc(bt(this.lang, "over", { n: x.gameNo }))}" data-game="${x.gameId}">
      <p class="my-result" data-testid="bingo-result"><b>${bt(this.lang, "over", { n: x.gameNo })}</b>${mine ? ` — ${mine}` : ""}</p>
      <ul data-testid="bingo-result-prizes">${x.prizes
        .map(
          (p) =>
            `<li data-prize="${p.prize}" class="${p.at !== null ? "won" : ""}"><b>${bt(this.lang, p.prize)}</b> ${formatPeso(toMinor(p.amount))}${
              p.at !== null
                ? ` — ${esc(bt(this.lang, "wonBy", { b: p.at, t: p.winners.map((w) => `#${w.ticketNo} (${formatPeso(toMinor(w.share))})`).join(", ") }))}`
                : ""
            }</li>`,
        )
        .join("")}</ul>
      ${href ? `<a class="verify-link" data-testid="bingo-verify" href="${href}" target="_blank" rel="noopener">${bt(this.lang, "verify")}</a>` : ""}
    </section>`;
  }

  private render(): void {
    const g = this.game;
    const room = this.s.room;
    const kind = g?.kind ?? room.kind;
    const called = new Set(g?.balls ?? []);
    const marks = this.marks();
    const last = g?.balls[g.balls.length - 1];
    const winners = new Set((g?.prizes ?? []).flatMap((p) => p.winners.map((w) => w.ticketNo)));
    const prize = this.currentPrize();
    const sorted = [...this.tickets].sort(
      (a, b) =>
        toGo(kind, a.numbers, called, prize) - toGo(kind, b.numbers, called, prize) ||
        a.ticketNo - b.ticketNo,
    );
    const price = toMinor(g?.ticketPrice ?? room.ticketPrice);
    const max = Math.max(1, room.maxTickets - this.tickets.length);
    const counts = COUNTS.filter((c) => c <= max);
    if (!counts.includes(this.count)) this.count = counts[counts.length - 1] ?? 1;
    const board = Array.from({ length: kind === "bingo90" ? 90 : 75 }, (_, i) => i + 1)
      .map(
        (n) => `<i class="${called.has(n) ? "on" : ""}${n === last ? " last" : ""}" data-n="${n}">${n}</i>`,
      )
      .join("");
    this.root.innerHTML = `<div class="table-app bingo-app kind-${kind}">
      <header class="table-head"><h1>${esc(this.lang === "TY" ? room.name.TY : room.name.EN)}</h1>
        <span data-testid="bingo-players">${bt(this.lang, "players", { n: this.players })}</span>
        <span class="balance">${bt(this.lang, "balance")}: <b data-testid="bingo-balance">${formatPeso(this.balance)}</b></span></header>
      <div class="table-status"><span data-testid="bingo-status" role="timer" aria-live="off">${this.statusText()}</span>
        <span>${bt(this.lang, "price", { p: formatPeso(price) })} · <b data-testid="bingo-pool">${bt(this.lang, "pool", { p: formatPeso(toMinor(g?.pool ?? "0.00")) })}</b></span></div>
      <section class="bingo-buy" aria-label="${bt(this.lang, "tickets")}">
        <div class="count-rack" role="radiogroup" aria-label="${bt(this.lang, "tickets")}">${counts
          .map(
            (c) =>
              `<button type="button" role="radio" aria-checked="${c === this.count}" class="chip${c === this.count ? " selected" : ""}" data-count="${c}">${c}</button>`,
          )
          .join("")}</div>
        <button type="button" class="btn primary" data-testid="bingo-buy">${bt(this.lang, "buy", { n: this.count, p: formatPeso(price * BigInt(this.count)) })}</button>
        <label class="auto"><input type="checkbox" data-testid="bingo-auto" ${this.auto ? "checked" : ""}> ${bt(this.lang, "auto")}</label>
      </section>
      <p data-testid="bingo-message" class="table-msg ${this.note.kind}" role="status">${esc(this.note.text)}</p>
      <section class="bingo-draw" aria-label="${bt(this.lang, "called")}">
        <div class="last-ball" data-testid="bingo-last-ball" role="status" aria-label="${bt(this.lang, "lastBall")}">${last ?? "–"}</div>
        <div class="called-board board-${kind}" data-testid="bingo-board" data-called="${called.size}">${board}</div>
      </section>
      <section class="bingo-prizes" data-testid="bingo-prizes" aria-label="${bt(this.lang, "prizes")}"><ul>${(
        g?.prizes ?? []
      )
        .map(
          (p) =>
            `<li data-prize="${p.prize}" class="${p.at !== null ? "won" : ""}${p.prize === prize && g?.status === "drawing" ? " current" : ""}"><b>${bt(this.lang, p.prize)}</b> ${formatPeso(toMinor(p.amount))}${
              p.at !== null
                ? ` — ${esc(bt(this.lang, "wonBy", { b: p.at, t: p.winners.map((w) => `#${w.ticketNo} (${formatPeso(toMinor(w.share))})`).join(", ") }))}`
                : ""
            }</li>`,
        )
        .join("")}</ul>
        <p class="commit">${bt(this.lang, "commitment")}: <code>${g ? `${g.seedHash.slice(0, 16)}…` : ""}</code></p></section>
      ${this.resultHtml()}
      <section class="bingo-tickets" aria-label="${bt(this.lang, "myTickets")}"><h3>${bt(this.lang, "myTickets")} (${this.tickets.length})</h3>
        ${
          sorted.length
            ? `<div class="ticket-list" tabindex="0" role="region" aria-label="${bt(this.lang, "myTickets")}" data-testid="bingo-tickets">${sorted
                .slice(0, SHOWN)
                .map((t) => this.ticketHtml(t, called, marks, winners))
                .join("")}${
                sorted.length > SHOWN
                  ? `<details><summary>+${sorted.length - SHOWN}</summary>${sorted
                      .slice(SHOWN)
                      .map((t) => this.ticketHtml(t, called, marks, winners))
                      .join("")}</details>`
                  : ""
              }</div>`
            : `<p class="muted">${bt(this.lang, "noTickets")}</p>`
        }
      </section>
    </div>`;
    this.bind();
    this.tick();
  }

  private bind(): void {
    for (const b of this.root.querySelectorAll<HTMLButtonElement>("[data-count]"))
      b.addEventListener("click", () => {
        this.count = Number(b.dataset.count);
        this.render();
      });
    this.root.querySelector("[data-testid=bingo-buy]")?.addEventListener("click", () => void this.buy());
    this.root.querySelector<HTMLInputElement>("[data-testid=bingo-auto]")?.addEventListener("change", (e) => {
      this.auto = (e.target as HTMLInputElement).checked;
      if (!this.auto) for (const n of this.game?.balls ?? []) this.daubed.add(n);
      this.render();
    });
    // Daubing by hand: a called number can be marked (or unmarked); an uncalled one cannot.
    for (const c of this.root.querySelectorAll<HTMLButtonElement>(".bingo-ticket .cell"))
      c.addEventListener("click", () => {
        const n = Number(c.dataset.n);
        if (this.auto || !this.game?.balls.includes(n)) return;
        if (this.daubed.has(n)) this.daubed.delete(n);
        else this.daubed.add(n);
        this.render();
      });
  }

  private async buy(): Promise<void> {
    const g = this.game;
    if (g?.status !== "selling" || this.busy) return;
    this.busy = true;
    this.tick();
    const count = this.count;
    try {
      const res = await fetch("/rgs/api/bingo/buy", {
        method: "POST",
        headers: { "content-type": "application/json", "x-lang": this.lang === "TY" ? "TY" : "EN" },
        body: JSON.stringify({
          sessionId: this.s.sessionId,
          gameId: g.gameId,
          requestId: `${g.gameId.slice(0, 8)}-${Date.now().toString(36)}-${this.requestNo++}`,
          count,
        }),
      });
      const json = (await res.json()) as {
        success: boolean;
        code?: string;
        message?: string;
        balance?: string;
        value?: BingoPurchaseView;
      };
      if (!json.success || !json.value) {
        if (json.balance) this.balance = toMinor(json.balance);
        this.busy = false;
        this.render();
        this.message(
          errorText(this.lang, json.code ?? "", json.message ?? "", { max: this.s.room.maxTickets }),
          "error",
        );
        return;
      }
      const v = json.value;
      if (this.game?.gameId === v.gameId)
        this.tickets = [
          ...this.tickets.filter((t) => !v.tickets.some((x) => x.ticketNo === t.ticketNo)),
          ...v.tickets,
        ];
      if (v.balance) this.balance = toMinor(v.balance);
      this.busy = false;
      this.render();
      this.message(bt(this.lang, "bought", { n: v.count }));
    } catch {
      this.busy = false;
      this.render();
      this.message(errorText(this.lang, "PLATFORM_UNAVAILABLE", ""), "error");
    }
  }

  destroy(): void {
    if (this.timer !== null) window.clearInterval(this.timer);
    this.timer = null;
    this.ws?.close();
  }
}

import type { CrashBetView, CrashRoomInfo, CrashRoundView } from "@panalo/contracts/crash";
import { formatX, multiplierAt } from "@panalo/game-math/crash/index";
import { crashError, ct } from "./crash-texts.ts";
import { formatPeso, toMinor } from "./format.ts";
import type { Lang } from "./i18n.ts";
import "./crash.css";

/**
 * The crash room in the game server's own client: the history strip of crash points, the curve
 * (drawn on the server's clock: the offset to it comes with every round view), the bet with an
 * optional automatic cash-out, the cash-out button, the players of the round with their
 * cash-outs, and the player's own bets. The server decides every cash-out by the time the request
 * reached it; this screen only shows what it answered.
 */
export interface CrashSession {
  sessionId: string;
  playerId: number;
  currency: string;
  balance: string;
  room: CrashRoomInfo;
}

interface Row {
  betId: string;
  player: string;
  amount: string;
  cashout: string | null;
  win: string | null;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const chipClass = (x100: number) => (x100 < 200 ? "low" : x100 < 1000 ? "mid" : "high");

export class CrashApp {
  private round: CrashRoundView | null;
  private balance: bigint;
  private offset = 0;
  private mine: CrashBetView | null = null;
  private rows = new Map<string, Row>();
  private strip: CrashRoundView[] = [];
  private frame = 0;
  private requestNo = 0;
  private busy = false;
  private players: number;
  private readonly el = {} as Record<
    | "balance"
    | "history"
    | "canvas"
    | "multiplier"
    | "status"
    | "amount"
    | "auto"
    | "bet"
    | "cashout"
    | "message"
    | "players"
    | "players-title"
    | "my-bets"
    | "strip",
    HTMLElement
  >;

  constructor(
    private readonly root: HTMLElement,
    private readonly lang: Lang,
    private readonly s: CrashSession,
  ) {
    this.round = s.room.round;
    this.players = s.room.players;
    this.balance = toMinor(s.balance);
    if (this.round) this.offset = this.round.serverTime - Date.now();
    this.build();
    this.connect();
    void this.loadStrip();
    void this.loadRound();
    void this.loadMine();
    const loop = () => {
      this.draw();
      this.frame = requestAnimationFrame(loop);
    };
    this.frame = requestAnimationFrame(loop);
  }

  private now = () => Date.now() + this.offset;

  private connect(): void {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(
      `${proto}://${location.host}/rgs/ws/crash/${encodeURIComponent(this.s.room.id)}`,
    );
    ws.onopen = () => ws.send(JSON.stringify({ type: "auth", sessionId: this.s.sessionId }));
    ws.onmessage = (m) => this.onEvent(JSON.parse(String(m.data)));
    ws.onclose = () => {
      if (this.frame) window.setTimeout(() => this.connect(), 1000);
    };
  }

  private async api<T>(
    path: string,
    body?: unknown,
  ): Promise<
    { ok: true; value: T } | { ok: false; code: string; message: string; params?: Record<string, string> }
  > {
    try {
      const res = await fetch(`/rgs/api/crash/${path}`, {
        method: body === undefined ? "GET" : "POST",
        headers: body === undefined ? {} : { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = (await res.json()) as {
        success: boolean;
        value?: T;
        code?: string;
        message?: string;
        params?: Record<string, string>;
      };
      if (json.success && json.value !== undefined) return { ok: true, value: json.value };
      return { ok: false, code: json.code ?? "ERROR", message: json.message ?? "", params: json.params };
    } catch {
      return { ok: false, code: "NETWORK", message: "" };
    }
  }

  private async loadStrip(): Promise<void> {
    const r = await this.api<CrashRoundView[]>(
      `rounds?roomId=${encodeURIComponent(this.s.room.id)}&limit=20`,
    );
    if (r.ok) {
      this.strip = r.value;
      this.renderStrip();
    }
  }

  private async loadRound(): Promise<void> {
    const g = this.round;
    if (!g) return;
    const r = await this.api<{ round: CrashRoundView; bets: Row[] }>(`rounds/${g.roundId}`);
    if (r.ok && this.round?.roundId === g.roundId) {
      for (const b of r.value.bets) this.rows.set(b.betId, b);
      this.renderPlayers();
    }
  }

  private async loadMine(): Promise<void> {
    const r = await this.api<CrashBetView[]>(
      `my-bets?sessionId=${encodeURIComponent(this.s.sessionId)}&limit=20`,
    );
    if (!r.ok) return;
    const current = r.value.find((b) => b.roundId === this.round?.roundId);
    if (current) this.mine = current;
    this.el.history.innerHTML = r.value
      .map(
        (b) =>
          `<tr><td>#${b.roundNo ?? ""}</td><td>${formatPeso(toMinor(b.amount))}</td><td>${b.cashout ? `${b.cashout}x` : "–"}</td><td>${b.crash ? `${b.crash}x` : "…"}</td><td>${b.win !== null && b.cashout ? formatPeso(toMinor(b.win)) : b.status === "placed" ? "…" : formatPeso(0n)}</td></tr>`,
      )
      .join("");
    this.renderBet();
  }

  private onEvent(e: {
    type: string;
    game?: CrashRoundView | { roundNo: number; items: Array<Record<string, string>> } | null;
    players?: number;
    mine?: { bet: string; win: string } | null;
  }): void {
    if (typeof e.players === "number") {
      this.players = e.players;
    }
    if (e.type === "crash.feed" && e.game && "items" in e.game) {
      if (e.game.roundNo !== this.round?.roundNo) return;
      for (const it of e.game.items) {
        const id = it.betId ?? "";
        const row = this.rows.get(id) ?? {
          betId: id,
          player: it.player ?? "",
          amount: it.amount ?? "0.00",
          cashout: null,
          win: null,
        };
        if (it.kind === "cashout") {
          row.cashout = it.cashout ?? null;
          row.win = it.win ?? null;
          if (this.mine?.betId === id) {
            this.mine = { ...this.mine, cashout: row.cashout, win: row.win };
            this.renderBet();
          }
        }
        this.rows.set(id, row);
      }
      this.renderPlayers();
      return;
    }
    if (!e.game || !("roundId" in e.game)) return;
    const g = e.game;
    this.offset = g.serverTime - Date.now();
    const fresh = g.roundId !== this.round?.roundId;
    this.round = g;
    if (fresh) {
      this.rows.clear();
      if (this.mine && this.mine.roundId !== g.roundId) this.mine = null;
      void this.loadRound();
    }
    if (g.status === "settled") {
      if (!this.strip.some((x) => x.roundId === g.roundId)) this.strip = [g, ...this.strip].slice(0, 20);
      this.renderStrip();
      void this.loadMine();
      if (e.mine) void this.refreshBalance();
    }
    this.renderBet();
    this.renderPlayers();
  }

  private async refreshBalance(): Promise<void> {
    // The settlement's credit carries the balance; the player's list shows it again.
    const r = await this.api<CrashBetView[]>(
      `my-bets?sessionId=${encodeURIComponent(this.s.sessionId)}&limit=1`,
    );
    const b = r.ok ? r.value[0] : undefined;
    if (b?.balance) {
      this.balance = toMinor(b.balance);
      this.el.balance.textContent = formatPeso(this.balance);
    }
  }

  private build(): void {
    const room = this.s.room;
    const name = room.name[this.lang] ?? room.name.EN ?? room.id;
    this.root.innerHTML = `<div class="crash-app">
      <header class="crash-head"><h1>${esc(name)}</h1>
        <span class="balance">${ct(this.lang, "balance", { b: `<b data-testid="crash-balance">${formatPeso(this.balance)}</b>` })}</span></header>
      <section class="crash-strip" aria-label="${ct(this.lang, "history")}"><ol data-testid="crash-history"></ol></section>
      <section class="crash-stage">
        <canvas data-testid="crash-canvas" aria-hidden="true"></canvas>
        <div class="crash-x" data-testid="crash-multiplier" role="timer" aria-live="off">1.00x</div>
        <p class="crash-status" data-testid="crash-status" role="status"></p>
      </section>
      <section class="crash-bet">
        <label>${ct(this.lang, "amount")} <input data-testid="crash-amount" inputmode="decimal" value="${esc(room.minBet === "1.00" ? "10.00" : room.minBet)}"></label>
        <label>${ct(this.lang, "auto")} <input data-testid="crash-auto" inputmode="decimal" placeholder="2.00"></label>
        <button type="button" class="btn primary" data-testid="crash-bet">${ct(this.lang, "placeBet")}</button>
        <button type="button" class="btn cash" data-testid="crash-cashout" hidden></button>
        <p class="crash-msg" data-testid="crash-message" role="status"></p>
      </section>
      <section class="crash-lists">
        <div><h2 data-testid="crash-players-title"></h2>
          <table class="crash-players"><thead><tr><th>${ct(this.lang, "player")}</th><th>${ct(this.lang, "amount")}</th><th>${ct(this.lang, "cashout")}</th><th>${ct(this.lang, "win")}</th></tr></thead>
          <tbody data-testid="crash-players"></tbody></table></div>
        <div><h2>${ct(this.lang, "myHistory")}</h2>
          <table class="crash-mine"><thead><tr><th>${ct(this.lang, "round")}</th><th>${ct(this.lang, "amount")}</th><th>${ct(this.lang, "cashout")}</th><th>Crash</th><th>${ct(this.lang, "win")}</th></tr></thead>
          <tbody data-testid="crash-my-bets"></tbody></table></div>
      </section>
      <footer class="crash-fair"><small>${ct(this.lang, "fair", { h: `<code>${room.chain.terminatingHash.slice(0, 16)}…</code>`, s: `<code>${esc(room.chain.salt)}</code>` })}</small>${
        room.nextChain
          ? ` <small data-testid="crash-next-chain">${ct(this.lang, "nextChain", { n: room.nextChain.firstRound, h: `<code>${esc(room.nextChain.terminatingHash)}</code>`, s: `<code>${esc(room.nextChain.salt)}</code>` })}</small>`
          : ""
      }
        <a data-testid="crash-verify" href="/rgs/verify?crash=${encodeURIComponent(room.id)}&lang=${this.lang}" target="_blank" rel="noopener">${ct(this.lang, "verify")}</a></footer>
    </div>`;
    const q = (id: string) => this.root.querySelector(`[data-testid="${id}"]`) as HTMLElement;
    for (const id of [
      "balance",
      "canvas",
      "multiplier",
      "status",
      "amount",
      "auto",
      "bet",
      "cashout",
      "message",
      "players",
      "players-title",
      "my-bets",
    ] as const)
      this.el[id] = q(`crash-${id}`);
    this.el.history = q("crash-my-bets");
    this.el.strip = q("crash-history");
    this.el.bet.addEventListener("click", () => void this.placeBet());
    this.el.cashout.addEventListener("click", () => void this.cashOut());
    this.renderBet();
    this.renderPlayers();
  }

  private say(text: string, kind: "ok" | "error"): void {
    this.el.message.textContent = text;
    this.el.message.className = `crash-msg ${kind}`;
  }

  private async placeBet(): Promise<void> {
    const g = this.round;
    if (g?.status !== "betting" || this.busy) return;
    this.busy = true;
    const amount = (this.el.amount as HTMLInputElement).value.trim();
    const auto = (this.el.auto as HTMLInputElement).value.trim();
    const r = await this.api<CrashBetView>("bet", {
      sessionId: this.s.sessionId,
      roundId: g.roundId,
      requestId: `${g.roundId.slice(0, 8)}-${Date.now().toString(36)}-${this.requestNo++}`,
      amount,
      ...(auto ? { autoCashout: auto } : {}),
    });
    this.busy = false;
    if (r.ok) {
      this.mine = r.value;
      if (r.value.balance) this.balance = toMinor(r.value.balance);
      this.el.balance.textContent = formatPeso(this.balance);
      this.say(ct(this.lang, "betIn", { a: formatPeso(toMinor(r.value.amount)) }), "ok");
      this.rows.set(r.value.betId, { ...r.value });
      this.renderPlayers();
    } else this.say(crashError(this.lang, r.code, r.message, r.params), "error");
    this.renderBet();
  }

  private async cashOut(): Promise<void> {
    const g = this.round;
    if (!g || !this.mine || this.busy) return;
    this.busy = true;
    const r = await this.api<CrashBetView>("cashout", { sessionId: this.s.sessionId, roundId: g.roundId });
    this.busy = false;
    if (r.ok) {
      this.mine = r.value;
      if (r.value.balance) {
        this.balance = toMinor(r.value.balance);
        this.el.balance.textContent = formatPeso(this.balance);
      } else if (r.value.win) {
        // The win is credited just after the answer (no balance in it yet): shown added now,
        // and the platform's balance is read again at the settlement.
        this.balance += toMinor(r.value.win);
        this.el.balance.textContent = formatPeso(this.balance);
      }
    } else {
      this.mine = { ...this.mine, status: "lost" };
      this.say(crashError(this.lang, r.code, r.message), "error");
    }
    this.renderBet();
  }

  private renderBet(): void {
    const g = this.round;
    const m = this.mine && g && this.mine.roundId === g.roundId ? this.mine : null;
    (this.el.bet as HTMLButtonElement).hidden = g?.status !== "betting" || m !== null;
    const canCash =
      g?.status === "flying" && m !== null && m.cashout === null && m.status === "placed" && g.crash === null;
    (this.el.cashout as HTMLButtonElement).hidden = !canCash;
    if (m?.cashout && m.win)
      this.say(ct(this.lang, "cashedOut", { x: `${m.cashout}x`, w: formatPeso(toMinor(m.win)) }), "ok");
    else if (m && g?.crash && !m.cashout) this.say(ct(this.lang, "lost"), "error");
  }

  private renderPlayers(): void {
    const list = [...this.rows.values()];
    this.el["players-title"].textContent = ct(this.lang, "players", { n: list.length });
    this.el.players.innerHTML = list
      .sort((a, b) => (b.cashout ? 1 : 0) - (a.cashout ? 1 : 0) || Number(b.amount) - Number(a.amount))
      .slice(0, 100)
      .map(
        (r) =>
          `<tr class="${r.cashout ? "won" : this.round?.crash ? "lost" : ""}" data-bet="${esc(r.betId)}"><td>${esc(r.player)}</td><td>${formatPeso(toMinor(r.amount))}</td><td>${r.cashout ? `${esc(r.cashout)}x` : "–"}</td><td>${r.win && r.cashout ? formatPeso(toMinor(r.win)) : "–"}</td></tr>`,
      )
      .join("");
  }

  private renderStrip(): void {
    this.el.strip.innerHTML = this.strip
      .filter((g) => g.crashX100 !== null)
      .map(
        (g) =>
          `<li class="${chipClass(g.crashX100 ?? 100)}" title="#${g.roundNo}">${formatX(g.crashX100 ?? 100)}</li>`,
      )
      .join("");
  }

  /** One frame: the multiplier and the curve on the server's clock. */
  private draw(): void {
    const g = this.round;
    const canvas = this.el.canvas as HTMLCanvasElement;
    const now = this.now();
    let x100 = 100;
    let status = ct(this.lang, "waiting");
    let over = false;
    if (g?.status === "betting") {
      const s = Math.max(0, Math.ceil((Date.parse(g.closesAt) - now) / 1000));
      status = ct(this.lang, "betting", { n: g.roundNo, s });
    } else if (g?.status === "flying" || g?.status === "settled") {
      if (g.crashX100 !== null && g.crashAt !== null && now >= g.crashAt) {
        x100 = g.crashX100;
        over = true;
        status = ct(this.lang, "crashed", { x: formatX(g.crashX100) });
      } else if (g.startedAt !== null) {
        x100 = multiplierAt(now - g.startedAt);
        status = ct(this.lang, "flying", { n: g.roundNo });
      }
    } else if (g?.status === "void") status = ct(this.lang, "void");
    this.el.multiplier.textContent = formatX(x100);
    this.el.multiplier.classList.toggle("over", over);
    this.el.multiplier.dataset.x100 = String(x100);
    if (this.el.status.textContent !== status) this.el.status.textContent = status;
    const m = this.mine;
    if (m && g?.status === "flying" && !over && !m.cashout)
      this.el.cashout.textContent = ct(this.lang, "cashOut", {
        w: formatPeso((toMinor(m.amount) * BigInt(x100)) / 100n),
      });
    if (over && !this.el.cashout.hidden) this.renderBet();
    const ctx = canvas.getContext("2d");
    if (!ctx) return;
    const w = canvas.clientWidth;
    const h = canvas.clientHeight;
    if (canvas.width !== w || canvas.height !== h) {
      canvas.width = w;
      canvas.height = h;
    }
    ctx.clearRect(0, 0, w, h);
    if (!g?.startedAt || g.status === "betting") return;
    const elapsed = Math.max(1, (over && g.crashAt ? g.crashAt : now) - g.startedAt);
    const span = Math.max(8000, elapsed);
    const top = Math.max(2, multiplierAt(span) / 100);
    ctx.lineWidth = 4;
    ctx.strokeStyle = over ? "#e74c3c" : "#f1c40f";
    ctx.beginPath();
    for (let i = 0; i <= 60; i++) {
      const t = (elapsed * i) / 60;
      const px = (t / span) * (w - 10) + 5;
      const py = h - 5 - ((multiplierAt(t) / 100 - 1) / (top - 1)) * (h - 10);
      if (i === 0) ctx.moveTo(px, py);
      else ctx.lineTo(px, py);
    }
    ctx.stroke();
  }
}

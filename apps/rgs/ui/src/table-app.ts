import type { TableInfo, TableRoundView } from "@panalo/contracts/live-tables";
import { RgsApiError } from "./api.ts";
import { formatPeso, toMinor } from "./format.ts";
import type { Lang } from "./i18n.ts";
import { beadPlate, bigRoad, type Coup } from "./roads.ts";
import { announcedChips, applyBoardStyles, racetrackHtml, rouletteBoardHtml } from "./roulette-board.ts";
import { type Outcome, outcomeHtml, RED } from "./table-outcome.ts";
import { kindName, spotFace, spotName, type TableTextKey, tt } from "./table-texts.ts";

/**
 * A live table in the game server's own client: everyone at the table sees the same
 * round, countdown and result, pushed over /rgs/ws/tables/<id>. The player stages chips on the
 * spots (undo, repeat, clear) and sends them in one request: all taken or all refused.
 */
export interface TableSession {
  sessionId: string;
  playerId: number;
  currency: string;
  balance: string;
  table: TableInfo;
  recent: TableRoundView[];
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(game: TableInfo["game"]): string[][] {
  const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
  switch (game) {
    case "baccarat":
    case "baccarat_nc":
      return [
        ["player_pair", "tie", "banker_pair"],
        ["player", "banker"],
      ];
    case "dragon_tiger":
      return [["dragon", "tie", "tiger"], ["suited_tie"]];
    case "sicbo":
      return [
        ["small", "odd", "any_triple", "even", "big"],
        range(4, 17).map((n) => `total:${n}`),
        range(1, 6).map((n) => `single:${n}`),
        range(1, 6).map((n) => `double:${n}`),
        range(1, 6).map((n) => `triple:${n}`),
        range(1, 5).flatMap((a) => range(a + 1, 6).map((b) => `combo:${a}-${b}`)),
      ];
    case "roulette":
      return []; // its own board (roulette-board.ts)
  }
}

export class TableApp {
  private balance: bigint;
  private chip: bigint;
  /** Chips not sent yet, one group per tap (an announced bet is one group: undone at once). */
  private staged: Array<Array<{ spot: string; amount: bigint }>> = [];
  private racetrackOpen = false;
  private placed = new Map<string, bigint>();
  private lastPlaced: Array<{ spot: string; amount: bigint }> = [];
  private round: TableRoundView | null;
  private recent: TableRoundView[];
  private players: number;
  private ws: WebSocket | null = null;
  private timer: number | null = null;
  private requestNo = 0;
  private myWin: bigint | null = null;

  constructor(
    private readonly root: HTMLElement,
    private readonly lang: Lang,
    private readonly s: TableSession,
  ) {
    this.balance = toMinor(s.balance);
    this.chip = toMinor(s.table.chips[0] ?? "1.00");
    this.round = s.table.round;
    this.recent = s.recent;
    this.players = s.table.players;
    this.render();
    this.connect();
    this.timer = window.setInterval(() => this.tick(), 250);
  }

  private connect(): void {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(
      `${proto}://${location.host}/rgs/ws/tables/${encodeURIComponent(this.s.table.id)}`,
    );
    this.ws = ws;
    ws.onopen = () => ws.send(JSON.stringify({ type: "auth", sessionId: this.s.sessionId }));
    ws.onmessage = (m) => this.onEvent(JSON.parse(String(m.data)));
    ws.onclose = () => {
      this.ws = null;
      window.setTimeout(() => this.connect(), 1000);
    };
  }

  private onEvent(e: {
    type: string;
    round?: TableRoundView | null;
    players?: number;
    mine?: { bet: string; win: string } | null;
  }): void {
    if (typeof e.players === "number") this.players = e.players;
    if (!e.round) {
      this.renderHead();
      return;
    }
    const fresh = e.round.roundId !== this.round?.roundId;
    this.round = e.round;
    if (fresh) {
      this.myWin = null;
      this.placed.clear();
      this.staged = [];
      this.message("");
    }
    if (e.type === "result") {
      this.recent = [e.round, ...this.recent.filter((r) => r.roundId !== e.round?.roundId)].slice(0, 60);
      if (e.mine) {
        const win = toMinor(e.mine.win);
        this.balance += win;
        this.myWin = win;
      }
    }
    if (e.round.status === "void") this.message(tt(this.lang, "void"));
    this.render();
  }

  private secondsLeft(): number {
    if (this.round?.status !== "betting") return 0;
    return Math.max(0, Math.ceil((Date.parse(this.round.closesAt) - Date.now()) / 1000));
  }

  private tick(): void {
    const el = this.root.querySelector<HTMLElement>("[data-testid=table-countdown]");
    const bar = this.root.querySelector<HTMLProgressElement>("progress.countdown");
    if (!el) return;
    const r = this.round;
    if (r?.status === "betting") {
      const left = Math.max(0, Date.parse(r.closesAt) - Date.now());
      el.textContent = tt(this.lang, "betting", { s: this.secondsLeft() });
      if (bar) bar.value = left;
      this.root.dataset.phase = left > 0 ? "betting" : "closed";
    } else {
      el.textContent =
        r && (r.status === "closed" || r.status === "settling")
          ? tt(this.lang, "closed")
          : tt(this.lang, "waiting");
      if (bar) bar.value = 0;
      this.root.dataset.phase = r?.status ?? "waiting";
    }
  }

  private message(text: string, kind: "ok" | "error" = "ok"): void {
    const el = this.root.querySelector<HTMLElement>("[data-testid=table-message]");
    if (!el) return;
    el.textContent = text;
    el.className = `table-msg ${kind}`;
  }

  private renderHead(): void {
    const h = this.root.querySelector<HTMLElement>("[data-testid=table-players]");
    if (h) h.textContent = tt(this.lang, "players", { n: this.players });
    const b = this.root.querySelector<HTMLElement>("[data-testid=table-balance]");
    if (b) b.textContent = formatPeso(this.balance);
  }

  private outcomeHtml(): string {
    const r = this.round;
    const o = (r?.outcome ?? null) as Outcome | null;
    if (!o)
      return `<div class="outcome pending">${r ? `${tt(this.lang, "commitment")}: <code>${r.seedHash.slice(0, 16)}…</code>` : ""}</div>`;
    return outcomeHtml(this.lang, this.s.table.game, o);
  }

  private historyHtml(): string {
    const g = this.s.table.game;
    const oldestFirst = [...this.recent].reverse();
    if (g === "baccarat" || g === "baccarat_nc") {
      const coups = oldestFirst.map((r) => (r.outcome as Outcome | null)?.winner as Coup).filter(Boolean);
      const bead = beadPlate(coups.slice(-36));
      const road = bigRoad(coups);
      const letter = (w: string) => (w === "player" ? "P" : w === "banker" ? "B" : "T");
      // A road wider than a phone scrolls sideways: a scroll region a keyboard can reach.
      return `<div class="roads"><div><h3>${tt(this.lang, "beadPlate")}</h3><div class="road bead" data-testid="bead-plate" tabindex="0" role="region" aria-label="${tt(this.lang, "beadPlate")}">${bead
        .map((c) => `<i class="c-${c.winner} r${c.row} k${c.col}">${letter(c.winner)}</i>`)
        .join(
          "",
        )}</div></div><div><h3>${tt(this.lang, "bigRoad")}</h3><div class="road big" data-testid="big-road" tabindex="0" role="region" aria-label="${tt(this.lang, "bigRoad")}">${road
        .slice(-60)
        .map(
          (c) =>
            `<i class="c-${c.winner} r${c.row} k${Math.min(c.col, 29)}${c.ties ? " tie" : ""}">${c.ties || ""}</i>`,
        )
        .join("")}</div></div></div>`;
    }
    const label = (o: Outcome | null) => {
      if (!o) return "";
      if (g === "roulette")
        return `<i class="${o.number === 0 ? "green" : RED.has(o.number ?? 0) ? "red" : "black"}">${o.number}</i>`;
      if (g === "dragon_tiger")
        return `<i class="c-${o.winner}">${(o.winner ?? "").slice(0, 1).toUpperCase()}</i>`;
      return `<i>${(o.dice ?? []).join("")}</i>`;
    };
    return `<div class="last" data-testid="last-results"><h3>${tt(this.lang, "lastResults")}</h3>${this.recent
      .slice(0, 20)
      .map((r) => label(r.outcome as Outcome | null))
      .join("")}</div>`;
  }

  private render(): void {
    const t = this.s.table;
    const r = this.round;
    const onSpot = (spot: string) =>
      (this.placed.get(spot) ?? 0n) +
      this.staged.flat().reduce((a, b) => (b.spot === spot ? a + b.amount : a), 0n);
    const stagedTotal = this.staged.flat().reduce((a, b) => a + b.amount, 0n);
    const limits = Object.entries(t.limits)
      .map(([k, v]) => `<li>${esc(kindName(this.lang, k))}: ${v.min}–${v.max}</li>`)
      .join("");
    const board =
      t.game === "roulette"
        ? `${rouletteBoardHtml(this.lang, onSpot)}${racetrackHtml(this.lang, this.chip, this.racetrackOpen)}`
        : "";
    const verifyHref = r?.seed
      ? `/rgs/verify?table=${encodeURIComponent(t.game)}&seed=${r.seed}&hash=${r.seedHash}&lang=${this.lang}`
      : "";
    this.root.innerHTML = `<div class="table-app game-${t.game}">
      <header class="table-head"><h1>${esc(this.lang === "TY" ? t.name.TY : t.name.EN)}</h1>
        <span data-testid="table-round">${r ? tt(this.lang, "round", { n: r.roundNo }) : ""}</span>
        <span data-testid="table-players">${tt(this.lang, "players", { n: this.players })}</span>
        <b data-testid="table-balance">${formatPeso(this.balance)}</b></header>
      <div class="table-status"><span data-testid="table-countdown" role="timer" aria-live="off" data-closes="${r?.status === "betting" ? r.closesAt : ""}"></span>
        <progress class="countdown" max="${t.bettingMs}" value="0" aria-hidden="true"></progress></div>
      <section class="table-result" data-testid="table-result" data-round="${r?.roundId ?? ""}" data-status="${r?.status ?? ""}" aria-live="polite">${this.outcomeHtml()}
        ${verifyHref ? `<a class="verify-link" data-testid="table-verify" href="${verifyHref}" target="_blank" rel="noopener">${tt(this.lang, "verify")}</a>` : ""}</section>
      <section class="spots" aria-label="${tt(this.lang, "placeBets")}">${layout(t.game)
        .map(
          (row) =>
            `<div class="spot-row">${row
              .map((spot) => {
                const amt = onSpot(spot);
                const n = spot.startsWith("straight:") ? Number(spot.slice(9)) : -1;
                const colour = n === 0 ? " green" : n > 0 ? (RED.has(n) ? " red" : " black") : "";
                return `<button type="button" class="spot${colour}${amt > 0n ? " has-bet" : ""}" data-spot="${spot}" aria-label="${esc(spotName(this.lang, spot))}${amt > 0n ? `: ${formatPeso(amt)}` : ""}">${esc(spotFace(this.lang, spot))}${amt > 0n ? `<small>${formatPeso(amt)}</small>` : ""}</button>`;
              })
              .join("")}</div>`,
        )
        .join("")}${board}</section>
      <p class="table-staged" data-testid="table-staged">${stagedTotal > 0n ? tt(this.lang, "staged", { t: formatPeso(stagedTotal) }) : ""}</p>
      <div class="chip-rack" role="radiogroup" aria-label="${tt(this.lang, "chips")}">${t.chips
        .map((c) => {
          const v = toMinor(c);
          return `<button type="button" role="radio" aria-checked="${v === this.chip}" class="chip${v === this.chip ? " selected" : ""}" data-chip="${c}">${c.replace(/\.00$/, "")}</button>`;
        })
        .join("")}</div>
      <div class="table-actions">
        <button type="button" class="btn" data-act="undo">${tt(this.lang, "undo")}</button>
        <button type="button" class="btn" data-act="repeat">${tt(this.lang, "repeat")}</button>
        <button type="button" class="btn" data-act="clear">${tt(this.lang, "clear")}</button>
        <button type="button" class="btn primary" data-act="place" data-testid="table-place">${tt(this.lang, "placeBets")}</button>
      </div>
      <p data-testid="table-message" class="table-msg" role="status"></p>
      <section class="mine"><h3>${tt(this.lang, "myBets")}</h3><ul data-testid="table-mybets">${[
        ...this.placed,
      ]
        .map(([s, a]) => `<li>${esc(spotName(this.lang, s))}: ${formatPeso(a)}</li>`)
        .join(
          "",
        )}</ul><p data-testid="table-mywin">${this.myWin === null ? "" : tt(this.lang, "myWin", { w: formatPeso(this.myWin) })}</p></section>
      ${this.historyHtml()}
      <details class="limits"><summary>${tt(this.lang, "limits")}</summary><ul><li>${t.minBet}–${t.maxBet}</li>${limits}</ul></details>
    </div>`;
    applyBoardStyles(this.root);
    this.root.dataset.state = "ready";
    this.root.querySelectorAll<HTMLButtonElement>("[data-spot]").forEach((b) => {
      b.addEventListener("click", () => this.stage(b.dataset.spot ?? ""));
    });
    this.root.querySelectorAll<HTMLButtonElement>("[data-chip]").forEach((b) => {
      b.addEventListener("click", () => {
        this.chip = toMinor(b.dataset.chip ?? "1.00");
        this.render();
      });
    });
    this.root.querySelectorAll<HTMLButtonElement>("[data-announced]").forEach((b) => {
      const bet = b.dataset.announced as Parameters<typeof announcedChips>[0];
      b.addEventListener("click", () => this.stageGroup(announcedChips(bet, this.chip)));
    });
    this.root.querySelectorAll<HTMLButtonElement>("[data-neighbours]").forEach((b) => {
      const n = Number(b.dataset.neighbours);
      b.addEventListener("click", () => this.stageGroup(announcedChips({ neighboursOf: n }, this.chip)));
    });
    this.root.querySelector<HTMLDetailsElement>("details.racetrack")?.addEventListener("toggle", (e) => {
      this.racetrackOpen = (e.currentTarget as HTMLDetailsElement).open;
    });
    this.root.querySelector("[data-act=undo]")?.addEventListener("click", () => {
      this.staged.pop();
      this.render();
    });
    this.root.querySelector("[data-act=clear]")?.addEventListener("click", () => {
      this.staged = [];
      this.render();
    });
    this.root.querySelector("[data-act=repeat]")?.addEventListener("click", () => {
      if (this.lastPlaced.length > 0) this.staged = [this.lastPlaced.map((b) => ({ ...b }))];
      this.render();
    });
    this.root.querySelector("[data-act=place]")?.addEventListener("click", () => void this.place());
    this.tick();
  }

  private stage(spot: string): void {
    this.stageGroup([{ spot, amount: this.chip }]);
  }

  private stageGroup(chips: Array<{ spot: string; amount: bigint }>): void {
    if (this.round?.status !== "betting") return;
    this.staged.push(chips);
    this.render();
  }

  private async place(): Promise<void> {
    const r = this.round;
    if (r?.status !== "betting" || this.staged.length === 0) return;
    const bets = new Map<string, bigint>();
    for (const b of this.staged.flat()) bets.set(b.spot, (bets.get(b.spot) ?? 0n) + b.amount);
    const body = {
      sessionId: this.s.sessionId,
      roundId: r.roundId,
      requestId: `${r.roundId.slice(0, 8)}-${Date.now().toString(36)}-${this.requestNo++}`,
      bets: [...bets].map(([spot, a]) => ({ spot, amount: (Number(a) / 100).toFixed(2) })),
    };
    try {
      const res = await fetch("/rgs/api/tables/bet", {
        method: "POST",
        headers: { "content-type": "application/json", "x-lang": this.lang },
        body: JSON.stringify(body),
      });
      const json = (await res.json()) as {
        success: boolean;
        code?: string;
        message?: string;
        balance?: string;
        params?: Record<string, string>;
        value?: { balance: string | null };
      };
      if (!json.success)
        throw new RgsApiError(
          json.code ?? "ERROR",
          this.errorText(json.code ?? "", json.params ?? {}, json.message ?? ""),
          json.balance ?? null,
        );
      for (const [s, a] of bets) this.placed.set(s, (this.placed.get(s) ?? 0n) + a);
      this.lastPlaced = [...bets].map(([spot, amount]) => ({ spot, amount }));
      this.staged = [];
      if (json.value?.balance) this.balance = toMinor(json.value.balance);
      this.render();
      this.message(tt(this.lang, "accepted"));
    } catch (e) {
      this.staged = [];
      this.render();
      this.message(e instanceof RgsApiError ? e.message : tt(this.lang, "error"), "error");
      if (e instanceof RgsApiError && e.balance) {
        this.balance = toMinor(e.balance);
        this.renderHead();
      }
    }
  }

  /** A refusal in the player's language (the server's own messages are in TY and EN only). */
  private errorText(code: string, params: Record<string, string>, fallback: string): string {
    const known: TableTextKey[] = [
      "BETS_CLOSED",
      "TABLE_LIMIT",
      "INSUFFICIENT_FUNDS",
      "SESSION_EXPIRED",
      "PLATFORM_UNAVAILABLE",
      "BET_INVALID",
    ];
    const key = known.find((k) => k === code);
    if (!key) return fallback || tt(this.lang, "error");
    return tt(this.lang, key, {
      spot: params.spot ? spotName(this.lang, params.spot) : "",
      min: params.min ?? "",
      max: params.max ?? "",
    });
  }

  destroy(): void {
    if (this.timer !== null) window.clearInterval(this.timer);
    this.ws?.close();
  }
}

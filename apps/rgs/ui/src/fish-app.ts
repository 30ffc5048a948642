import "./fish.css";
import { FISH_KINDS, type Point, WORLD } from "@panalo/game-math/fish/index";
import { RgsApiError, readEnvelope } from "./api.ts";
import type { FishScene, FrameState, SeatDraw } from "./fish-scene.ts";
import { Sea } from "./fish-sea.ts";
import { fishName, ft } from "./fish-texts.ts";
import { formatMinor, formatPeso, toMinor } from "./format.ts";
import type { Lang } from "./i18n.ts";
import { Sound } from "./sound.ts";

/**
 * The fish game's screen (vendor PNF): one sea shared by up to four seats, drawn on a PixiJS
 * canvas (fish-scene.ts) from the room's public sea seed (fish-sea.ts). The money moves in
 * magazines (docs/fish.md): one loaded at the join (one debit), taps and auto-fire batched
 * every 250 ms into one burst (over the room's socket, or POST /fire while it is not open), the next magazine loaded when this one cannot pay the
 * cannon's bet, and the seat left (the magazine closed and paid) on Leave and on `pagehide`.
 * Hits, kills and wins come only from the server's answers and the room's socket.
 *
 * Test hooks on the root: data-state, data-balance, data-fired (shots the server fired),
 * data-socket-shots ("on" once the room's socket is authenticated: bursts go over it),
 * data-kills (this seat's kills), data-room, data-seat, data-sea, data-room-shots (other seats'
 * shots heard), data-fish (fish drawn), data-cannon, data-verify (after the leave).
 */
export interface FishSession {
  sessionId: string;
  playerId: number;
  currency: string;
  balance: string;
  level: string;
}

interface FishRoomInfo {
  roomId: string;
  level: string;
  minBet: string;
  maxBet: string;
  seaSeed: string;
  startedAt: string;
  rtpBp: number;
}
interface Sitting {
  sittingId: string;
  roomId: string;
  seat: number;
  serverSeedHash: string;
  clientSeed: string;
}
interface Magazine {
  magazineId: string;
  amount: string;
  onRound: string;
  status: string;
  win: string | null;
}
interface ShotDetail {
  fish: number;
  cannon: number;
  fired: boolean;
  hit?: boolean;
  total?: number;
  victims?: number[];
}
interface FireAnswer {
  onRound: string;
  results: Array<{ requestId: string; win: string; detail?: ShotDetail }>;
}
interface SeatLive {
  seat: number;
  playerId: number;
  cannon: number;
}

const MAGAZINE_SHOTS = 50;
const BURST_MS = 250;
const AUTO_MS = 250;
const CANNON_LEVELS = 10;

async function call<T>(path: string, body: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/rgs/api/fish${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new RgsApiError("NETWORK", "", null);
  }
  return readEnvelope(await res.json().catch(() => null), res.status) as T;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export class FishApp {
  private sea: Sea | null = null;
  private scene: FishScene | null = null;
  private sitting: Sitting | null = null;
  private room: FishRoomInfo | null = null;
  private magazine: Magazine | null = null;
  /** The wallet apart from what is on the magazine (centavos). */
  private wallet: bigint;
  private onRound = 0n;
  /** Bets of the shots queued or in flight: not yet answered. */
  private reserved = 0n;
  private cannon = 1;
  private readonly minBet: bigint;
  private queue: Array<{ requestId: string; fish: number; cannon: number }> = [];
  private inFlight = false;
  private reloading = false;
  private shotNo = 0;
  private fired = 0;
  private kills = 0;
  private roomShots = 0;
  private auto = false;
  private lock: number | null = null;
  private seats = new Map<number, SeatLive>();
  private aims = new Map<number, Point>();
  private offset = 0;
  private ws: WebSocket | null = null;
  /** The room's socket has answered our auth: bursts go over it (HTTP while it has not). */
  private wsAuthed = false;
  private wsCalls = 0;
  /** Bursts sent over the socket, awaiting their `fired` answer, by message id. */
  private wsWaiting = new Map<number, { resolve: (m: unknown) => void; fallback: () => void }>();
  private left = false;
  private timers: number[] = [];
  private readonly sound = new Sound(typeof localStorage === "undefined" ? null : localStorage);

  constructor(
    private readonly root: HTMLElement,
    private readonly lang: Lang,
    private readonly s: FishSession,
    level: { minBet: string },
  ) {
    this.wallet = toMinor(s.balance);
    this.minBet = toMinor(level.minBet);
  }

  private bet(cannon = this.cannon): bigint {
    return this.minBet * BigInt(cannon);
  }

  async start(): Promise<void> {
    this.render();
    this.root.dataset.state = "loading";
    const requestId = crypto.randomUUID();
    const shots = this.shotsAffordable(this.wallet);
    const joined = await call<{ sitting: Sitting; magazine: Magazine; room: FishRoomInfo }>("/join", {
      sessionId: this.s.sessionId,
      requestId,
      shots: Math.max(1, shots),
      cannon: this.cannon,
    });
    this.sitting = joined.sitting;
    this.room = joined.room;
    this.useMagazine(joined.magazine);
    this.sea = new Sea(joined.room.seaSeed, Date.parse(joined.room.startedAt));
    this.seats.set(joined.sitting.seat, { seat: joined.sitting.seat, playerId: this.s.playerId, cannon: 1 });
    const { dataset } = this.root;
    dataset.room = joined.room.roomId;
    dataset.seat = String(joined.sitting.seat);
    dataset.sea = joined.room.seaSeed;
    dataset.sitting = joined.sitting.sittingId;
    this.connect();
    const { FishScene } = await import("./fish-scene.ts");
    const stage = this.root.querySelector<HTMLElement>(".fish-stage");
    if (!stage) return;
    try {
      this.scene = await FishScene.create(stage);
    } catch {
      stage.textContent = ft(this.lang, "noCanvas");
    }
    if (this.scene) {
      this.scene.frame = () => this.frameState();
      this.scene.onTap((p) => this.tap(p));
    }
    this.timers.push(window.setInterval(() => void this.flush(), BURST_MS));
    this.timers.push(window.setInterval(() => this.autoFire(), AUTO_MS));
    this.timers.push(window.setInterval(() => this.showFishCount(), 500));
    window.addEventListener("pagehide", this.onPageHide);
    this.root.dataset.state = "ready";
    this.renderHud();
  }

  private shotsAffordable(wallet: bigint): number {
    const n = wallet / this.bet();
    return Number(n > BigInt(MAGAZINE_SHOTS) ? BigInt(MAGAZINE_SHOTS) : n);
  }

  private useMagazine(m: Magazine): void {
    this.magazine = m;
    this.wallet -= toMinor(m.amount);
    this.onRound = toMinor(m.onRound);
  }

  /** Server time now, as ms since the sea started. */
  private t(): number {
    return Date.now() + this.offset - (this.sea?.startedAt ?? 0);
  }

  private frameState(): FrameState {
    const fish = this.sea?.swimming(this.t()) ?? [];
    const seats: SeatDraw[] = [...this.seats.values()].map((s) => ({
      seat: s.seat,
      cannon: s.seat === this.sitting?.seat ? this.cannon : s.cannon,
      me: s.seat === this.sitting?.seat,
      aim: this.aims.get(s.seat) ?? null,
    }));
    return { fish, seats, lock: this.lock };
  }

  /** The last ten whole seconds of the sea: second → the fish swimming then (`data-swim`). */
  private swimLog = new Map<number, string>();

  /**
   * The fish drawn now (`data-fish`), and for each of the last ten whole seconds of the sea the
   * fish swimming at it, kills aside (`data-swim`, JSON): two screens at one sea show the same
   * list for the same second.
   */
  private showFishCount(): void {
    if (!this.sea) return;
    const t = this.t();
    this.root.dataset.fish = String(this.sea.swimming(t).length);
    const second = Math.floor(t / 1000) * 1000;
    if (this.swimLog.has(second)) return;
    const dead = new Set(this.sea.dead);
    this.sea.dead.clear();
    this.swimLog.set(
      second,
      this.sea
        .swimming(second)
        .map((f) => f.spawn.index)
        .join(","),
    );
    for (const d of dead) this.sea.dead.add(d);
    for (const k of this.swimLog.keys()) if (k < second - 10_000) this.swimLog.delete(k);
    this.root.dataset.swim = JSON.stringify(Object.fromEntries(this.swimLog));
  }

  // ---- the room's socket ----

  private connect(): void {
    if (!this.sitting || this.left) return;
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(
      `${proto}://${location.host}/rgs/ws/fish/${encodeURIComponent(this.sitting.roomId)}`,
    );
    this.ws = ws;
    ws.onopen = () => ws.send(JSON.stringify({ type: "auth", sessionId: this.s.sessionId }));
    ws.onmessage = (m) => this.onEvent(JSON.parse(String(m.data)));
    ws.onclose = () => {
      this.ws = null;
      this.wsAuthed = false;
      // Bursts without an answer go again over HTTP with the same request ids: a shot the server
      // already fired is answered again, never fired twice.
      const waiting = [...this.wsWaiting.values()];
      this.wsWaiting.clear();
      for (const w of waiting) w.fallback();
      if (!this.left) window.setTimeout(() => this.connect(), 1000);
    };
  }

  /**
   * A burst over the room's socket when it is open and authenticated (the socket's session is
   * the caller: no HTTP, no session lookup per call), else over HTTP. Same answer either way.
   */
  private fire(body: { sessionId: string; magazineId: string; shots: unknown[] }): Promise<FireAnswer> {
    const ws = this.ws;
    if (!ws || !this.wsAuthed || ws.readyState !== WebSocket.OPEN) return call<FireAnswer>("/fire", body);
    return new Promise<FireAnswer>((resolve, reject) => {
      const id = ++this.wsCalls;
      const http = () => call<FireAnswer>("/fire", body).then(resolve, reject);
      const timer = window.setTimeout(() => {
        if (this.wsWaiting.delete(id)) void http();
      }, 15_000);
      this.wsWaiting.set(id, {
        resolve: (m) => {
          window.clearTimeout(timer);
          try {
            resolve(readEnvelope(m, 200) as FireAnswer);
          } catch (e) {
            reject(e);
          }
        },
        fallback: () => {
          window.clearTimeout(timer);
          void http();
        },
      });
      ws.send(JSON.stringify({ type: "fire", id, magazineId: body.magazineId, shots: body.shots }));
    });
  }

  private onEvent(e: {
    type: string;
    id?: unknown;
    game?: unknown;
    seats?: SeatLive[];
    kills?: number[];
    now?: number;
  }): void {
    if (e.type === "authed") {
      this.wsAuthed = true;
      this.root.dataset.socketShots = "on";
    } else if (e.type === "fired") {
      const w = this.wsWaiting.get(Number(e.id));
      this.wsWaiting.delete(Number(e.id));
      w?.resolve(e);
    } else if (e.type === "hello") {
      if (typeof e.now === "number") this.offset = e.now - Date.now();
      for (const k of e.kills ?? []) this.sea?.dead.add(k);
      this.setSeats(e.seats ?? []);
    } else if (e.type === "fish.seats") {
      const g = e.game as { seats: SeatLive[]; kills?: number[] };
      for (const k of g.kills ?? []) this.sea?.dead.add(k);
      this.setSeats(g.seats);
    } else if (e.type === "fish.cannon") {
      const g = e.game as { seat: number; cannon: number };
      const seat = this.seats.get(g.seat);
      if (seat) seat.cannon = g.cannon;
    } else if (e.type === "fish.shots") {
      const g = e.game as {
        seat: number;
        shots: Array<{ fish: number; cannon: number; hit: boolean; victims: number[]; win: string }>;
      };
      if (g.seat === this.sitting?.seat) return; // this seat's own answers already drew them
      const t = this.t();
      for (const shot of g.shots) {
        this.roomShots++;
        const at = this.sea?.where(shot.fish, t);
        const seat = this.seats.get(g.seat);
        if (seat) seat.cannon = shot.cannon;
        if (at) {
          this.aims.set(g.seat, at);
          this.scene?.bullet(g.seat, at, false);
        }
        if (shot.hit) this.killed(shot.fish, shot.victims, at, formatPeso(toMinor(shot.win)), false);
      }
      this.root.dataset.roomShots = String(this.roomShots);
    }
  }

  private setSeats(list: SeatLive[]): void {
    this.seats = new Map(list.map((s) => [s.seat, { ...s }]));
    if (this.sitting && !this.seats.has(this.sitting.seat) && !this.left)
      this.seats.set(this.sitting.seat, {
        seat: this.sitting.seat,
        playerId: this.s.playerId,
        cannon: this.cannon,
      });
    this.root.dataset.seats = String(this.seats.size);
  }

  /** A fish (and a special one's catch) died: marked dead for this screen, its win shown. */
  private killed(
    fish: number,
    victims: number[],
    at: Point | null | undefined,
    win: string,
    mine: boolean,
  ): void {
    const t = this.t();
    const where = at ?? this.sea?.where(fish, t) ?? null;
    for (const v of victims) {
      const p = this.sea?.where(v, t);
      if (p) this.scene?.burst(p, "", false);
    }
    this.sea?.dead.add(fish);
    for (const v of victims) this.sea?.dead.add(v);
    if (this.lock !== null && this.sea?.dead.has(this.lock)) this.lock = null;
    if (where) this.scene?.burst(where, win, mine && victims.length > 0);
    this.renderLock();
  }

  // ---- shooting ----

  private tap(p: Point): void {
    if (!this.sea || this.left) return;
    const t = this.t();
    const under = this.sea.fishAt(t, p);
    if (under) {
      this.lock = under.index;
      this.renderLock();
    }
    const target = under ?? this.sea.nearest(t, p);
    if (target) this.shoot(target.index);
  }

  private autoFire(): void {
    if (!this.auto || !this.sea || this.left) return;
    const t = this.t();
    const locked = this.lock !== null ? this.sea.where(this.lock, t) : null;
    if (this.lock !== null && !locked) this.lock = null;
    const target = locked ? this.lock : this.autoTarget(t);
    if (target !== null) this.shoot(target);
  }

  /**
   * Auto-fire without a lock: the first fish on screen that still has two seconds to swim (a
   * shot at a fish gone by the time the burst lands is not fired, and costs nothing, but wastes
   * the tap).
   */
  private autoTarget(t: number): number | null {
    const list = this.sea?.swimming(t) ?? [];
    const onScreen = list.filter(
      (f) =>
        f.at.x > 40 &&
        f.at.x < WORLD.width - 40 &&
        f.at.y > 40 &&
        f.at.y < WORLD.height - 40 &&
        f.spawn.at + f.spawn.duration - t > 2_000,
    );
    return (onScreen[0] ?? list[0])?.spawn.index ?? null;
  }

  /** One shot queued for the next burst, if the magazine (less what is queued) can pay it. */
  private shoot(fish: number): void {
    const bet = this.bet();
    if (this.onRound - this.reserved < bet) {
      void this.reload();
      return;
    }
    if (this.queue.length >= 50) return;
    this.reserved += bet;
    this.queue.push({
      requestId: `${this.sitting?.sittingId.slice(0, 8)}-${++this.shotNo}`,
      fish,
      cannon: this.cannon,
    });
    const at = this.sea?.where(fish, this.t());
    if (at && this.sitting) {
      this.aims.set(this.sitting.seat, at);
      this.scene?.bullet(this.sitting.seat, at, true);
    }
    this.sound.play("click");
  }

  /** Send the queued shots as one burst (one call at a time). */
  private async flush(): Promise<void> {
    if (this.inFlight || this.reloading || this.queue.length === 0 || !this.magazine) return;
    const burst = this.queue.splice(0, 50);
    const bets = burst.reduce((sum, s) => sum + this.bet(s.cannon), 0n);
    this.inFlight = true;
    try {
      const r = await this.fire({
        sessionId: this.s.sessionId,
        magazineId: this.magazine.magazineId,
        shots: burst,
      });
      this.onRound = toMinor(r.onRound);
      const t = this.t();
      for (const res of r.results) {
        const d = res.detail;
        if (!d?.fired) continue;
        this.fired++;
        if (d.hit) {
          this.kills++;
          const at = this.sea?.where(d.fish, t);
          this.killed(d.fish, d.victims ?? [], at, formatPeso(toMinor(res.win)), true);
          this.sound.play(toMinor(res.win) >= this.bet(d.cannon) * 20n ? "bigWin" : "win");
        }
      }
    } catch (e) {
      // A burst is all or none: refused, nothing of it was staked. An empty or closed magazine
      // is replaced; the shots of the burst are not sent again.
      if (
        e instanceof RgsApiError &&
        ["INSUFFICIENT_FUNDS", "MAGAZINE_CLOSED", "SEAT_CLOSED"].includes(e.code)
      )
        await this.reload(true);
      else this.message(e instanceof RgsApiError && e.message ? e.message : "");
    } finally {
      this.reserved -= bets;
      if (this.reserved < 0n) this.reserved = 0n;
      this.inFlight = false;
      this.renderHud();
    }
  }

  /**
   * The magazine cannot pay the cannon's bet: close it (ONE credit of its wins and unfired
   * stake) and load the next (ONE debit), both after the shots in flight are answered.
   */
  private async reload(force = false): Promise<void> {
    if (this.reloading || !this.magazine || !this.sitting || this.left) return;
    if (!force && (this.inFlight || this.queue.length > 0)) return;
    this.reloading = true;
    try {
      const closed = await call<Magazine>("/magazine/close", {
        sessionId: this.s.sessionId,
        magazineId: this.magazine.magazineId,
      });
      this.wallet += toMinor(closed.win ?? "0");
      this.onRound = 0n;
      this.magazine = null;
      const shots = this.shotsAffordable(this.wallet);
      if (shots < 1) {
        this.message(ft(this.lang, "noFunds"));
        return;
      }
      this.useMagazine(
        await call<Magazine>("/magazine", {
          sessionId: this.s.sessionId,
          sittingId: this.sitting.sittingId,
          requestId: crypto.randomUUID(),
          shots,
          cannon: this.cannon,
        }),
      );
      this.message("");
    } catch (e) {
      this.message(e instanceof RgsApiError && e.message ? e.message : ft(this.lang, "noFunds"));
    } finally {
      this.reloading = false;
      this.renderHud();
    }
  }

  private setCannon(level: number): void {
    const next = Math.min(CANNON_LEVELS, Math.max(1, level));
    if (next === this.cannon) return;
    this.cannon = next;
    this.sound.play("click");
    this.renderHud();
    if (this.sitting)
      void call("/cannon", {
        sessionId: this.s.sessionId,
        sittingId: this.sitting.sittingId,
        cannon: next,
      }).catch(() => undefined);
  }

  // ---- leaving ----

  private readonly onPageHide = () => {
    if (this.left || !this.sitting) return;
    this.left = true;
    // The seat is left even as the page goes: the open magazine is closed and paid.
    void fetch("/rgs/api/fish/leave", {
      method: "POST",
      keepalive: true,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ sessionId: this.s.sessionId, sittingId: this.sitting.sittingId }),
    }).catch(() => undefined);
  };

  private async leave(): Promise<void> {
    if (this.left || !this.sitting) return;
    this.auto = false;
    // The shots on their way are answered first.
    while (this.inFlight || this.reloading) await new Promise((r) => window.setTimeout(r, 50));
    this.queue = [];
    this.left = true;
    for (const id of this.timers) window.clearInterval(id);
    window.removeEventListener("pagehide", this.onPageHide);
    try {
      await call("/leave", { sessionId: this.s.sessionId, sittingId: this.sitting.sittingId });
    } catch (e) {
      this.left = false;
      this.message(e instanceof RgsApiError && e.message ? e.message : "");
      return;
    }
    this.wallet += this.onRound;
    this.onRound = 0n;
    this.ws?.close();
    const verify = `/rgs/verify?fish=1&sessionId=${encodeURIComponent(this.s.sessionId)}&sittingId=${encodeURIComponent(this.sitting.sittingId)}&lang=${this.lang}`;
    this.root.dataset.verify = verify;
    this.root.dataset.state = "left";
    this.renderHud();
    const box = this.root.querySelector<HTMLElement>(".fish-left");
    if (box) {
      box.hidden = false;
      box.innerHTML = `<p>${esc(ft(this.lang, "left"))}</p><p><a class="btn" data-testid="fish-verify-link" href="${esc(verify)}">${esc(ft(this.lang, "verify"))}</a></p>`;
    }
  }

  // ---- the screen ----

  private render(): void {
    const l = this.lang;
    const cards = FISH_KINDS.map((k) => {
      const tag = k.type === "boss" ? ` <em>${esc(ft(l, "boss"))}</em>` : "";
      const note = k.type === "bomb" ? ft(l, "bomb") : k.type === "lightning" ? ft(l, "lightning") : "";
      return `<li class="fish-card fish-card-${k.type}" data-kind="${k.id}"><b>${esc(fishName(l, k.nameKey))}</b>${tag}<span class="fish-mult">×${k.multiplier}</span>${note ? `<small>${esc(note)}</small>` : ""}</li>`;
    }).join("");
    this.root.innerHTML = `<div class="fish-app" data-testid="fish-app">
  <div class="fish-stage" data-testid="fish-stage"></div>
  <div class="fish-top">
    <span class="fish-title">${esc(ft(l, "title"))}</span>
    <span class="fish-balance">${esc(ft(l, "balance"))}: <b data-testid="fish-balance"></b></span>
    <span class="fish-lock" data-testid="fish-lock"></span>
    <span class="fish-msg" role="status" data-testid="fish-message"></span>
  </div>
  <div class="fish-hud" data-testid="fish-controls">
    <button type="button" class="btn fish-down" data-testid="fish-cannon-down" aria-label="${esc(ft(l, "cannonDown"))}">−</button>
    <span class="fish-bet"><span data-testid="fish-cannon"></span><b data-testid="fish-bet"></b></span>
    <button type="button" class="btn fish-up" data-testid="fish-cannon-up" aria-label="${esc(ft(l, "cannonUp"))}">+</button>
    <button type="button" class="btn fish-auto" data-testid="fish-auto" aria-pressed="false">${esc(ft(l, "auto"))}</button>
    <button type="button" class="btn fish-mute" data-testid="fish-mute" aria-pressed="false">${esc(ft(l, "sound"))}</button>
    <button type="button" class="btn fish-pay" data-testid="fish-paytable-open">${esc(ft(l, "paytable"))}</button>
    <button type="button" class="btn fish-leave" data-testid="fish-leave">${esc(ft(l, "leave"))}</button>
  </div>
  <div class="fish-left" data-testid="fish-left" hidden></div>
  <div class="fish-paytable" data-testid="fish-paytable" hidden>
    <h2>${esc(ft(l, "paytable"))}</h2>
    <p data-testid="fish-rtp"></p>
    <p>${esc(ft(l, "rules"))}</p>
    <ul class="fish-cards">${cards}</ul>
    <p class="fish-seed"></p>
    <p>${esc(ft(l, "verifyAfterLeave"))}</p>
    <button type="button" class="btn" data-testid="fish-paytable-close">${esc(ft(l, "close"))}</button>
  </div>
  <div class="fish-rotate" data-testid="fish-rotate"><p>${esc(ft(l, "rotate"))}</p></div>
</div>`;
    const on = (id: string, f: () => void) =>
      this.root.querySelector(`[data-testid=${id}]`)?.addEventListener("click", f);
    on("fish-cannon-down", () => this.setCannon(this.cannon - 1));
    on("fish-cannon-up", () => this.setCannon(this.cannon + 1));
    on("fish-auto", () => {
      this.auto = !this.auto;
      this.renderHud();
    });
    on("fish-mute", () => {
      this.sound.toggle();
      this.renderHud();
    });
    on("fish-paytable-open", () => this.paytable(true));
    on("fish-paytable-close", () => this.paytable(false));
    on("fish-leave", () => void this.leave());
    this.renderHud();
  }

  private paytable(open: boolean): void {
    const box = this.root.querySelector<HTMLElement>("[data-testid=fish-paytable]");
    if (!box) return;
    box.hidden = !open;
    const rtp = this.root.querySelector("[data-testid=fish-rtp]");
    if (rtp) rtp.textContent = ft(this.lang, "rtp", { rtp: ((this.room?.rtpBp ?? 9650) / 100).toFixed(2) });
    const seed = box.querySelector(".fish-seed");
    if (seed && this.sitting)
      seed.textContent = `${ft(this.lang, "seedHash")}: ${this.sitting.serverSeedHash}`;
  }

  private message(text: string): void {
    const el = this.root.querySelector("[data-testid=fish-message]");
    if (el) el.textContent = text;
  }

  private renderLock(): void {
    const el = this.root.querySelector("[data-testid=fish-lock]");
    if (!el) return;
    const kind = this.lock !== null && this.sea ? this.sea.spawn(this.lock).kindId : null;
    const k = kind === null ? null : FISH_KINDS.find((x) => x.id === kind);
    el.textContent = k
      ? ft(this.lang, "lock", { name: fishName(this.lang, k.nameKey) })
      : ft(this.lang, "tapToShoot");
    this.root.dataset.lock = this.lock === null ? "" : String(this.lock);
  }

  private renderHud(): void {
    const balance = this.wallet + this.onRound;
    const b = this.root.querySelector<HTMLElement>("[data-testid=fish-balance]");
    if (b) b.textContent = formatPeso(balance);
    const bet = this.root.querySelector("[data-testid=fish-bet]");
    if (bet) bet.textContent = formatPeso(this.bet());
    const cannon = this.root.querySelector("[data-testid=fish-cannon]");
    if (cannon) cannon.textContent = ft(this.lang, "cannon", { n: this.cannon });
    this.root.querySelector("[data-testid=fish-auto]")?.setAttribute("aria-pressed", String(this.auto));
    this.root
      .querySelector("[data-testid=fish-mute]")
      ?.setAttribute("aria-pressed", String(this.sound.muted));
    const { dataset } = this.root;
    dataset.balance = formatMinor(balance);
    dataset.fired = String(this.fired);
    dataset.kills = String(this.kills);
    dataset.cannon = String(this.cannon);
    dataset.auto = String(this.auto);
    dataset.muted = String(this.sound.muted);
    this.renderLock();
  }
}

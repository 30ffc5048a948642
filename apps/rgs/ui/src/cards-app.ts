import "./cards.css";
import { verifyDeck } from "@panalo/game-math/cards/index";
import { ct, EMOTES, type EmoteName, emoteText, potSizes, seatPlace } from "./cards-texts.ts";
import { formatPeso, toMinor } from "./format.ts";
import { type Lang, serverLang } from "./i18n.ts";

/** What GET /rgs/api/cards/state answers (apps/rgs/src/cards/engine.ts HandView). */
interface HandView {
  now: string;
  table: {
    tableId: string;
    game: "holdem" | "tongits";
    name: string;
    seats: number;
    minBuyIn: string;
    maxBuyIn: string;
  } | null;
  seat: { seatId: string; seat: number; stack: string; leaving: boolean } | null;
  seats: Array<{ seat: number; stack: string; leaving: boolean }>;
  hand: {
    handId: string;
    no: number;
    status: string;
    serverSeedHash: string;
    clientSeed: string;
    deckHash: string;
    serverSeed: string | null;
    actingSeat: number | null;
    deadline: string | null;
    onBank: boolean;
    button: number | null;
    seq: number;
    game: HoldemGame | TongitsGame;
    legal: HoldemLegal | TongitsMove[] | null;
    rake: string;
  } | null;
}
/** A seated player's own part of a pushed view (engine.ts SeatPush). */
interface SeatPush {
  seat: HandView["seat"];
  player: { seat?: number } | null;
  legal: unknown;
}

/** The player's view: the public one with their own entry and moves in it (engine.ts withMine). */
export function withMine(pub: HandView, mine: SeatPush | null | undefined): HandView {
  if (!mine) return pub;
  const own = mine.seat?.seat;
  const hand = pub.hand && {
    ...pub.hand,
    legal: mine.legal as NonNullable<HandView["hand"]>["legal"],
    game: {
      ...pub.hand.game,
      players: (pub.hand.game.players as Array<{ seat?: number }>).map((p) =>
        mine.player && p.seat === own ? mine.player : p,
      ),
    } as NonNullable<HandView["hand"]>["game"],
  };
  return { ...pub, seat: mine.seat, hand };
}

interface HoldemGame {
  board: string[];
  pot: number;
  currentBet: number;
  players: Array<{
    seat: number;
    stack: number;
    streetBet: number;
    folded: boolean;
    allIn: boolean;
    hole: string[] | null;
  }>;
}
interface TongitsGame {
  discards: string[];
  stock: number;
  melds: Array<{ owner: number; cards: string[] | null }>;
  players: Array<{ seat: number; cards: number; hand: string[] | null }>;
}
interface HoldemLegal {
  fold: boolean;
  check: boolean;
  call: number | null;
  bet: { min: number; max: number } | null;
  raise: { min: number; max: number } | null;
}
type TongitsMove = { type: string; card?: number; cards?: number[] };

const peso = (centavos: number) => formatPeso(BigInt(centavos));
const NAMES = "A23456789TJQK";
const cardName = (c: number) => `${NAMES[c % 13]}${"shdc"[Math.floor(c / 13)]}`;
const SUITS: Record<string, string> = { s: "♠", h: "♥", d: "♦", c: "♣" };
/** The screen reads `/state` itself at least this often, however its socket is doing. */
const SAFETY_READ_MS = 10_000;
/** How long an emote stays over its seat. */
const EMOTE_SHOWN_MS = 3000;

/**
 * A PVP card table (/rgs/cards/<tableId>): sit down with a buy-in, play, stand up. Each change
 * of the table comes on its socket with this player's own view in it; the screen reads the
 * state itself when it starts, when its socket (re)connects — how it resumes a hand — and every
 * few seconds as a safety net. Each move is sent once with its own request id. The timer counts to the
 * server's deadline on the server's clock. After a hand its revealed seed is checked against the
 * deck hash shown before it (verifyDeck, in the browser).
 */
export class CardsApp {
  private view: HandView | null = null;
  private skew = 0;
  private timer: ReturnType<typeof setInterval> | null = null;
  private busy = false;
  /** The player's check of a hand's deck: kept while that hand is shown, whatever redraws it. */
  private verified: { handId: string; ok: boolean; text: string } | null = null;
  /** Cards and bubbles already on the screen: only new ones are dealt (animated) in. */
  private seen = new Set<string>();
  /** Seat → the emote shown over it and until when (this screen's clock). */
  private emotes = new Map<number, { name: EmoteName; until: number; key: string }>();

  constructor(
    private root: HTMLElement,
    private lang: Lang,
    private session: { sessionId: string },
  ) {}

  async start(): Promise<void> {
    await this.refresh();
    this.root.dataset.state = "ready";
    // The clock on the screen moves every second. Each change comes on the table's socket with
    // this player's view in it; the screen reads `/state` itself only while the socket is not
    // signed in, and every SAFETY_READ_MS anyway (an event lost on the way heals by itself).
    this.timer = setInterval(() => {
      if (!this.live || Date.now() - this.lastRead >= SAFETY_READ_MS)
        void this.refresh().catch(() => undefined);
      else this.render();
    }, 1000);
    this.connect();
  }

  /** The socket is open and signed in: its events carry this player's own view. */
  private live = false;
  /** When the screen last read `/state` itself (this screen's clock). */
  private lastRead = 0;

  /**
   * The table's socket, signed in with the session: each "cards.changed" carries the public view
   * and this player's own part of it (`mine`: their cards and moves), put together here
   * (`withMine`) — no read needed. A lost socket reconnects and the screen reads `/state` once.
   */
  private connect(): void {
    const tableId = this.view?.table?.tableId;
    if (!tableId || this.timer === null) return;
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}/rgs/ws/cards/${encodeURIComponent(tableId)}`);
    this.ws = ws;
    ws.onopen = () => ws.send(JSON.stringify({ type: "auth", sessionId: this.session.sessionId }));
    ws.onmessage = (m) => {
      const e = JSON.parse(String(m.data)) as {
        type?: string;
        id?: string;
        game?: { seat?: number; emote?: EmoteName; at?: number; view?: HandView };
        mine?: SeatPush | null;
        success?: boolean;
        code?: string;
        message?: string;
        value?: HandView;
      };
      if (e.type === "acted" && e.id) {
        const p = this.pending.get(e.id);
        this.pending.delete(e.id);
        if (p)
          try {
            p.resolve(
              this.answerOf({
                success: Boolean(e.success),
                code: e.code,
                message: e.message,
                value: e.value,
              }),
            );
          } catch (err) {
            p.reject(err as Error);
          }
      }
      if (e.type === "authed") {
        this.live = true;
        // Whatever changed before the socket was signed in: read once.
        void this.refresh().catch(() => undefined);
      }
      if (e.type === "cards.changed") {
        if (e.game?.view) this.show(withMine(e.game.view, e.mine));
        else void this.refresh().catch(() => undefined);
      }
      if (e.type === "cards.emote" && e.game?.seat !== undefined && e.game.emote) {
        const key = `emote:${e.game.seat}:${e.game.at}`;
        this.emotes.set(e.game.seat, { name: e.game.emote, until: Date.now() + EMOTE_SHOWN_MS, key });
        this.render();
      }
    };
    ws.onclose = () => {
      this.live = false;
      if (this.ws === ws) this.ws = null;
      // A move whose answer the socket took with it: the screen reads the table and shows it.
      for (const p of this.pending.values()) p.reject(new Error("connection lost"));
      this.pending.clear();
      setTimeout(() => this.connect(), 2000);
    };
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Moves sent on the socket, by their id, waiting for their answer (`acted`). */
  private pending = new Map<string, { resolve: (v: HandView) => void; reject: (e: Error) => void }>();
  private ws: WebSocket | null = null;

  private actOnSocket(ws: WebSocket, body: Record<string, unknown>): Promise<HandView> {
    const id = crypto.randomUUID();
    return new Promise<HandView>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      ws.send(JSON.stringify({ type: "act", id, ...body }));
    });
  }

  /** A server's answer (a request's or a socket move's) as the screen shows it. */
  private answerOf<T>(json: { success: boolean; code?: string; message?: string; value?: T }): T {
    // Fair play's refusal in the screen's own language (the server speaks TY and EN only).
    if (json.code === "CARDS_SAME_ADDRESS") throw new Error(ct(this.lang, "sameAddress"));
    if (json.code === "CARDS_EMOTE_TOO_FAST") throw new Error(ct(this.lang, "emoteTooFast"));
    if (!json.success || json.value === undefined) throw new Error(json.message ?? "error");
    return json.value;
  }

  private async call<T>(path: string, body?: unknown): Promise<T> {
    const res = await fetch(`/rgs/api/cards/${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: {
        "x-lang": serverLang(this.lang),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return this.answerOf(
      (await res.json()) as { success: boolean; code?: string; message?: string; value?: T },
    );
  }

  private async refresh(): Promise<void> {
    if (this.busy) return;
    this.lastRead = Date.now();
    this.show(await this.call<HandView>(`state?sessionId=${encodeURIComponent(this.session.sessionId)}`));
  }

  /**
   * Show a view (read, pushed or a move's answer) unless the screen already shows a later one:
   * a later hand, or a later move of the same hand. Equal ones are shown (a seat changed).
   */
  private show(v: HandView): void {
    const cur = this.view;
    const no = (x: HandView | null) => x?.hand?.no ?? 0;
    const seq = (x: HandView | null) => x?.hand?.seq ?? 0;
    if (cur && (no(v) < no(cur) || (no(v) === no(cur) && seq(v) < seq(cur)))) return;
    this.skew = new Date(v.now).getTime() - Date.now();
    this.view = v;
    this.render();
  }

  private async send(path: string, body: Record<string, unknown>): Promise<void> {
    this.busy = true;
    try {
      const requestId = crypto.randomUUID();
      // A move goes over the signed-in socket when there is one (no request, no session read);
      // the rest, and a move without a live socket, as a request.
      const answer =
        path === "act" && this.live && this.ws
          ? await this.actOnSocket(this.ws, { requestId, ...body })
          : await this.call<HandView>(path, { sessionId: this.session.sessionId, requestId, ...body });
      this.message("");
      // A move answers the mover's view of the table after it.
      if (path === "act") {
        this.busy = false;
        this.show(answer);
        return;
      }
    } catch (e) {
      this.message(e instanceof Error ? e.message : String(e));
    } finally {
      this.busy = false;
    }
    await this.refresh();
  }

  private message(text: string): void {
    const box = this.root.querySelector<HTMLElement>(".cards-message");
    if (box) box.textContent = text;
  }

  private button(label: string, testId: string, onClick: () => void): HTMLButtonElement {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "btn";
    b.dataset.testid = testId;
    b.textContent = label;
    b.addEventListener("click", onClick);
    return b;
  }

  private el(tag: string, cls: string, text = ""): HTMLElement {
    const e = document.createElement(tag);
    e.className = cls;
    e.textContent = text;
    return e;
  }

  /** The view and emotes last drawn: a read that changed nothing only moves the timer. */
  private drawn = "";

  private render(): void {
    const v = this.view;
    if (!v) return;
    const now = Date.now();
    for (const [seat, e] of this.emotes) if (e.until <= now) this.emotes.delete(seat);
    // Redrawing an unchanged table each second would replace the buttons under a player's
    // finger (and the amount being typed): only the timer's text moves then.
    const drawn = JSON.stringify([{ ...v, now: null }, [...this.emotes.values()].map((e) => e.key)]);
    if (drawn === this.drawn) {
      const timer = this.root.querySelector<HTMLElement>(".cards-timer");
      if (timer) timer.textContent = this.timerText(v);
      return;
    }
    this.drawn = drawn;
    const keep = this.root.querySelector(".cards-message")?.textContent ?? "";
    this.root.replaceChildren();
    const page = this.el("div", "cards-page");
    page.dataset.hand = v.hand?.status ?? "none";
    const head = this.el("header", "cards-head");
    head.append(this.el("h1", "", v.table ? `${ct(this.lang, v.table.game)} · ${v.table.name}` : ""));
    if (v.seat) head.append(this.el("span", "cards-stack", `${ct(this.lang, "stack")}: ${v.seat.stack}`));
    page.append(head);
    page.append(this.felt(v));
    if (v.hand) page.append(this.handPanel(v));
    else page.append(this.el("p", "muted", ct(this.lang, "nextHand")));
    page.append(this.seatPanel(v));
    if (v.seat) page.append(this.emoteBar());
    page.append(this.el("p", "cards-message", keep));
    this.root.append(page);
    this.root.dataset.seat = v.seat ? String(v.seat.seat) : "";
    // What a test (or an assistive tool) reads without parsing the texts: whose move it is, and
    // how many moves the hand has had.
    this.root.dataset.turn = v.hand?.status === "playing" && v.hand.legal ? "mine" : "";
    this.root.dataset.seq = v.hand ? `${v.hand.handId}:${v.hand.seq}` : "";
  }

  private handPanel(v: HandView): HTMLElement {
    const h = v.hand as NonNullable<HandView["hand"]>;
    const box = this.el("section", "cards-hand");
    if (v.table?.game === "holdem") {
      const g = h.game as HoldemGame;
      const me = g.players.find((p) => p.seat === v.seat?.seat);
      if (me?.hole) box.append(this.cardRow("cards-mine", me.hole, `${h.handId}:mine`));
      if (h.status === "playing" && h.legal && me)
        box.append(this.holdemButtons(g, h.legal as HoldemLegal, me.streetBet));
    } else {
      const g = h.game as TongitsGame;
      const mine = g.players.find((p) => p.seat === v.seat?.seat);
      if (mine?.hand) box.append(this.cardRow("cards-mine", mine.hand, `${h.handId}:mine`));
      if (h.status === "playing" && Array.isArray(h.legal)) box.append(this.tongitsButtons(h.legal));
    }
    if (h.status === "playing" && h.deadline) {
      const timer = this.el("div", "cards-timer", this.timerText(v));
      timer.dataset.testid = "cards-timer";
      box.append(timer);
    }
    if (h.status === "void") box.append(this.el("p", "muted", ct(this.lang, "handVoid")));
    box.append(this.el("p", "cards-hash", `${ct(this.lang, "deckHash")}: ${h.deckHash.slice(0, 16)}…`));
    if (h.serverSeed) {
      const seed = h.serverSeed;
      const result = this.el("span", "cards-verified");
      const show = (v: { ok: boolean; text: string }) => {
        result.textContent = v.text;
        result.dataset.ok = String(v.ok);
      };
      if (this.verified?.handId === h.handId) show(this.verified);
      const b = this.button(ct(this.lang, "verify"), "cards-verify", () => {
        const r = verifyDeck({
          serverSeed: seed,
          serverSeedHash: h.serverSeedHash,
          clientSeed: h.clientSeed,
          handId: h.handId,
          deckHash: h.deckHash,
          cards: [],
        });
        const text = r.ok
          ? ct(this.lang, "verified")
          : ct(this.lang, "notVerified", { why: r.problems.join("; ") });
        this.verified = { handId: h.handId, ok: r.ok, text };
        show(this.verified);
      });
      box.append(b, result);
      if (h.rake !== "0.00") box.append(this.el("p", "muted", ct(this.lang, "rake", { amount: h.rake })));
    }
    return box;
  }

  /** Whose turn and the seconds left to the server's deadline (on the server's clock). */
  private timerText(v: HandView): string {
    const h = v.hand;
    if (!h?.deadline) return "";
    const left = Math.max(0, Math.ceil((new Date(h.deadline).getTime() - (Date.now() + this.skew)) / 1000));
    const text =
      h.actingSeat === v.seat?.seat
        ? ct(this.lang, "yourTurn", { s: left })
        : ct(this.lang, "waiting", { seat: h.actingSeat ?? "", s: left });
    return h.onBank ? `${text} · ${ct(this.lang, "timeBank")}` : text;
  }

  /**
   * The table drawn from above: an oval of felt with a place per seat around it (the viewer's own
   * at the bottom), each with its stack, the dealer button, the cards it holds (backs, or faces
   * once shown) and an emote bubble; in the middle the board and the pot (Hold'em) or the
   * discard pile, the stock and the melds (Tongits). Cards new to the screen are dealt in.
   */
  private felt(v: HandView): HTMLElement {
    const felt = this.el("div", "cards-felt");
    const h = v.hand;
    const playing = h?.status === "playing";
    const count = v.table?.seats ?? Math.max(3, ...v.seats.map((s) => s.seat));
    const turn = v.seat ? v.seat.seat - 1 : 0;
    const center = this.el("div", "cards-center");
    if (h && v.table?.game === "holdem") {
      const g = h.game as HoldemGame;
      center.append(this.cardRow("cards-board", g.board, `${h.handId}:board`));
      center.append(this.el("div", "cards-pot", `${ct(this.lang, "pot")}: ${peso(g.pot)}`));
    } else if (h) {
      const g = h.game as TongitsGame;
      const pile = this.cardRow(
        "cards-board",
        g.discards.slice(-1),
        `${h.handId}:discard:${g.discards.length}`,
      );
      pile.prepend(this.el("span", "pc back stock", ct(this.lang, "stock", { n: g.stock })));
      center.append(pile);
      const melds = this.el("div", "cards-melds");
      g.melds.forEach((m, k) => {
        melds.append(
          m.cards
            ? this.cardRow("cards-meld", m.cards, `${h.handId}:meld:${k}`)
            : this.cardRow("cards-meld", ["", "", ""], `${h.handId}:meld:${k}`),
        );
      });
      center.append(melds);
    }
    felt.append(center);
    for (let seat = 1; seat <= count; seat++) {
      const place = seatPlace(seat, count, turn);
      const taken = v.seats.find((s) => s.seat === seat);
      const box = this.el("div", "cards-place");
      box.style.left = `${place.x}%`;
      box.style.top = `${place.y}%`;
      box.dataset.seat = String(seat);
      if (!taken) box.classList.add("empty");
      if (playing && h?.actingSeat === seat) box.classList.add("acting");
      if (seat === v.seat?.seat) box.classList.add("me");
      box.append(this.el("span", "cards-place-name", ct(this.lang, "seatNo", { n: seat })));
      if (taken) box.append(this.el("span", "cards-place-stack", taken.stack));
      if (h?.button === seat) box.append(this.el("span", "cards-button", "D"));
      const from = { dx: `${(50 - place.x) * 3}px`, dy: `${(50 - place.y) * 3}px` };
      if (h && v.table?.game === "holdem") {
        const p = (h.game as HoldemGame).players.find((x) => x.seat === seat);
        if (p && seat !== v.seat?.seat) {
          if (p.folded) box.classList.add("folded");
          else box.append(this.cardRow("cards-held", p.hole ?? ["", ""], `${h.handId}:seat:${seat}`, from));
        }
        if (p && p.streetBet > 0) box.append(this.el("span", "cards-chips", peso(p.streetBet)));
      } else if (h) {
        const p = (h.game as TongitsGame).players.find((x) => x.seat === seat);
        if (p && seat !== v.seat?.seat)
          box.append(
            p.hand
              ? this.cardRow("cards-held", p.hand, `${h.handId}:seat:${seat}`, from)
              : this.cardRow("cards-held", ["", ""], `${h.handId}:seat:${seat}`, from, `×${p.cards}`),
          );
      }
      const emote = this.emotes.get(seat);
      if (emote) {
        const found = EMOTES.find(([n]) => n === emote.name);
        const bubble = this.el(
          "span",
          "cards-bubble",
          `${found?.[1] ?? ""} ${emoteText(this.lang, emote.name)}`,
        );
        bubble.dataset.testid = "cards-bubble";
        bubble.setAttribute("role", "status");
        if (!this.seen.has(emote.key)) {
          bubble.classList.add("pop");
          this.seen.add(emote.key);
        }
        box.append(bubble);
      }
      felt.append(box);
    }
    return felt;
  }

  /** A row of cards: faces for names ("As", "Td"), backs for "" ; new ones dealt in one by one. */
  private cardRow(
    cls: string,
    names: string[],
    key: string,
    from?: { dx: string; dy: string },
    note = "",
  ): HTMLElement {
    const row = this.el("div", cls);
    let fresh = 0;
    names.forEach((name, i) => {
      const c = this.card(name);
      const id = `${key}:${i}:${name ? "face" : "back"}`;
      if (!this.seen.has(id)) {
        this.seen.add(id);
        c.classList.add("deal");
        c.style.setProperty("--i", String(fresh++));
        if (from) {
          c.style.setProperty("--dx", from.dx);
          c.style.setProperty("--dy", from.dy);
        }
      }
      row.append(c);
    });
    if (note) row.append(this.el("span", "cards-count", note));
    return row;
  }

  private card(name: string): HTMLElement {
    if (!name) return this.el("span", "pc back");
    const rank = name[0] === "T" ? "10" : (name[0] ?? "");
    const suit = name[1] ?? "";
    const c = this.el(
      "span",
      suit === "h" || suit === "d" ? "pc red" : "pc",
      `${rank}${SUITS[suit] ?? suit}`,
    );
    c.dataset.card = name;
    return c;
  }

  /** The quick emotes: one tap sends it to the table (the server allows one every few seconds). */
  private emoteBar(): HTMLElement {
    const row = this.el("div", "cards-emotes");
    row.setAttribute("role", "group");
    row.setAttribute("aria-label", ct(this.lang, "emotes"));
    for (const [name, picture] of EMOTES) {
      const b = this.button(picture, `cards-emote-${name}`, () => {
        this.call("emote", { sessionId: this.session.sessionId, emote: name })
          .then(() => this.message(""))
          .catch((e: unknown) => this.message(e instanceof Error ? e.message : String(e)));
      });
      b.classList.add("cards-emote");
      b.title = emoteText(this.lang, name);
      b.setAttribute("aria-label", emoteText(this.lang, name));
      row.append(b);
    }
    return row;
  }

  private holdemButtons(g: HoldemGame, l: HoldemLegal, myStreetBet: number): HTMLElement {
    const row = this.el("div", "cards-actions");
    const act = (action: Record<string, unknown>) => void this.send("act", { action });
    if (l.fold) row.append(this.button(ct(this.lang, "fold"), "cards-fold", () => act({ type: "fold" })));
    if (l.check) row.append(this.button(ct(this.lang, "check"), "cards-check", () => act({ type: "check" })));
    if (l.call !== null)
      row.append(
        this.button(ct(this.lang, "call", { amount: peso(l.call) }), "cards-call", () =>
          act({ type: "call" }),
        ),
      );
    const kind = l.bet ? "bet" : "raise";
    const sizes = potSizes({ pot: g.pot, currentBet: g.currentBet, myStreetBet }, l.bet ?? l.raise);
    if (sizes) {
      row.append(
        this.button(`${ct(this.lang, "halfPot")} ${peso(sizes.half)}`, "cards-half-pot", () =>
          act({ type: kind, to: sizes.half }),
        ),
        this.button(`${ct(this.lang, "potBet")} ${peso(sizes.pot)}`, "cards-pot", () =>
          act({ type: kind, to: sizes.pot }),
        ),
      );
    }
    row.append(this.button(ct(this.lang, "allIn"), "cards-all-in", () => act({ type: "all_in" })));
    return row;
  }

  private tongitsButtons(moves: TongitsMove[]): HTMLElement {
    const row = this.el("div", "cards-actions");
    for (const m of moves) {
      const label =
        m.type === "draw"
          ? ct(this.lang, "draw")
          : m.type === "discard" && m.card !== undefined
            ? ct(this.lang, "discard", { card: cardName(m.card) })
            : m.type === "meld" && m.cards
              ? ct(this.lang, "meld", { cards: m.cards.map(cardName).join(" ") })
              : ct(this.lang, "other", { action: m.type });
      row.append(this.button(label, `cards-${m.type}`, () => void this.send("act", { action: m })));
    }
    return row;
  }

  private seatPanel(v: HandView): HTMLElement {
    const box = this.el("section", "cards-seat");
    if (!v.table) return box;
    const input = document.createElement("input");
    input.type = "text";
    input.inputMode = "decimal";
    input.value = v.table.minBuyIn;
    input.setAttribute("aria-label", ct(this.lang, "buyIn"));
    input.dataset.testid = "cards-buy-in";
    const label = this.el("label", "", `${ct(this.lang, "buyIn")} ${v.table.minBuyIn}–${v.table.maxBuyIn} `);
    label.append(input);
    const amount = () => {
      const minor = toMinor(input.value);
      return `${minor / 100n}.${String(minor % 100n).padStart(2, "0")}`;
    };
    if (!v.seat) {
      box.append(
        label,
        this.button(
          ct(this.lang, "sitDown"),
          "cards-sit",
          () => void this.send("join", { buyIn: amount(), deviceId: deviceId() }),
        ),
      );
    } else {
      const seatId = v.seat.seatId;
      box.append(
        label,
        this.button(
          ct(this.lang, "rebuy"),
          "cards-rebuy",
          () => void this.send("rebuy", { seatId, amount: amount() }),
        ),
        this.button(ct(this.lang, "leave"), "cards-leave", () => void this.send("leave", { seatId })),
      );
    }
    return box;
  }
}

/**
 * This browser's device id for fair play (docs/cards.md "Fair play"): a random id kept in
 * localStorage and sent when sitting down; none where storage is unavailable.
 */
function deviceId(): string | undefined {
  try {
    const key = "panalo.cards.device";
    let id = localStorage.getItem(key);
    if (!id) {
      id = crypto.randomUUID();
      localStorage.setItem(key, id);
    }
    return id;
  } catch {
    return undefined;
  }
}

import "pixi.js/unsafe-eval"; // the game server's CSP allows no eval: Pixi's shaders without it
import { type FishKind, fishKind, type Point, SIZE_RADIUS, WORLD } from "@panalo/game-math/fish/index";
import { Application, Container, Graphics, GraphicsContext, Text } from "pixi.js";
import type { SwimmingFish } from "./fish-sea.ts";

/**
 * The fish game's canvas, drawn with PixiJS (loaded only by the fish screen: other games'
 * bundles do not carry it). It draws what it is given each frame — the fish where the sea's
 * paths put them, the seats' cannons, bullets flying to their targets and kills bursting —
 * and reports taps in world units. It decides nothing.
 */
export interface SeatDraw {
  seat: number;
  cannon: number;
  me: boolean;
  /** Where its barrel points (world units), if anywhere. */
  aim: Point | null;
}

export interface FrameState {
  fish: SwimmingFish[];
  seats: SeatDraw[];
  lock: number | null;
}

/** Where each seat's cannon stands: two at the bottom, two at the top. */
export function seatPoint(seat: number): Point {
  const x = seat % 2 === 1 ? WORLD.width * 0.28 : WORLD.width * 0.72;
  return { x, y: seat <= 2 ? WORLD.height - 24 : 24 };
}

const PALETTE = [
  0x9fd3e6, 0xd9a441, 0xff7f2a, 0xb8c4cf, 0x6fd3ff, 0xf1e17a, 0xffd166, 0x8d6e63, 0xe8505b, 0xf5a3c7,
  0x4caf50, 0xb565d9, 0x7c8fa6, 0x90a4ae, 0x3f51b5, 0x1e88e5, 0x607d8b, 0x546e7a, 0x5c6bc0, 0xffc107,
];

function kindContext(kind: FishKind): GraphicsContext {
  const r = SIZE_RADIUS[kind.size];
  const g = new GraphicsContext();
  if (kind.type === "bomb") {
    g.circle(0, 0, r).fill(0x222222).stroke({ color: 0xff3b30, width: 4 });
    g.rect(-4, -r - 14, 8, 16).fill(0x8d6e63);
    g.circle(0, -r - 16, 7).fill(0xffd60a);
    return g;
  }
  if (kind.type === "lightning") {
    g.ellipse(0, 0, r * 1.5, r * 0.35).fill(0xffe066);
    g.moveTo(-r * 1.2, 0)
      .lineTo(-r * 0.5, -r * 0.25)
      .lineTo(0, r * 0.2)
      .lineTo(r * 0.6, -r * 0.2)
      .stroke({ color: 0x1d3557, width: 4 });
    g.circle(r * 1.1, -r * 0.08, 4).fill(0x000000);
    return g;
  }
  const colour =
    kind.type === "boss"
      ? ([0xc0392b, 0x6c3483, 0x117a65][kind.id - 21] ?? 0xc0392b)
      : (PALETTE[(kind.id - 1) % PALETTE.length] ?? 0x9fd3e6);
  // Tail, body, fin, eye: the fish faces +x.
  g.poly([-r * 0.8, 0, -r * 1.45, -r * 0.55, -r * 1.45, r * 0.55]).fill(colour);
  g.ellipse(0, 0, r, r * 0.58)
    .fill(colour)
    .stroke({ color: 0xffffff, width: 2, alpha: 0.5 });
  g.poly([-r * 0.1, -r * 0.5, r * 0.3, -r * 0.95, r * 0.45, -r * 0.45]).fill({ color: colour, alpha: 0.8 });
  g.circle(r * 0.55, -r * 0.12, Math.max(3, r * 0.1)).fill(0xffffff);
  g.circle(r * 0.58, -r * 0.12, Math.max(1.5, r * 0.05)).fill(0x000000);
  if (kind.type === "boss") {
    // A crown of spikes: the boss wave's leader.
    g.poly([
      -r * 0.4,
      -r * 0.55,
      -r * 0.25,
      -r * 0.95,
      -r * 0.1,
      -r * 0.55,
      r * 0.05,
      -r * 0.95,
      r * 0.2,
      -r * 0.55,
    ]).fill(0xffd700);
  }
  return g;
}

export class FishScene {
  private readonly world = new Container();
  private readonly fishLayer = new Container();
  private readonly fxLayer = new Container();
  private readonly cannonLayer = new Container();
  private readonly fishViews = new Map<number, Graphics>();
  private readonly contexts = new Map<number, GraphicsContext>();
  private readonly cannons = new Map<number, { root: Container; barrel: Graphics; label: Text }>();
  private readonly lockRing = new Graphics().circle(0, 0, 1).stroke({ color: 0xff3b30, width: 0.08 });
  private readonly effects: Array<{ view: Container; until: number; step: (left: number) => void }> = [];
  private tapHandler: ((p: Point) => void) | null = null;
  frame: (() => FrameState) | null = null;

  private constructor(private readonly app: Application) {
    this.world.addChild(this.fishLayer, this.fxLayer, this.cannonLayer);
    this.fishLayer.addChild(this.lockRing);
    this.lockRing.visible = false;
    app.stage.addChild(this.world);
    app.stage.eventMode = "static";
    app.stage.on("pointerdown", (e) => {
      const p = this.world.toLocal(e.global);
      this.tapHandler?.({ x: p.x, y: p.y });
    });
    app.ticker.maxFPS = 60;
    app.ticker.add(() => this.tick());
    this.fit();
    app.renderer.on("resize", () => this.fit());
  }

  static async create(host: HTMLElement): Promise<FishScene> {
    const app = new Application();
    // Multisampling only on a low-density screen: on a phone's (2× pixels and more) the edges it
    // smooths are too small to see, and it doubled the time a frame took to draw when measured
    // (bench/fish/fps.ts: 13 → 27 frames a second drawn in software on a slowed CPU).
    await app.init({
      resizeTo: host,
      background: 0x05375a,
      antialias: window.devicePixelRatio < 2,
      preference: "webgl",
    });
    app.canvas.dataset.testid = "fish-canvas";
    host.append(app.canvas);
    return new FishScene(app);
  }

  onTap(cb: (p: Point) => void): void {
    this.tapHandler = cb;
  }

  /** The world (1600 × 900) fitted into the canvas, centred. */
  private fit(): void {
    const { width, height } = this.app.screen;
    const k = Math.min(width / WORLD.width, height / WORLD.height);
    this.world.scale.set(k);
    this.world.position.set((width - WORLD.width * k) / 2, (height - WORLD.height * k) / 2);
    this.app.stage.hitArea = this.app.screen;
  }

  private contextOf(kindId: number): GraphicsContext {
    let c = this.contexts.get(kindId);
    if (!c) {
      c = kindContext(fishKind(kindId));
      this.contexts.set(kindId, c);
    }
    return c;
  }

  private tick(): void {
    const state = this.frame?.();
    if (state) {
      const seen = new Set<number>();
      for (const f of state.fish) {
        seen.add(f.spawn.index);
        let v = this.fishViews.get(f.spawn.index);
        if (!v) {
          v = new Graphics(this.contextOf(f.spawn.kindId));
          this.fishViews.set(f.spawn.index, v);
          this.fishLayer.addChild(v);
        }
        v.position.set(f.at.x, f.at.y);
        v.rotation = f.angle;
        if (f.spawn.index === state.lock) {
          const r = SIZE_RADIUS[fishKind(f.spawn.kindId).size] * 1.3;
          this.lockRing.visible = true;
          this.lockRing.position.set(f.at.x, f.at.y);
          this.lockRing.scale.set(r);
        }
      }
      if (state.lock === null || !seen.has(state.lock)) this.lockRing.visible = false;
      for (const [i, v] of this.fishViews)
        if (!seen.has(i)) {
          v.destroy();
          this.fishViews.delete(i);
        }
      this.drawCannons(state.seats);
    }
    const now = performance.now();
    for (let i = this.effects.length - 1; i >= 0; i--) {
      const e = this.effects[i];
      if (!e) continue;
      if (now >= e.until) {
        e.view.destroy({ children: true });
        this.effects.splice(i, 1);
      } else e.step(e.until - now);
    }
  }

  private drawCannons(seats: SeatDraw[]): void {
    const here = new Set(seats.map((s) => s.seat));
    for (const [seat, c] of this.cannons)
      if (!here.has(seat)) {
        c.root.destroy({ children: true });
        this.cannons.delete(seat);
      }
    for (const s of seats) {
      let c = this.cannons.get(s.seat);
      if (!c) {
        const root = new Container();
        const p = seatPoint(s.seat);
        root.position.set(p.x, p.y);
        const base = new Graphics()
          .circle(0, 0, 42)
          .fill(s.me ? 0xd4a017 : 0x607d8b)
          .stroke({ color: 0xffffff, width: 3 });
        const barrel = new Graphics();
        const label = new Text({ text: "", style: { fill: 0xffffff, fontSize: 22, fontWeight: "bold" } });
        label.anchor.set(0.5);
        label.position.set(0, s.seat <= 2 ? -70 : 70);
        root.addChild(barrel, base, label);
        this.cannonLayer.addChild(root);
        c = { root, barrel, label };
        this.cannons.set(s.seat, c);
      }
      const len = 50 + s.cannon * 4;
      c.barrel
        .clear()
        .rect(-9 - s.cannon, -len, 18 + 2 * s.cannon, len)
        .fill(s.me ? 0xffe082 : 0xb0bec5);
      const p = seatPoint(s.seat);
      const aim = s.aim ?? { x: p.x, y: WORLD.height / 2 };
      c.barrel.rotation = Math.atan2(aim.y - p.y, aim.x - p.x) + Math.PI / 2;
      const text = String(s.cannon);
      if (c.label.text !== text) c.label.text = text;
    }
  }

  /** A bullet from a seat's cannon to a point, for the length of its flight. */
  bullet(seat: number, to: Point, mine: boolean): void {
    const from = seatPoint(seat);
    const g = new Graphics().circle(0, 0, mine ? 9 : 7).fill(mine ? 0xffd54f : 0xb3e5fc);
    this.fxLayer.addChild(g);
    const ms = 220;
    this.effects.push({
      view: g,
      until: performance.now() + ms,
      step: (left) => {
        const s = 1 - left / ms;
        g.position.set(from.x + (to.x - from.x) * s, from.y + (to.y - from.y) * s);
      },
    });
  }

  /** A kill: a ring bursting where the fish died and its win floating up. */
  burst(at: Point, text: string, big: boolean): void {
    const ring = new Graphics().circle(0, 0, 1).stroke({ color: big ? 0xffd700 : 0xffffff, width: 0.06 });
    const label = new Text({
      text,
      style: {
        fill: 0xffd700,
        fontSize: big ? 56 : 34,
        fontWeight: "bold",
        stroke: { color: 0x000000, width: 5 },
      },
    });
    label.anchor.set(0.5);
    const box = new Container();
    box.addChild(ring, label);
    box.position.set(at.x, at.y);
    this.fxLayer.addChild(box);
    const ms = 1000;
    this.effects.push({
      view: box,
      until: performance.now() + ms,
      step: (left) => {
        const s = 1 - left / ms;
        ring.scale.set(30 + s * (big ? 220 : 90));
        ring.alpha = 1 - s;
        label.y = -s * 80;
      },
    });
  }

  destroy(): void {
    this.app.destroy(true, { children: true });
  }
}

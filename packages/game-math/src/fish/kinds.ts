import { type Rational, rational } from "./rational.ts";

/**
 * The fish of the in-house fish-shooting game. A normal fish pays a fixed multiple of the shot's
 * bet when it dies; a boss is a normal fish from the boss waves; the two special fish pay their
 * own multiple plus the fish they take with them (see `special.ts`). Every multiplier is a whole
 * number, so a payout is `bet × multiplier` in integer minor units.
 */
export type SizeClass = "small" | "medium" | "large" | "boss";
export type SpeedClass = "fast" | "normal" | "slow";

interface KindBase {
  id: number;
  /** i18n key of the display name. */
  nameKey: string;
  size: SizeClass;
  speed: SpeedClass;
  /** Relative weight among the regular (non-wave) spawns; 0 = appears only in boss waves. */
  spawnWeight: number;
}

export interface NormalKind extends KindBase {
  type: "normal" | "boss";
  /** Payout on a kill, in bets. */
  multiplier: number;
}

/** Kills every living normal (non-boss) fish within `radius` world units of it. */
export interface BombKind extends KindBase {
  type: "bomb";
  /** Its own payout, in bets, before the fish it takes. */
  multiplier: number;
  radius: number;
  /** The whole kill (own + victims) never pays more than this many bets. */
  cap: number;
}

/** Chains to every living fish of one normal kind (drawn when it spawns), at most `maxChain`. */
export interface LightningKind extends KindBase {
  type: "lightning";
  multiplier: number;
  maxChain: number;
  cap: number;
  /** The kinds its chain may be drawn from. */
  chainKinds: readonly number[];
}

export type FishKind = NormalKind | BombKind | LightningKind;

const normal = (
  id: number,
  key: string,
  multiplier: number,
  size: SizeClass,
  speed: SpeedClass,
  spawnWeight: number,
): NormalKind => ({ id, nameKey: `fish.kind.${key}`, type: "normal", multiplier, size, speed, spawnWeight });

const boss = (id: number, key: string, multiplier: number): NormalKind => ({
  id,
  nameKey: `fish.kind.${key}`,
  type: "boss",
  multiplier,
  size: "boss",
  speed: "slow",
  spawnWeight: 0,
});

export const BOMB_FISH: BombKind = {
  id: 30,
  nameKey: "fish.kind.bomb-crab",
  type: "bomb",
  multiplier: 20,
  radius: 220,
  cap: 300,
  size: "medium",
  speed: "normal",
  spawnWeight: 4,
};

export const LIGHTNING_FISH: LightningKind = {
  id: 31,
  nameKey: "fish.kind.lightning-eel",
  type: "lightning",
  multiplier: 15,
  maxChain: 12,
  cap: 300,
  chainKinds: [1, 2, 3, 4, 5, 6, 7, 8],
  size: "medium",
  speed: "normal",
  spawnWeight: 4,
};

/** Ids are stable: a shot record names its target's kind by id. */
export const FISH_KINDS: readonly FishKind[] = [
  normal(1, "dilis", 2, "small", "fast", 200),
  normal(2, "tilapia", 3, "small", "fast", 160),
  normal(3, "clownfish", 4, "small", "fast", 130),
  normal(4, "bangus", 5, "small", "fast", 110),
  normal(5, "angelfish", 6, "small", "fast", 90),
  normal(6, "pufferfish", 7, "small", "normal", 75),
  normal(7, "butterflyfish", 8, "small", "normal", 65),
  normal(8, "lapu-lapu", 9, "small", "normal", 55),
  normal(9, "lionfish", 10, "medium", "normal", 45),
  normal(10, "seahorse", 12, "medium", "normal", 38),
  normal(11, "sea-turtle", 15, "medium", "normal", 30),
  normal(12, "octopus", 18, "medium", "normal", 24),
  normal(13, "stingray", 20, "medium", "normal", 20),
  normal(14, "barracuda", 25, "medium", "normal", 16),
  normal(15, "manta-ray", 30, "large", "slow", 12),
  normal(16, "swordfish", 40, "large", "slow", 9),
  normal(17, "shark", 50, "large", "slow", 7),
  normal(18, "hammerhead", 60, "large", "slow", 5),
  normal(19, "whale-shark", 80, "large", "slow", 3),
  normal(20, "golden-dragonfish", 100, "large", "slow", 2),
  boss(21, "giant-crab", 200),
  boss(22, "kraken", 300),
  boss(23, "bakunawa", 500),
  BOMB_FISH,
  LIGHTNING_FISH,
];

export const BOSS_KINDS: readonly NormalKind[] = FISH_KINDS.filter((k): k is NormalKind => k.type === "boss");

const byId = new Map(FISH_KINDS.map((k) => [k.id, k]));

export function fishKind(id: number): FishKind {
  const k = byId.get(id);
  if (!k) throw new RangeError(`unknown fish kind ${id}`);
  return k;
}

/**
 * The certified return-to-player settings, in basis points: a room is configured with one of
 * these and never with any other value.
 */
export const CERTIFIED_RTP_BP = [9500, 9650, 9700] as const;
export type CertifiedRtpBp = (typeof CERTIFIED_RTP_BP)[number];

export function rtpOf(bp: number): Rational {
  if (!(CERTIFIED_RTP_BP as readonly number[]).includes(bp))
    throw new RangeError(`RTP ${bp} bp is not a certified setting`);
  return rational(bp, 10_000);
}

/** World units the paths are drawn in (the client scales them to its canvas). */
export const WORLD = { width: 1600, height: 900 } as const;

/** Hit radius by size class, in world units (targeting and the bomb's reach). */
export const SIZE_RADIUS: Record<SizeClass, number> = { small: 24, medium: 44, large: 80, boss: 150 };
/** Time a fish takes to cross the world, by speed class, in milliseconds. */
export const CROSSING_MS: Record<SpeedClass, number> = { fast: 9_000, normal: 14_000, slow: 22_000 };

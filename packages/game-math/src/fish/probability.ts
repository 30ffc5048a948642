import { type FishKind, fishKind } from "./kinds.ts";
import { div, type Rational, rational } from "./rational.ts";

/**
 * What a shot is aimed at, as the server sees the room at the moment of the shot. `taken` lists
 * the kind ids of the living fish a special fish would take with it (empty for a normal fish):
 * for the bomb, the normal fish within its radius; for the lightning fish, the living fish of its
 * chain kind, at most `maxChain` of them. The paths (paths.ts) decide these from the room's seed.
 */
export interface Target {
  kindId: number;
  taken?: readonly number[];
}

/**
 * The whole payout of a kill, in bets: a normal fish or boss pays its multiplier; the bomb pays
 * min(cap, own + Σ multipliers of the fish it takes); the lightning fish pays
 * min(cap, own + n × chain kind's multiplier). Throws on a `taken` list the kind cannot take.
 */
export function killTotal(target: Target): number {
  const kind = fishKind(target.kindId);
  const taken = (target.taken ?? []).map(fishKind);
  switch (kind.type) {
    case "normal":
    case "boss":
      if (taken.length) throw new RangeError(`${kind.nameKey} takes no other fish`);
      return kind.multiplier;
    case "bomb": {
      let sum = kind.multiplier;
      for (const t of taken) {
        if (t.type !== "normal") throw new RangeError("a bomb takes only normal fish");
        sum += t.multiplier;
      }
      return Math.min(kind.cap, sum);
    }
    case "lightning": {
      if (taken.length > kind.maxChain) throw new RangeError("the chain is longer than maxChain");
      const first = taken[0];
      if (first && !kind.chainKinds.includes(first.id)) throw new RangeError("not a chain kind");
      let sum = kind.multiplier;
      for (const t of taken) {
        if (t.id !== first?.id || t.type !== "normal") throw new RangeError("a chain takes one kind only");
        sum += t.multiplier;
      }
      return Math.min(kind.cap, sum);
    }
  }
}

/**
 * The exact probability that a shot kills its target: p = RTP / T, T = `killTotal(target)`.
 * The expected payout of the shot is then p × T = RTP bets exactly, whatever the target and
 * whatever the room around it, because T is fixed before the random draw. Every T ≥ 2 and every
 * certified RTP < 1, so p < 1/2.
 */
export function killProbability(target: Target, rtp: Rational): Rational {
  const total = killTotal(target);
  const p = div(rtp, rational(total));
  if (p.num > p.den) throw new RangeError("kill probability above 1");
  return p;
}

/** The largest total a kind can pay (its cap for a special fish). */
export function maxTotal(kind: FishKind): number {
  return kind.type === "bomb" || kind.type === "lightning" ? kind.cap : kind.multiplier;
}

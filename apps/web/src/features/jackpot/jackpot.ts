/**
 * The slot jackpot shown on the home page (spec §2, §9): it grows by ₱165.11 every 3 seconds
 * from a start derived from the time, so every visitor sees the same figure at the same
 * moment. The pot "drops" and starts again from the base every ten days. Minor units.
 */
export const JACKPOT_TICK_MS = 3000;
const STEP_MINOR = 16_511;
const BASE_MINOR = 888_888_888;
const EPOCH_MS = Date.UTC(2025, 0, 1);
const CYCLE_TICKS = (10 * 24 * 60 * 60 * 1000) / JACKPOT_TICK_MS;

export function jackpotMinorAt(nowMs: number): number {
  const ticks = Math.floor((nowMs - EPOCH_MS) / JACKPOT_TICK_MS);
  const inCycle = ((ticks % CYCLE_TICKS) + CYCLE_TICKS) % CYCLE_TICKS;
  return BASE_MINOR + inCycle * STEP_MINOR;
}

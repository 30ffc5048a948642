import type { SportsContext } from "./context.ts";
import { betsWithDueCalls, driveBets } from "./money.ts";
import { cancelStalePending } from "./place.ts";
import { settleBets } from "./settle.ts";
import { simulate } from "./simulator.ts";

/** A scheduled run: when it was due, and whether an operator asked for it. */
export interface JobRun {
  scheduledFor: Date;
  manual: boolean;
}

/**
 * The simulator as a scheduled job: each minute's run ticks every SPORTS_SIM_TICK_MS until the
 * next minute's run is due (one tick with 0). Off with SPORTS_SIMULATOR=off (a real feed).
 */
export async function simulatorJob(ctx: SportsContext, run: JobRun): Promise<unknown> {
  if (ctx.config.SPORTS_SIMULATOR === "off") return { off: true };
  const tick = ctx.config.SPORTS_SIM_TICK_MS;
  const until = run.scheduledFor.getTime() + 55_000;
  let ticks = 0;
  let messages = 0;
  do {
    messages += await simulate(ctx, { tickMs: tick || 60_000 });
    ticks++;
    if (!tick || run.manual) break;
    await new Promise((r) => setTimeout(r, tick));
  } while (ctx.clock.now().getTime() + tick < until);
  return { ticks, messages };
}

/**
 * The settle sweep: placements left pending over a minute are cancelled (their debit abandoned,
 * a rollback sent), every call still due is sent again, then every open bet whose legs all have
 * results is settled.
 */
export async function settleSweepJob(ctx: SportsContext): Promise<unknown> {
  const cancelled = await cancelStalePending(ctx);
  const due = await betsWithDueCalls(ctx);
  await driveBets(ctx, due);
  return { cancelled, resent: due.length, settled: await settleBets(ctx, null) };
}

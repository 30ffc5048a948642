import type { LotteryContext } from "./context.ts";
import { ensureDraws, runDueDraws } from "./draws.ts";
import { finishDraws, sendCredits, settleDrawn } from "./settle.ts";
import { retrySlips } from "./slips.ts";

/**
 * One pass of the lottery worker: make sure the draws ahead exist, run the draws that are due
 * (each once, even with several processes), settle what was drawn, pay what is owed, resolve
 * slips whose debit is unknown, and close the draws that are done.
 */
export async function lotteryTick(ctx: LotteryContext): Promise<void> {
  await ensureDraws(ctx);
  // Many draws can be due at once after a downtime: all of them, 50 per transaction.
  while ((await runDueDraws(ctx, 50)).length === 50);
  await settleDrawn(ctx);
  // Until nothing due is left (a big draw has many credits); each pass claims a batch.
  for (let i = 0; i < 100; i++) {
    const { claimed } = await sendCredits(ctx);
    if (claimed === 0) break;
  }
  await retrySlips(ctx);
  await finishDraws(ctx);
}

/** Run lotteryTick every `intervalMs` (never two passes at once); answers a stop function. */
export function startLotteryWorker(
  ctx: LotteryContext,
  intervalMs: number,
  onError: (err: unknown) => void,
): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const pass = () => {
    if (running) return;
    running = lotteryTick(ctx)
      .catch(onError)
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(pass, intervalMs);
  timer.unref();
  pass();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

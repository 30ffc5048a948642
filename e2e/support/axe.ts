import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * axe on a page whose entrance animations have ended: a toast or a modal fading in is measured
 * at its final colours, not half-transparent (axe computes contrast from what is drawn, and on a
 * busy machine it can run mid-fade). Endless animations (a skeleton's shimmer, the marquee) are
 * left running.
 */
export async function settledAxe(page: Page): Promise<AxeBuilder> {
  await page.evaluate(async () => {
    const ending = document
      .getAnimations()
      .filter((a) => a.playState === "running" && a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(ending.map((a) => a.finished.catch(() => undefined)));
  });
  // Only violations are read: axe then keeps one example node of each passing or incomplete
  // rule instead of every node, which on a page of many tiles is most of its run time and of
  // what crosses to the test runner. Which rules run, and what counts as a violation, is the same.
  const builder = new AxeBuilder({ page }).options({ resultTypes: ["violations"] });
  // axe takes seconds on a busy machine, and a toast or a dialog can appear while it runs; its
  // fade-in would then be measured half-way. The page asks for reduced motion while axe runs
  // (the sites drop their entrance animations then, and what is drawn is the final colours),
  // and goes back to what it asked for before.
  const analyze = builder.analyze.bind(builder);
  builder.analyze = async () => {
    const reduced = await page.evaluate(() => matchMedia("(prefers-reduced-motion: reduce)").matches);
    if (!reduced) await page.emulateMedia({ reducedMotion: "reduce" });
    try {
      return await analyze();
    } finally {
      if (!reduced) await page.emulateMedia({ reducedMotion: null });
    }
  };
  return builder;
}

import { expect, type Locator, type Page } from "@playwright/test";

/** Page model of /lottery: the draw on sale, the number picker, the slip and my bets. */
export class LotteryPage {
  constructor(readonly page: Page) {}

  async open(query: string): Promise<void> {
    await this.page.goto(`/lottery?${query}`);
    await expect(this.page.getByTestId("lotto-game")).toBeVisible();
  }

  get game(): Locator {
    return this.page.getByTestId("lotto-game");
  }

  get countdown(): Locator {
    return this.page.getByTestId("lotto-countdown");
  }

  async secondsLeft(): Promise<number> {
    return Number((await this.countdown.getAttribute("data-seconds")) ?? "0");
  }

  /** Wait for a draw whose sales stay open at least `seconds` more (a 1-minute game sells 50 s). */
  async waitForSalesWindow(seconds: number, timeoutMs = 90_000): Promise<string> {
    await expect
      .poll(async () => (await this.countdown.isVisible()) && (await this.secondsLeft()) >= seconds, {
        timeout: timeoutMs,
        intervals: [500],
      })
      .toBe(true);
    return (await this.page.getByTestId("lotto-draw").getAttribute("data-draw-no")) ?? "";
  }

  async playType(type: "single" | "double" | "direct"): Promise<void> {
    await this.page.getByTestId(`play-tab-${type}`).click();
    await expect(this.page.getByTestId(`play-tab-${type}`)).toHaveAttribute("aria-selected", "true");
  }

  /** Digits games: one value per position. */
  async pickDigits(values: number[]): Promise<void> {
    for (const [pos, v] of values.entries()) {
      await this.page.getByTestId(`pick-${pos}-${v}`).click();
    }
  }

  async addLine(stake: string): Promise<void> {
    await this.page.getByTestId("stake-input").fill(stake);
    await this.page.getByTestId("add-to-slip").click();
  }

  get slipLines(): Locator {
    return this.page.getByTestId("slip-line");
  }

  get slipTotal(): Locator {
    return this.page.getByTestId("slip-total");
  }

  async place(): Promise<void> {
    await this.page.getByTestId("slip-place").click();
  }

  async confirm(): Promise<void> {
    await this.page.getByTestId("slip-confirm-button").click();
  }

  async betsTab(status: "open" | "settled"): Promise<void> {
    await this.page.getByTestId("lotto-tab-bets").click();
    await this.page.getByTestId(`bets-tab-${status}`).click();
  }

  get betRows(): Locator {
    return this.page.getByTestId("bet-row");
  }
}

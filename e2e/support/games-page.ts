import { expect, type Locator, type Page } from "@playwright/test";

export type GameListKind = "none" | "hot" | "fav" | "recent";

/**
 * Page model of the games list (spec §2 /rng, /fish, /pvp, /pp, /fc, /jili and
 * /{games}/{hot|vassalage}/{vassalage}) and of game launch (/game).
 */
export class GamesPage {
  constructor(readonly page: Page) {}

  /** Open a games route (e.g. "/rng", "/rng?page=PNS", "/rng/hot") and wait for its first list. */
  async open(path = "/rng"): Promise<void> {
    await this.page.goto(path);
    await expect(this.page.getByTestId("page-games")).toBeVisible();
    await this.settled();
  }

  /** The list has answered: cards or an empty state, no skeletons. */
  async settled(): Promise<void> {
    const panel = this.page.locator("#list-panel");
    await expect(panel.locator(".skeleton-card")).toHaveCount(0);
    await expect(panel.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(panel.getByTestId("game-card").first().or(panel.locator(".empty-state"))).toBeVisible();
  }

  /** Type into the search box; the list follows after the 500 ms debounce (spec §9). */
  async search(text: string): Promise<void> {
    await this.page.getByTestId("game-search").fill(text);
    await expect(this.page.getByTestId("page-games")).toHaveAttribute("data-search", text.trim());
    await this.settled();
  }

  /** Choose a min-bet filter: "all", "0.01", "0.05", "0.1", "0.5" or "0.75". */
  async filterMinBet(value: string): Promise<void> {
    await this.page.getByTestId("game-minbet").selectOption(value);
    await this.settled();
  }

  async filterClassify(value: string): Promise<void> {
    await this.page.getByTestId("game-classify").selectOption(value);
    await this.settled();
  }

  /** Choose a list type tab (fav and recent exist only for a logged-in player). */
  async tab(kind: GameListKind): Promise<void> {
    const tab = this.page.getByTestId(`game-tab-${kind}`);
    await tab.click();
    await expect(tab).toHaveAttribute("aria-selected", "true");
    await this.settled();
  }

  /** Choose a vendor in the vendor menu by its code ("all" for every vendor). */
  async vendor(code: string): Promise<void> {
    const tab = this.page.getByTestId("vendor-menu").locator(`[data-vendor="${code}"]`);
    await tab.click();
    await expect(tab).toHaveAttribute("aria-selected", "true");
    await this.settled();
  }

  /** The card of the game shown with this exact name. */
  card(name: string): Locator {
    return this.page
      .getByTestId("game-card")
      .filter({ has: this.page.getByRole("heading", { name, exact: true }) });
  }

  /** All cards shown now. */
  cards(): Locator {
    return this.page.getByTestId("game-card");
  }

  /** The names of the cards shown now, in order. */
  async names(): Promise<string[]> {
    return this.page.getByTestId("game-card").locator("h3").allInnerTexts();
  }

  async loadMore(): Promise<void> {
    const before = await this.cards().count();
    await this.page.getByTestId("game-load-more").click();
    await expect.poll(() => this.cards().count()).toBeGreaterThan(before);
  }

  /** Toggle the star of a game and wait until it shows the new state. */
  async toggleFavourite(name: string): Promise<void> {
    const star = this.card(name).getByTestId("game-fav-toggle");
    const before = await star.getAttribute("aria-pressed");
    await star.click();
    await expect(star).toHaveAttribute("aria-pressed", before === "true" ? "false" : "true");
  }

  async isFavourite(name: string): Promise<boolean> {
    return (await this.card(name).getByTestId("game-fav-toggle").getAttribute("aria-pressed")) === "true";
  }

  /** Launch a game from its card (a guest gets the login popup instead). */
  async launch(name: string): Promise<void> {
    await this.card(name).getByTestId("game-launch").click();
  }

  /** After a launch: the /game page with the game's frame loaded. */
  async expectInGame(name?: string): Promise<Locator> {
    await expect(this.page).toHaveURL(/\/game\?nodeId=\d+/);
    const frame = this.page.getByTestId("game-frame");
    await expect(frame).toBeVisible();
    if (name) await expect(this.page.locator(".game-bar-title")).toHaveText(name);
    return frame;
  }

  /** Leave the game with the bar's close button. */
  async closeGame(): Promise<void> {
    await this.page.getByTestId("game-close").click();
    await expect(this.page.getByTestId("game-frame")).toHaveCount(0);
  }
}

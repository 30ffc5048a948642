import { createHash } from "node:crypto";
import { type APIRequestContext, expect, type Locator, type Page, request } from "@playwright/test";
import { operator } from "./env.ts";
import { savedOperatorState, saveOperatorState } from "./operator-session.ts";
import { freshTotp } from "./totp.ts";

/** The test server scripts/e2e.mjs starts. */
export const site = `http://127.0.0.1:${process.env.E2E_PORT ?? 8181}`;

/** A 1×1 PNG: a real image the platform types by its bytes. */
export const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

interface Challenge {
  challenge: string;
  salt: string;
  maxNumber: number;
  signature: string;
}

/** The human check's proof of work, solved as the registration page's worker solves it. */
function solve(c: Challenge): number {
  for (let n = 0; n <= c.maxNumber; n++) {
    if (createHash("sha256").update(`${c.salt}${n}`).digest("hex") === c.challenge) return n;
  }
  throw new Error("unsolvable human check");
}

/** A new player, registered through the public API (the registration page has its own tests). */
export async function registerPlayer(
  username: string,
  password: string,
): Promise<{ id: number; token: string }> {
  const api = await request.newContext({ baseURL: site });
  try {
    const challenge: Challenge = (await (await api.get("/wps/human-check")).json()).value;
    const res = await api.put("/wps/member/register", {
      data: {
        username,
        password,
        confirmPassword: password,
        ageConfirmed: true,
        agree: true,
        humanCheck: { ...challenge, number: solve(challenge) },
      },
    });
    const body = await res.json();
    expect(body.success, JSON.stringify(body)).toBe(true);
    return { id: body.value.customerId, token: body.value.token };
  } finally {
    await api.dispose();
  }
}

/**
 * A new player with money in the main wallet: the operator's adjustment, below the owner's
 * approval threshold, applies at once.
 */
export async function fundedPlayer(
  admin: APIRequestContext,
  username: string,
  password: string,
  amount: string,
  reason: string,
): Promise<{ id: number }> {
  const { id } = await registerPlayer(username, password);
  const funded = await admin.post("/api/admin/adjustments", { data: { memberId: id, amount, reason } });
  expect(funded.ok(), await funded.text()).toBe(true);
  return { id };
}

/**
 * The back-office API as the test operator (every change carries the header): the shard's saved
 * session when the server still takes it, else a TOTP sign-in whose session is saved.
 */
export async function operatorApi(): Promise<APIRequestContext> {
  const extraHTTPHeaders = { "x-requested-with": "panalo-admin" };
  const saved = savedOperatorState();
  if (saved) {
    const api = await request.newContext({ baseURL: site, extraHTTPHeaders, storageState: saved });
    if ((await api.get("/api/admin/session")).ok()) return api;
    await api.dispose();
  }
  const api = await request.newContext({ baseURL: site, extraHTTPHeaders });
  const login = await api.post("/api/admin/session", {
    data: {
      username: operator.username,
      password: operator.password,
      totp: await freshTotp(operator.totpSecret),
    },
  });
  expect(login.ok(), await login.text()).toBe(true);
  saveOperatorState(await api.storageState());
  return api;
}

/** The operator's queue: the one pending item of this player (deposits or withdrawals). */
export async function pendingOf(
  api: APIRequestContext,
  queue: "deposits" | "withdrawals",
  memberId: number,
): Promise<{ id: number; amount: string }> {
  const res = await api.get(`/api/admin/${queue}?status=pending`);
  expect(res.ok(), await res.text()).toBe(true);
  const items: { id: number; memberId: number; amount: string }[] = (await res.json()).value.items;
  const mine = items.filter((i) => i.memberId === memberId);
  expect(mine).toHaveLength(1);
  const [item] = mine;
  if (!item) throw new Error("no pending item");
  return item;
}

export async function approve(api: APIRequestContext, queue: "deposits" | "withdrawals", id: number) {
  // Marking a withdrawal paid names the payout's reference.
  const data = queue === "withdrawals" ? { payoutReference: `E2E-W${id}` } : {};
  const res = await api.post(`/api/admin/${queue}/${id}/approve`, { data });
  expect(res.ok(), await res.text()).toBe(true);
}

/** Page model of the player site's wallet: header balance and the member centre's wallet pages. */
export class WalletSite {
  constructor(readonly page: Page) {}

  get balance(): Locator {
    return this.page.getByTestId("header-balance-amount");
  }

  async login(username: string, password: string): Promise<void> {
    await this.page.getByTestId("login-username").fill(username);
    await this.page.getByTestId("login-password").fill(password);
    await this.page.getByTestId("login-submit").click();
    // Registration counts as the first login, so no welcome dialog stands in the way.
    await expect(this.page.getByTestId("account-name")).toHaveText(username);
  }

  /** Open a member-centre page from the menu (the centre opens on "my account"). */
  async openMemberPage(name: string): Promise<void> {
    const centre = this.page.getByTestId("member-centre");
    if (!(await centre.isVisible())) await this.page.getByTestId("account-name").click();
    await this.page.getByTestId(`member-menu-${name}`).click();
    await expect(this.page.getByTestId(`member-page-${name}`)).toBeVisible();
  }

  /** Marks the document, so a later check can tell it was never reloaded. */
  async markDocument(): Promise<void> {
    await this.page.evaluate(() => {
      document.documentElement.dataset.walletE2e = "same-document";
    });
  }

  async expectSameDocument(): Promise<void> {
    await expect(this.page.locator("html")).toHaveAttribute("data-wallet-e2e", "same-document");
  }
}

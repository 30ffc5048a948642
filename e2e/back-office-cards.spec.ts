import { type APIRequestContext, expect, request, test } from "@playwright/test";
import { AdminPage } from "./support/admin-page.ts";
import { fundedPlayer, operatorApi, site } from "./support/wallet-player.ts";

// The card tables in the back office: the operator changes a table's rake on the page, two
// players (through the API) play a hand at it, and the operator finds the hand in the table's
// history with its verify link, which recomputes the deck from the revealed seed.
const TABLE = "holdem-2";
const stamp = Date.now().toString(36).slice(-6);

const ok = async (res: Promise<import("@playwright/test").APIResponse>) => {
  const json = await (await res).json();
  expect(json.success, JSON.stringify(json)).toBe(true);
  return json.value;
};

/** A player's session at the table, opened with the launch link's token (as the site does). */
async function tableSession(api: APIRequestContext, username: string): Promise<string> {
  const login = await ok(api.post("/wps/session/login", { data: { username, password: "cards1234" } }));
  const headers = { authorization: `Bearer ${login.token}` };
  const rooms = (await ok(
    api.post("/wps/relay/GLS2_roomList", { headers, data: { game: "holdem" } }),
  )) as Array<{ tableId: string; nodeId: number }>;
  const nodeId = rooms.find((r) => r.tableId === TABLE)?.nodeId;
  const launch = await ok(api.post("/wps/game/launchGame", { headers, data: { nodeId } }));
  const token = new URL(launch.url, site).searchParams.get("token");
  return (await ok(api.post("/rgs/api/cards/session", { data: { token, tableId: TABLE } }))).sessionId;
}

test("the operator edits a table's rake and verifies a hand from its history", async ({ page }) => {
  const admin = await operatorApi();
  const api = await request.newContext({ baseURL: site });

  await new AdminPage(page).login();
  await page.goto("/admin/card-tables");
  const row = page.locator(`[data-testid=card-table-row][data-table=${TABLE}]`);
  await expect(row.getByTestId("card-table-rake")).toContainText("5 %");
  await page.getByTestId(`card-settings-${TABLE}`).click();
  const form = page.getByTestId("card-table-form");
  await form.getByLabel("Rake", { exact: true }).fill("2.5");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form).toBeHidden();
  await expect(row.getByTestId("card-table-rake")).toContainText("2.5 %");

  // Two players sit down and play a hand: whoever is to act folds.
  const players = [`bca${stamp}`, `bcb${stamp}`];
  const sessions: string[] = [];
  const seats: string[] = [];
  for (const name of players) {
    await fundedPlayer(admin, name, "cards1234", "300.00", "cards back office e2e");
    const sessionId = await tableSession(api, name);
    sessions.push(sessionId);
    seats.push(
      (await ok(api.post("/rgs/api/cards/join", { data: { sessionId, requestId: "j", buyIn: "200.00" } })))
        .seatId,
    );
  }
  const state = async (sessionId: string) => ok(api.get(`/rgs/api/cards/state?sessionId=${sessionId}`));
  await expect
    .poll(async () => (await state(sessions[0] as string)).hand?.status, { timeout: 15_000 })
    .toBe("playing");
  for (const sessionId of sessions) {
    const s = await state(sessionId);
    if (s.hand?.status === "playing" && s.hand.actingSeat === s.seat?.seat)
      await ok(
        api.post("/rgs/api/cards/act", { data: { sessionId, requestId: "f", action: { type: "fold" } } }),
      );
  }
  await expect.poll(async () => (await state(sessions[0] as string)).hand?.status).toBe("complete");
  for (const [i, sessionId] of sessions.entries())
    await ok(api.post("/rgs/api/cards/leave", { data: { sessionId, seatId: seats[i] } }));

  // The table's hand history on the page: the hand, its verify link recomputing the deck.
  await page.getByTestId(`card-hands-${TABLE}`).click();
  const hand = page.getByTestId("card-hand-row").first();
  await expect(hand).toContainText(TABLE);
  const href = await hand.getByTestId("card-hand-verify").getAttribute("href");
  const check = await ok(api.get(href as string));
  expect(check).toMatchObject({ tableId: TABLE, ok: true, problems: [] });

  // Back to the table's first rake.
  await ok(admin.put("/api/admin/cards/tables", { data: { tableId: TABLE, rakePercent: "5" } }));
  await api.dispose();
  await admin.dispose();
});

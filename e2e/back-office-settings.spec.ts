import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  type Page,
  request,
  test,
} from "@playwright/test";
import { AdminPage } from "./support/admin-page.ts";
import { registerPlayer, site } from "./support/wallet-player.ts";

/**
 * Back-office settings as an operator types them: a raffle with only a Filipino title (members
 * reading English see that title), and a VIP level's threshold in pesos ("1,500,000.50") and
 * rebate in percent ("0.75"), saved as typed, shown back in the same units and to a member of
 * the level as their perks; the level's history shows its time in Manila time ("… PHT").
 */
test.describe.configure({ mode: "serial" });

// One back-office login for the file: each TOTP code is accepted once.
let context: BrowserContext;
let adminPage: Page;
let admin: AdminPage;
const HEADERS = { "x-requested-with": "panalo-admin", "x-lang": "EN" };
// A level of this file's own, far above what any test player reaches.
const LEVEL = 19;
const stamp = Date.now().toString(36);

const value = async (res: Promise<import("@playwright/test").APIResponse>) => {
  const r = await res;
  expect(r.ok(), await r.text()).toBe(true);
  return (await r.json()).value;
};
/** A new member's API, signed in, reading English. */
async function memberApi(prefix: string): Promise<{ api: APIRequestContext; id: number }> {
  const username = `${prefix}${stamp}`.slice(0, 16);
  const { id } = await registerPlayer(username, "Office2026ok");
  const anon = await request.newContext({ baseURL: site });
  const login = await value(
    anon.post("/wps/session/login", { data: { username, password: "Office2026ok" } }),
  );
  await anon.dispose();
  const api = await request.newContext({
    baseURL: site,
    extraHTTPHeaders: { authorization: `Bearer ${login.token}`, "x-lang": "EN" },
  });
  return { api, id };
}

test.beforeAll(async ({ browser }) => {
  context = await browser.newContext();
  adminPage = await context.newPage();
  admin = new AdminPage(adminPage);
  await admin.login();
});
test.afterAll(async () => {
  await context?.close();
});

test("a raffle titled only in Filipino is created and members reading English see that title", async () => {
  const title = `Pa-raffle ng opisina ${stamp}`;
  await admin.open("rewards");
  const form = adminPage.getByTestId("rewards-raffles");
  await form.getByLabel("Title (Filipino)").fill(title);
  // Starting tomorrow: no deposit of another test lands in it.
  const day = (offset: number) =>
    new Date(Date.now() + 8 * 3600_000 + offset * 86400_000).toISOString().slice(0, 10);
  await form.getByLabel("From").fill(day(1));
  await form.getByLabel("Until").fill(day(8));
  await form.getByRole("button", { name: "Create raffle" }).click();
  await admin.expectToast("Done.");
  await expect(form.getByTestId("raffle-row").filter({ hasText: title })).toHaveCount(1);

  const { api } = await memberApi("raffle");
  const raffles: { title: string; prizes: { amount: string }[] }[] = await value(
    api.get("/wps/rewards/raffles"),
  );
  expect(raffles.find((r) => r.title === title)?.prizes.map((p) => p.amount)).toEqual(["1000.00", "500.00"]);
  await api.dispose();
});

test("a VIP level's threshold in pesos and rebate in percent are saved as typed and are the member's perks", async () => {
  await value(
    adminPage.request.put("/api/admin/loyalty/vip-levels", {
      headers: HEADERS,
      data: {
        level: LEVEL,
        name: "E2E Office",
        minValidBet: "999999999.00",
        minDeposit: "0",
        rebateRatePercent: "0",
        withdrawDailyMax: null,
        withdrawDailyCount: null,
        birthdayBonus: "0",
        upgradeBonus: "0",
      },
    }),
  );
  await admin.open("loyalty");
  await adminPage.getByRole("button", { name: `Edit level ${LEVEL}` }).click();
  const editor = adminPage.getByTestId("vip-level-editor");
  // A third decimal is refused beside the field, and nothing can be sent.
  await editor.getByTestId("vip-edit-minValidBet").fill("1500000.505");
  await editor.getByTestId("vip-edit-minValidBet").blur();
  await expect(editor).toContainText("At most two decimals (centavos)");
  await expect(editor.getByRole("button", { name: "Save level" })).toBeDisabled();
  await editor.getByTestId("vip-edit-minValidBet").fill("1,500,000.50");
  await editor.getByTestId("vip-edit-rebateRatePercent").fill("0.75");
  await editor.getByRole("button", { name: "Save level" }).click();
  await admin.expectToast("Saved.");
  const row = adminPage.getByTestId(`vip-level-${LEVEL}`);
  await expect(row).toContainText("₱1,500,000.50");
  await expect(row).toContainText("0.75 %");
  // Opened again, the editor shows the stored values in the same units.
  await adminPage.getByRole("button", { name: `Edit level ${LEVEL}` }).click();
  await expect(editor.getByTestId("vip-edit-minValidBet")).toHaveValue("1,500,000.50");
  await expect(editor.getByTestId("vip-edit-rebateRatePercent")).toHaveValue("0.75");
  await expect(editor).toContainText("Saved: ₱1,500,000.50");
  await expect(editor).toContainText("Saved: 0.75 %");
  await editor.getByRole("button", { name: "Cancel" }).click();
  const { list } = await value(adminPage.request.get("/api/admin/loyalty/vip-levels", { headers: HEADERS }));
  expect(list.find((l: { level: number }) => l.level === LEVEL)).toMatchObject({
    minValidBet: "1500000.50",
    rebateRatePercent: "0.75",
  });

  // A member placed on the level reads these perks (0.75 % = 7,500 parts per million).
  const { api, id } = await memberApi("vipoffice");
  await value(
    adminPage.request.post(`/api/admin/loyalty/members/${id}/vip`, {
      headers: HEADERS,
      data: { level: LEVEL, note: "E2E back-office settings" },
    }),
  );
  const vip = await value(api.get("/wps/loyalty/vip"));
  expect(vip.current).toMatchObject({ level: LEVEL, minValidBet: "1500000.50", rebateRatePpm: 7500 });
  await api.dispose();

  // The member's level history lists the change at its Manila time, with the zone.
  const section = adminPage.getByTestId("loyalty-vip");
  await section.getByLabel("Member id").fill(String(id));
  await section.getByRole("button", { name: "Show level history" }).click();
  const change = section.getByRole("row").filter({ hasText: "E2E back-office settings" });
  await expect(change).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} PHT/);
});

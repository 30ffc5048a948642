import { fishKind, swimmingAt } from "@panalo/game-math/fish/index";
import { type APIRequestContext, expect, request, test } from "@playwright/test";
import { AdminPage } from "./support/admin-page.ts";
import { settledAxe } from "./support/axe.ts";
import { FISH_PLAYER, FISH_TOKENS } from "./support/seed-fish.ts";
import { operatorApi, site } from "./support/wallet-player.ts";

// The fish rooms in the back office: a player fires real shots through the game server's API
// (set up with the e2e fish player's PNF launch token, e2e/support/seed-fish.ts), then the
// operator sees the rooms and their live state, switches a room off (a join is refused) and on,
// changes its bet per shot, reads the report, and finds the shots on the player's page.
const ROOM = "mid-1";

const ok = async (res: Promise<import("@playwright/test").APIResponse>) => {
  const r = await res;
  const json = await r.json();
  expect(json.success, JSON.stringify(json)).toBe(true);
  return json.value;
};

/** A game session at the mid stake level with the first of the player's tokens not yet used. */
async function fishSession(api: APIRequestContext): Promise<string> {
  for (const token of FISH_TOKENS) {
    const res = await (
      await api.post("/rgs/api/fish/session", { data: { token, level: "mid", lang: "EN" } })
    ).json();
    if (res.success) return res.value.sessionId;
  }
  throw new Error("no fish launch token left");
}

test("the operator runs the fish rooms: live state, off and on, bet per shot, report, shots", async ({
  page,
}) => {
  const admin = await operatorApi();
  const api = await request.newContext({ baseURL: site });
  const found = await ok(admin.get(`/api/admin/players?q=${FISH_PLAYER.username}`));
  const memberId = found.items.find((m: { username: string }) => m.username === FISH_PLAYER.username)?.id;
  expect(memberId).toBeGreaterThan(0);
  await ok(
    admin.post("/api/admin/adjustments", { data: { memberId, amount: "100.00", reason: "E2E fish" } }),
  );

  // Real shots: sit down with a magazine of 10 shots at 1.00, fire five at swimming fish.
  const sessionId = await fishSession(api);
  const joined = await ok(
    api.post("/rgs/api/fish/join", { data: { sessionId, requestId: "j1", shots: 10, cannon: 1 } }),
  );
  expect(joined.room.roomId).toBe(ROOM);
  let fired = 0;
  const dead = new Set<number>();
  for (let i = 0; fired < 5 && i < 40; i++) {
    const sea = swimmingAt(
      joined.room.seaSeed,
      Date.now() - Date.parse(joined.room.startedAt),
      (f) => !dead.has(f),
    );
    const aim = sea.find((s) => fishKind(s.kindId).type === "normal");
    if (!aim) continue;
    const r = await ok(
      api.post("/rgs/api/fish/fire", {
        data: {
          sessionId,
          magazineId: joined.magazine.magazineId,
          shots: [{ requestId: `s${i}`, fish: aim.index, cannon: 1 }],
        },
      }),
    );
    const shot = r.results[0].detail;
    if (shot.fired) fired++;
    if (shot.hit) for (const f of [aim.index, ...shot.victims]) dead.add(f);
    else if (!shot.fired) dead.add(aim.index);
  }
  expect(fired).toBe(5);

  await new AdminPage(page).login();
  await page.goto("/admin/fish-rooms");
  const row = page.locator(`[data-testid=fish-room-row][data-room=${ROOM}]`);
  await expect(row).toContainText("₱1.00–₱10.00");
  await expect(row).toContainText("1 / 4");
  await expect(row).toContainText("5 shots");
  await expect(page.locator("[data-testid=fish-room-row]")).toHaveCount(3);

  // Off: the seated player is stood up (the magazine closed and paid), a join is refused.
  await page.getByTestId(`fish-toggle-${ROOM}`).click();
  await expect(row.getByTestId("fish-room-state")).toHaveText("Off");
  await expect(row).toContainText("0 / 4");
  const refused = await (
    await api.post("/rgs/api/fish/join", { data: { sessionId, requestId: "j2", shots: 10, cannon: 1 } })
  ).json();
  expect(refused.code).toBe("ROOM_CLOSED");
  await page.getByTestId(`fish-toggle-${ROOM}`).click();
  await expect(row.getByTestId("fish-room-state")).toHaveText("On");

  // The bet per shot: 2.00 at cannon level 1, at most 20.00.
  await row.getByRole("button", { name: `Settings of ${ROOM}` }).click();
  const form = page.getByTestId("fish-room-form");
  await form.getByLabel("Bet per shot at cannon level 1").fill("2.00");
  await form.getByLabel("Largest bet per shot").fill("20.00");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form).toBeHidden();
  await expect(row.getByTestId("fish-room-bets")).toHaveText("₱2.00–₱20.00");
  const rooms = await ok(admin.get("/api/admin/fish/rooms"));
  expect(rooms.find((r: { roomId: string }) => r.roomId === ROOM)).toMatchObject({
    minBet: "2.00",
    maxBet: "20.00",
  });

  // The report: the room's five shots at 1.00 over the period, against the stated 96.5 %.
  const total = page.locator(`[data-testid=fish-report-row][data-room=${ROOM}][data-day=total]`);
  await expect(total).toContainText("5.00");
  await expect(total).toContainText("96.5000 %");

  const axe = await (await settledAxe(page)).analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);

  // The player's page lists the shots, each verifiable now the seat was left.
  await page.goto(`/admin/players/${memberId}`);
  const shots = page.getByTestId("player-fish-shot");
  await expect(shots).toHaveCount(5);
  await expect(shots.first()).toContainText("Recomputes");
  const href = await shots.first().getByRole("link", { name: "Verify" }).getAttribute("href");
  const check = await ok(api.get(href as string));
  expect(check.ok).toBe(true);

  // Back to the room's first settings.
  await ok(admin.put("/api/admin/fish/rooms", { data: { roomId: ROOM, minBet: "1.00", maxBet: "10.00" } }));
  await api.dispose();
  await admin.dispose();
});

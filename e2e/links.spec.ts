import { type APIRequestContext, expect, test } from "@playwright/test";
import { operatorApi } from "./support/wallet-player.ts";

// A notice's links stay on the site unless the operator marked the notice
// external; then they open in a new tab with rel="noopener noreferrer". A link that leaves the
// site without the mark, or "//host", is refused on save.
test.describe.configure({ mode: "serial" });

let admin: APIRequestContext;
const created: number[] = [];

test.beforeAll(async () => {
  admin = await operatorApi();
});
test.afterAll(async () => {
  for (const id of created) await admin.delete(`/api/admin/notices/${id}`);
  await admin?.dispose();
});

const notice = (title: string, html: string, external: boolean) =>
  admin.post("/api/admin/notices", {
    data: {
      type: "B",
      title: { TY: title, EN: title },
      content: { TY: html, EN: html },
      external,
      startsAt: null,
      endsAt: null,
      sortOrder: 0,
      enabled: true,
    },
  });

test("notice links open in the site, or in a new tab without opener only when marked external", async ({
  page,
}) => {
  const refused = await notice("Refused", '<p><a href="https://partner.example/x">out</a></p>', false);
  expect(refused.status()).toBe(400);
  expect((await refused.json()).details[0]).toEqual({ path: "content.TY", message: "link_not_external" });
  expect((await notice("Refused", '<p><a href="//evil.example">x</a></p>', true)).status()).toBe(400);

  const inside = await notice("Sa loob", '<p><a href="/promotions" data-x="1">Promos</a></p>', false);
  const outside = await notice("Sa labas", '<p><a href="https://partner.example/x">Partner</a></p>', true);
  expect(inside.ok(), await inside.text()).toBe(true);
  expect(outside.ok(), await outside.text()).toBe(true);
  const insideId: number = (await inside.json()).value.id;
  const outsideId: number = (await outside.json()).value.id;
  created.push(insideId, outsideId);

  await page.goto("/noticePage");
  const internal = page.getByTestId(`notice-card-${insideId}`).getByRole("link", { name: "Promos" });
  await expect(internal).toHaveAttribute("href", "/promotions");
  await expect(internal).not.toHaveAttribute("target", /.+/);
  const external = page.getByTestId(`notice-card-${outsideId}`).getByRole("link", { name: "Partner" });
  await expect(external).toHaveAttribute("href", "https://partner.example/x");
  await expect(external).toHaveAttribute("target", "_blank");
  await expect(external).toHaveAttribute("rel", "noopener noreferrer");
});

import { expect, type Page, test } from "@playwright/test";
import { VIEWPORTS } from "./support/player-pages.ts";

// The download page (spec §2 /down) gives each phone a real way to get the app, and the site
// is an installable web app: a manifest with icons, and a service worker that shows an offline
// page when a screen cannot load but never answers API or money calls itself.

/** The paths of the links inside the download page (not the site's menus around it). */
async function pageLinks(page: Page): Promise<string[]> {
  return page
    .getByTestId("page-download")
    .locator("a[href]")
    .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
}

for (const vp of VIEWPORTS) {
  test(`at ${vp.name} px the download page installs the app instead of linking back to itself`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: vp.width, height: vp.height });
    await page.goto("/down");
    await expect(page.getByTestId("page-download")).toBeVisible();
    // iPhone: Safari's add-to-home-screen steps, in Filipino (the default language).
    const ios = page.getByTestId("ios-steps");
    await expect(ios.locator("li")).toHaveCount(4);
    await expect(ios).toContainText("Safari");
    await expect(ios).toContainText("Add to Home Screen");
    // Android without the browser's install offer yet: the steps in Chrome's menu.
    await expect(page.getByTestId("android-steps").locator("li")).toHaveCount(3);
    await expect(page.getByTestId("install-app")).toHaveCount(0);
    expect(await pageLinks(page), "no button leads back to the download page").not.toContain("/down");
    expect(await pageLinks(page)).not.toContain("/download");

    // The browser offers installing (Chromium's beforeinstallprompt): one tap installs.
    await page.evaluate(() => {
      const offer = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
        prompt: async () => {
          document.body.dataset.installPrompted = "yes";
        },
        userChoice: Promise.resolve({ outcome: "accepted" }),
      });
      window.dispatchEvent(offer);
    });
    await page.getByTestId("install-app").click();
    await expect(page.locator("body")).toHaveAttribute("data-install-prompted", "yes");
    await expect(page.getByTestId("install-done")).toBeVisible();
    await expect(page.getByTestId("install-app")).toHaveCount(0);
  });
}

test("the site is installable: a manifest with its icons, and a worker that is never cached long", async ({
  page,
  request,
}) => {
  await page.goto("/");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBeTruthy();
  const manifest = await (await request.get(href ?? "")).json();
  expect(manifest.display).toBe("standalone");
  expect(manifest.start_url).toMatch(/^\//);
  const sizes = new Map<string, string>();
  for (const icon of manifest.icons as Array<{ src: string; sizes: string; purpose?: string }>) {
    const res = await request.get(icon.src);
    expect(res.status(), icon.src).toBe(200);
    expect(res.headers()["content-type"]).toBe("image/png");
    // A PNG's width and height are the big-endian words at bytes 16 and 20 of its header.
    const png = await res.body();
    sizes.set(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, icon.purpose ?? "any");
    expect(icon.sizes).toBe(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`);
  }
  // Chromium installs a web app with a 192 and a 512 px icon.
  expect([...sizes.keys()]).toEqual(expect.arrayContaining(["192x192", "512x512"]));
  expect(await page.locator('link[rel="apple-touch-icon"]').count()).toBe(1);
  for (const file of ["/sw.js", "/manifest.webmanifest", "/offline.html"]) {
    const res = await request.get(file);
    expect(res.status(), file).toBe(200);
    expect(res.headers()["cache-control"], file).toBe("no-cache");
  }
});

test("offline, a screen shows the offline page; API calls never go through the worker's cache", async ({
  page,
  context,
}) => {
  await page.goto("/");
  await expect(page.getByTestId("page-home")).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  // The worker takes charge of the open page (clients.claim), so the next visit goes through it.
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // Online, under the worker: the screen comes from the network and every call reaches the server.
  const calls: Array<{ url: string; fromWorker: boolean }> = [];
  page.on("response", (r) => {
    if (new URL(r.url()).pathname.startsWith("/wps/"))
      calls.push({ url: r.url(), fromWorker: r.fromServiceWorker() });
  });
  await page.goto("/promotions");
  await expect(page.getByTestId("page-promotions")).toBeVisible();
  expect(calls.length).toBeGreaterThan(0);
  expect(calls.filter((c) => c.fromWorker)).toEqual([]);

  // Offline: the offline page, in the player's language, with a working retry.
  await context.setOffline(true);
  await page.goto("/wallet/deposit").catch(() => undefined);
  await expect(page.getByTestId("offline-page")).toBeVisible();
  await expect(page.locator("h1")).toHaveText("Walang koneksyon sa internet");

  // The worker's cache holds its own static files only: no call, no balance, no screen.
  const cached = await page.evaluate(async () => {
    const out: string[] = [];
    for (const name of await caches.keys()) {
      for (const req of await (await caches.open(name)).keys()) out.push(new URL(req.url).pathname);
    }
    return out;
  });
  expect(cached.sort()).toEqual(["/icons/icon-192.png", "/offline.html", "/offline.js"]);

  await context.setOffline(false);
  await page.getByRole("button", { name: "Subukang muli" }).click();
  await expect(page.getByTestId("offline-page")).toHaveCount(0);
  await expect(page.locator("#root")).not.toBeEmpty();
});

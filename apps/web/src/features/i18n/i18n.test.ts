import { describe, expect, it } from "vitest";
import { activateCatalog, i18next, loadTexts, textsLoaded } from "./i18n.ts";

/** A catalogue part whose download finishes when the test says so. */
function deferredPart(texts: Record<string, unknown>) {
  let finish = () => {};
  const arrived = new Promise<Record<string, unknown>>((resolve) => {
    finish = () => resolve(texts);
  });
  return { load: () => arrived, finish: () => finish() };
}

describe("catalogue areas", () => {
  it("a lazy component waits for the area its code started: the text is there when it draws", async () => {
    await activateCatalog("TY");
    const ty = deferredPart({ demoArea: { title: "Pamagat" } });
    loadTexts("demoArea", { "../../locales/TY.json": ty.load, "../../locales/EN.json": async () => ({}) });
    let ready = false;
    const waiting = textsLoaded().then(() => {
      ready = true;
    });
    await Promise.resolve();
    expect(ready).toBe(false); // still downloading: the component would not render yet
    expect(i18next.exists("demoArea.title")).toBe(false);
    ty.finish();
    await waiting;
    expect(i18next.t("demoArea.title")).toBe("Pamagat");
  });

  it("a language switch loads the areas already used in the new language before it shows", async () => {
    await activateCatalog("TY");
    loadTexts("switchArea", {
      "../../locales/TY.json": async () => ({ switchArea: { title: "Pamagat" } }),
      "../../locales/EN.json": async () => ({ switchArea: { title: "Title" } }),
    });
    await textsLoaded();
    expect(i18next.t("switchArea.title")).toBe("Pamagat");
    await activateCatalog("EN");
    expect(i18next.language).toBe("EN");
    expect(i18next.t("switchArea.title")).toBe("Title");
    // the core part came with it: the shell's texts in English
    expect(i18next.t("common.close")).toBe("Close");
    await activateCatalog("TY");
    expect(i18next.t("common.close")).toBe("Isara");
  });

  it("a failed area download fails the wait (the page's error view), and is tried again", async () => {
    await activateCatalog("TY");
    let calls = 0;
    const load = async () => {
      calls++;
      if (calls === 1) throw new Error("offline");
      return { retryArea: { title: "Muli" } };
    };
    loadTexts("retryArea", { "../../locales/TY.json": load });
    await expect(textsLoaded()).rejects.toThrow("offline");
    loadTexts("retryArea", { "../../locales/TY.json": load });
    await textsLoaded();
    expect(i18next.t("retryArea.title")).toBe("Muli");
  });
});

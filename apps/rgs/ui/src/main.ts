import "./styles.css";
import { RgsApiError, rgsApi, setApiLang } from "./api.ts";
import { BingoApp, type BingoSession } from "./bingo-app.ts";
import { startBingoReplay, startBingoVerify } from "./bingo-pages.ts";
import { useCurrency } from "./format.ts";
import { HTML_LANG, type Lang, langFrom, serverLang, t } from "./i18n.ts";
import { startReplayPage } from "./replay-page.ts";
import { SlotApp } from "./slot-app.ts";
import { safeLobby } from "./slot-screen.ts";
import { TableApp, type TableSession } from "./table-app.ts";
import { startTableReplay } from "./table-replay.ts";
import { startVerifyPage } from "./verify-page.ts";

/**
 * One bundle for every game and for the verify page, routed by path:
 * /rgs/games/<gameId>?token=…&lang=TY|EN|CN|VI|TH|ID|JA&lobby=…, /rgs/replay/<roundId>?… (a signed link from the
 * platform's betting record) and /rgs/verify.
 */
// No inline style attributes anywhere: the game server's CSP allows styles from 'self' only.
function skeleton(root: HTMLElement, lang: Lang): void {
  root.innerHTML = `<div class="skeleton" aria-busy="true" role="status" aria-label="${t(lang, "loading")}"><div class="sk-bar"></div><div class="sk-reels"></div><div class="sk-meters"></div><div class="sk-controls"></div></div>`;
}

function sessionError(root: HTMLElement, lang: Lang, e: unknown, retry: () => void): void {
  const message =
    e instanceof RgsApiError && e.message && e.code !== "NETWORK" ? e.message : t(lang, "network");
  root.innerHTML = `<div class="verify-page"><div class="error" data-testid="slot-error" role="alert"><b>${t(lang, "sessionFailed")}</b><span></span></div><p><button type="button" class="btn">${t(lang, "retry")}</button></p></div>`;
  const span = root.querySelector(".error span");
  if (span) span.textContent = message;
  const box = root.querySelector<HTMLElement>(".error");
  if (box && e instanceof RgsApiError) box.dataset.code = e.code;
  root.querySelector("button")?.addEventListener("click", retry);
  root.dataset.state = "error";
}

async function startGame(root: HTMLElement, gameId: string, lang: Lang): Promise<void> {
  const params = new URLSearchParams(location.search);
  const token = params.get("token") ?? "";
  const lobby = safeLobby(params.get("lobby"));
  root.dataset.state = "loading";
  skeleton(root, lang);
  try {
    // The font's @font-face rules come before the game's buttons are drawn: Chromium does not
    // lay out again the text of buttons drawn before such a rule was added (they kept boxes).
    const [session] = await Promise.all([
      rgsApi.openSession({ token, gameId, lang: serverLang(lang) }),
      fontCss,
    ]);
    // Trial accounts play with play money (FUN), never shown as pesos.
    useCurrency(session.currency);
    document.title = session.game.name;
    new SlotApp(root, lang, session, lobby);
  } catch (e) {
    sessionError(root, lang, e, () => void startGame(root, gameId, lang));
  }
}

/** A live table: /rgs/tables/<tableId>?token=…&lang=… */
async function startTable(root: HTMLElement, tableId: string, lang: Lang): Promise<void> {
  const token = new URLSearchParams(location.search).get("token") ?? "";
  root.dataset.state = "loading";
  skeleton(root, lang);
  try {
    const res = await fetch("/rgs/api/tables/session", {
      method: "POST",
      headers: { "content-type": "application/json", "x-lang": serverLang(lang) },
      body: JSON.stringify({ token, tableId, lang: serverLang(lang) }),
    });
    const json = (await res.json()) as {
      success: boolean;
      code?: string;
      message?: string;
      value?: TableSession;
    };
    if (!json.success || !json.value) throw new RgsApiError(json.code ?? "ERROR", json.message ?? "", null);
    useCurrency(json.value.currency);
    document.title = lang === "TY" ? json.value.table.name.TY : json.value.table.name.EN;
    new TableApp(root, lang, json.value);
  } catch (e) {
    sessionError(root, lang, e, () => void startTable(root, tableId, lang));
  }
}

/** The web font of a script the device may lack, only for its language. */
const FONTS: Partial<Record<Lang, () => Promise<unknown>>> = {
  CN: () => import("./fonts/cn.css"),
  JA: () => import("./fonts/ja.css"),
  TH: () => import("./fonts/th.css"),
};

/**
 * Text drawn while a slice of the font was still downloading shows the fallback (boxes, on a
 * device without the script), and Chromium does not always draw buttons and labels again when
 * the slice arrives: each time slices finish loading, <html data-fonts> flips and the font style
 * sheet changes the family list a little, so all text is shaped again.
 */
function refreshOnFontLoad(): void {
  document.fonts?.addEventListener("loadingdone", () => {
    const root = document.documentElement;
    root.dataset.fonts = root.dataset.fonts === "b" ? "a" : "b";
  });
}

/** A bingo room: /rgs/bingo/<roomId>?token=…&lang=… */
async function startBingo(root: HTMLElement, roomId: string, lang: Lang): Promise<void> {
  const token = new URLSearchParams(location.search).get("token") ?? "";
  root.dataset.state = "loading";
  skeleton(root, lang);
  try {
    const res = await fetch("/rgs/api/bingo/session", {
      method: "POST",
      headers: { "content-type": "application/json", "x-lang": serverLang(lang) },
      body: JSON.stringify({ token, roomId, lang: serverLang(lang) }),
    });
    const json = (await res.json()) as {
      success: boolean;
      code?: string;
      message?: string;
      value?: BingoSession;
    };
    if (!json.success || !json.value) throw new RgsApiError(json.code ?? "ERROR", json.message ?? "", null);
    useCurrency(json.value.currency);
    document.title = lang === "TY" ? json.value.room.name.TY : json.value.room.name.EN;
    await fontCss;
    new BingoApp(root, lang, json.value);
    root.dataset.state = "ready";
  } catch (e) {
    sessionError(root, lang, e, () => void startBingo(root, roomId, lang));
  }
}

/**
 * A fish sea: /rgs/fish/<level>?token=…&lang=… (level low | mid | high). The screen and PixiJS
 * load only here, in chunks of their own: the other games' bundles do not grow.
 */
async function startFish(root: HTMLElement, level: string, lang: Lang): Promise<void> {
  const token = new URLSearchParams(location.search).get("token") ?? "";
  root.dataset.state = "loading";
  skeleton(root, lang);
  try {
    const post = async <T>(path: string, body: unknown): Promise<T> => {
      const res = await fetch(`/rgs/api/fish/${path}`, {
        method: body === undefined ? "GET" : "POST",
        headers: {
          "x-lang": serverLang(lang),
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = (await res.json()) as { success: boolean; code?: string; message?: string; value?: T };
      if (!json.success || json.value === undefined)
        throw new RgsApiError(json.code ?? "ERROR", json.message ?? "", null);
      return json.value;
    };
    const [session, rooms, app] = await Promise.all([
      post<{ sessionId: string; playerId: number; currency: string; balance: string }>("session", {
        token,
        level,
        lang: serverLang(lang),
      }),
      post<Array<{ level: string; minBet: string }>>("rooms", undefined),
      import("./fish-app.ts"),
      fontCss,
    ]);
    const stake = rooms.find((r) => r.level === level);
    if (!stake) throw new RgsApiError("FISH_LEVEL_NOT_FOUND", "", null);
    useCurrency(session.currency);
    const fish = new app.FishApp(root, lang, { ...session, level }, stake);
    document.title = "Panalo Fishing";
    await fish.start();
  } catch (e) {
    sessionError(root, lang, e, () => void startFish(root, level, lang));
  }
}

/** A crash room: /rgs/crash/<roomId>?token=…&lang=… (its screen in a chunk of its own). */
async function startCrash(root: HTMLElement, roomId: string, lang: Lang): Promise<void> {
  const token = new URLSearchParams(location.search).get("token") ?? "";
  root.dataset.state = "loading";
  skeleton(root, lang);
  try {
    const [res, app] = await Promise.all([
      fetch("/rgs/api/crash/session", {
        method: "POST",
        headers: { "content-type": "application/json", "x-lang": serverLang(lang) },
        body: JSON.stringify({ token, roomId, lang: serverLang(lang) }),
      }),
      import("./crash-app.ts"),
      fontCss,
    ]);
    const json = (await res.json()) as {
      success: boolean;
      code?: string;
      message?: string;
      value?: import("./crash-app.ts").CrashSession;
    };
    if (!json.success || !json.value) throw new RgsApiError(json.code ?? "ERROR", json.message ?? "", null);
    useCurrency(json.value.currency);
    document.title = json.value.room.name[lang] ?? json.value.room.name.EN ?? "Panalo Crash";
    new app.CrashApp(root, lang, json.value);
    root.dataset.state = "ready";
  } catch (e) {
    sessionError(root, lang, e, () => void startCrash(root, roomId, lang));
  }
}

/** The cockfight arena: /rgs/cockfight/<gameCode>?token=…&lang=… (its screen a chunk of its own). */
async function startArena(root: HTMLElement, gameCode: string, lang: Lang): Promise<void> {
  root.dataset.state = "loading";
  skeleton(root, lang);
  try {
    const [m] = await Promise.all([import("./cockfight-app.ts"), fontCss]);
    await m.startCockfight(root, gameCode, lang);
    root.dataset.state = "ready";
  } catch (e) {
    sessionError(root, lang, e, () => void startArena(root, gameCode, lang));
  }
}

/**
 * A PVP card table: /rgs/cards/<tableId>?token=…&lang=… (docs/cards.md). The screen loads only
 * here, in a chunk of its own.
 */
async function startCards(root: HTMLElement, tableId: string, lang: Lang): Promise<void> {
  const token = new URLSearchParams(location.search).get("token") ?? "";
  root.dataset.state = "loading";
  skeleton(root, lang);
  try {
    const res = await fetch("/rgs/api/cards/session", {
      method: "POST",
      headers: { "content-type": "application/json", "x-lang": serverLang(lang) },
      body: JSON.stringify({ token, tableId, lang: serverLang(lang) }),
    });
    const json = (await res.json()) as {
      success: boolean;
      code?: string;
      message?: string;
      value?: { sessionId: string; currency: string };
    };
    if (!json.success || !json.value) throw new RgsApiError(json.code ?? "ERROR", json.message ?? "", null);
    useCurrency(json.value.currency);
    const [app] = await Promise.all([import("./cards-app.ts"), fontCss]);
    await new app.CardsApp(root, lang, json.value).start();
  } catch (e) {
    sessionError(root, lang, e, () => void startCards(root, tableId, lang));
  }
}

let fontCss: Promise<unknown> = Promise.resolve();

const root = document.getElementById("app");
if (root) {
  const lang = langFrom(location.search);
  setApiLang(serverLang(lang));
  document.documentElement.lang = HTML_LANG[lang];
  const font = FONTS[lang];
  if (font) {
    refreshOnFontLoad();
    fontCss = font().catch(() => undefined);
  }
  const game = /^\/rgs\/games\/([^/]+)\/?$/.exec(location.pathname);
  const replay = /^\/rgs\/replay\/([^/]+)\/?$/.exec(location.pathname);
  const table = /^\/rgs\/tables\/([^/]+)\/?$/.exec(location.pathname);
  const bingo = /^\/rgs\/bingo\/([^/]+)\/?$/.exec(location.pathname);
  const fish = /^\/rgs\/fish\/([^/]+)\/?$/.exec(location.pathname);
  const crash = /^\/rgs\/crash\/([^/]+)\/?$/.exec(location.pathname);
  const cockfight = /^\/rgs\/cockfight\/([^/]+)\/?$/.exec(location.pathname);
  const cards = /^\/rgs\/cards\/([^/]+)\/?$/.exec(location.pathname);
  const vendor = new URLSearchParams(location.search).get("vendor");
  if (cards?.[1]) void startCards(root, decodeURIComponent(cards[1]), lang);
  else if (crash?.[1]) void startCrash(root, decodeURIComponent(crash[1]), lang);
  else if (!replay && !game && !table && new URLSearchParams(location.search).get("crash"))
    void fontCss.then(() => import("./crash-verify.ts")).then((m) => m.startCrashVerify(root, lang));
  else if (fish?.[1]) void startFish(root, decodeURIComponent(fish[1]), lang);
  else if (cockfight?.[1]) void startArena(root, decodeURIComponent(cockfight[1]), lang);
  else if (replay?.[1] && vendor === "SV3")
    void import("./cockfight-app.ts").then((m) =>
      m.startCockfightReplay(root, decodeURIComponent(replay[1] ?? ""), lang),
    );
  else if (!replay && !game && !table && new URLSearchParams(location.search).get("fish"))
    void fontCss.then(() => import("./fish-verify.ts")).then((m) => m.startFishVerify(root, lang));
  else if (replay?.[1] && vendor === "PNF")
    void fontCss
      .then(() => import("./fish-verify.ts"))
      .then((m) => m.startFishReplay(root, decodeURIComponent(replay[1] ?? ""), lang));
  else if (bingo?.[1]) void startBingo(root, decodeURIComponent(bingo[1]), lang);
  else if (replay?.[1] && vendor === "PNB")
    void fontCss.then(() => startBingoReplay(root, decodeURIComponent(replay[1] ?? ""), lang));
  else if (!replay && !game && !table && new URLSearchParams(location.search).get("bingo"))
    void fontCss.then(() => startBingoVerify(root, lang));
  else if (table?.[1]) void startTable(root, decodeURIComponent(table[1]), lang);
  else if (game?.[1]) void startGame(root, decodeURIComponent(game[1]), lang);
  else if (replay?.[1] && new URLSearchParams(location.search).get("vendor") === "PNL")
    void fontCss.then(() => startTableReplay(root, decodeURIComponent(replay[1] ?? ""), lang));
  else if (replay?.[1])
    void fontCss.then(() => startReplayPage(root, decodeURIComponent(replay[1] ?? ""), lang));
  else void fontCss.then(() => startVerifyPage(root, lang));
}

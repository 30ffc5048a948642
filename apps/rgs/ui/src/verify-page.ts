import type { RgsVerify, RgsVerifyRequest } from "@panalo/contracts/rgs";
import { RgsApiError, rgsApi } from "./api.ts";
import { formatMinor, formatPeso, toMinor } from "./format.ts";
import { type Lang, t } from "./i18n.ts";
import { ReelsView } from "./reels.ts";
import { buildSprite } from "./symbols.ts";
import { tableVerifySection } from "./table-verify.ts";
import { unitsToMinor, winSteps } from "./win-presenter.ts";

/**
 * The verify page recomputes any past round from the revealed seed:
 * the player enters a revealed server seed, the client seed, the nonce and the bet; the server
 * recomputes the round and the page shows the seed's hash (to compare with the hash shown
 * before play) and the outcome on reels. Links from the game prefill the form.
 */
const FIELDS = ["gameId", "serverSeed", "clientSeed", "nonce", "betPerLine"] as const;

function spinBlock(
  lang: Lang,
  game: RgsVerify["game"],
  title: string,
  spin: RgsVerify["outcome"]["base"],
  bet: bigint,
  m: number,
): HTMLElement {
  const gameId = game.id;
  const block = document.createElement("div");
  block.className = "replay";
  const rows = spin.window[0]?.length ?? 0;
  const reels = new ReelsView(`v-${gameId}`, spin.window.length, rows, []);
  reels.show(spin.window);
  // Win lines as the game draws and names them (its paylines), not anonymous ones.
  const steps = winSteps(lang, game, spin, bet, m);
  reels.highlight(steps.flatMap((s) => s.cells));
  const h = document.createElement("h3");
  h.textContent = `${title} — ${formatPeso(unitsToMinor(spin.lineBetUnits, bet, m))}`;
  const list = document.createElement("ul");
  for (const s of steps) {
    const li = document.createElement("li");
    li.textContent = s.text;
    list.append(li);
  }
  block.append(h, reels.root, list);
  return block;
}

/** Whether the revealed seed's hash is the one the game showed before play (the link's `hash`). */
function hashVerdict(lang: Lang, hash: string, published: string): HTMLElement {
  const p = document.createElement("p");
  const match = hash === published;
  p.dataset.testid = "verify-hash-match";
  p.dataset.match = String(match);
  p.className = match ? "verify-ok" : "error";
  p.textContent = t(lang, match ? "hashMatchYes" : "hashMatchNo");
  return p;
}

/** SHA-256 of the seed as the game server computes it (of its hex text), in hex. */
async function sha256Hex(text: string): Promise<string | null> {
  if (!globalThis.crypto?.subtle) return null;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * A link that verifies a seed but names no round (a seed revealed before any round of this
 * visit): the seed's hash against the one shown before play, and what to enter for a round.
 */
async function showSeedCheck(lang: Lang, out: HTMLElement, seed: string, published: string | null) {
  const hash = await sha256Hex(seed);
  if (!hash) return;
  const head = document.createElement("div");
  head.className = "kv";
  head.dataset.testid = "verify-seed";
  head.innerHTML = `<span>${t(lang, "hashOfSeed")}</span><code data-testid="verify-hash"></code>`;
  const code = head.querySelector("code");
  if (code) code.textContent = hash;
  const note = document.createElement("p");
  note.textContent = t(lang, "seedOnly");
  out.replaceChildren(head, ...(published ? [hashVerdict(lang, hash, published)] : []), note);
}

/** A round whose server seed is still secret: say so, and how the player reveals it. */
function showPending(lang: Lang, out: HTMLElement): void {
  const box = document.createElement("div");
  box.className = "notice";
  box.dataset.testid = "verify-pending";
  box.setAttribute("role", "status");
  const b = document.createElement("b");
  b.textContent = t(lang, "seedPending");
  const p = document.createElement("p");
  p.textContent = t(lang, "revealHow");
  box.append(b, p);
  out.replaceChildren(box);
}

/**
 * The spin's jackpot draw recomputed from the same seeds, and — when the link names a jackpot
 * win's stored draw (`jackpotDraw`, from the back office's wins) — whether they are the same.
 */
function jackpotBlock(lang: Lang, draw: string, expected: string | null): HTMLElement {
  const box = document.createElement("div");
  box.className = "kv";
  box.dataset.testid = "verify-jackpot";
  const label = document.createElement("span");
  label.textContent = t(lang, "jackpotDraw");
  const code = document.createElement("code");
  code.dataset.testid = "verify-jackpot-draw";
  code.textContent = draw;
  box.append(label, code);
  if (expected) {
    const match = expected === draw;
    const p = document.createElement("p");
    p.dataset.testid = "verify-jackpot-match";
    p.dataset.match = String(match);
    p.className = match ? "verify-ok" : "error";
    p.textContent = t(lang, match ? "jackpotDrawMatchYes" : "jackpotDrawMatchNo");
    box.append(p);
  }
  return box;
}

function showResult(
  lang: Lang,
  out: HTMLElement,
  req: RgsVerifyRequest,
  res: RgsVerify,
  published: string | null,
  jackpot: string | null = null,
): void {
  out.replaceChildren();
  const { game } = res;
  const symbols = [
    ...new Set([
      ...game.symbols,
      ...[res.outcome.base, ...res.outcome.freeSpins].flatMap((s) => s.window.flat()),
    ]),
  ];
  // The symbols drawn and named as the game itself shows them — its wild and scatter,
  // its colours — never a generic guess.
  const [c1 = "#d68910", c2 = "#5b2c06"] = game.colours;
  out.append(buildSprite(`v-${game.id}`, symbols, { wild: game.wild, scatter: game.scatter }, [c1, c2]));
  const title = document.createElement("h2");
  title.dataset.testid = "verify-game";
  title.textContent = game.name;
  out.append(title);
  const head = document.createElement("div");
  head.className = "kv";
  head.innerHTML = `<span>${t(lang, "hashOfSeed")}</span><code data-testid="verify-hash"></code><span>${t(lang, "win")}: <b data-testid="verify-win"></b></span>`;
  const code = head.querySelector("code");
  if (code) code.textContent = res.serverSeedHash;
  const win = head.querySelector("b");
  if (win) win.textContent = formatPeso(toMinor(res.win));
  out.append(head);
  if (published) out.append(hashVerdict(lang, res.serverSeedHash, published));
  if (res.jackpotDraw) out.append(jackpotBlock(lang, res.jackpotDraw, jackpot));
  const bet = toMinor(req.betPerLine);
  out.append(spinBlock(lang, game, t(lang, "outcome"), res.outcome.base, bet, 1));
  res.outcome.freeSpins.forEach((spin, i) => {
    out.append(spinBlock(lang, game, `${t(lang, "freeSpins")} ${i + 1}`, spin, bet, res.outcome.multiplier));
  });
}

export function startVerifyPage(root: HTMLElement, lang: Lang): void {
  const params = new URLSearchParams(location.search);
  // The hash the game showed before play, when the link carries it: the result is checked against it.
  const hashParam = params.get("hash")?.toLowerCase() ?? "";
  const published = /^[0-9a-f]{64}$/.test(hashParam) ? hashParam : null;
  // A jackpot win's stored draw, when the link comes from its row in the back office.
  const jackpotParam = params.get("jackpotDraw")?.toLowerCase() ?? "";
  const jackpot = /^[0-9a-f]{13}$/.test(jackpotParam) ? jackpotParam : null;
  root.innerHTML = `<main class="verify-page"><h1>${t(lang, "verifyTitle")}</h1>
<form data-testid="verify-form" novalidate>
<label class="field"><span>${t(lang, "game")}</span><input name="gameId" required maxlength="64"></label>
<label class="field"><span>${t(lang, "serverSeed")}</span><input name="serverSeed" required pattern="[0-9a-f]{64}" class="mono" spellcheck="false"></label>
<div class="row"><label class="field"><span>${t(lang, "clientSeed")}</span><input name="clientSeed" required maxlength="64" spellcheck="false"></label>
<label class="field"><span>${t(lang, "nonce")}</span><input name="nonce" required inputmode="numeric" pattern="\\d+"></label>
<label class="field"><span>${t(lang, "betPerLine")}</span><input name="betPerLine" required inputmode="decimal" value="1.00"></label></div>
<button class="btn" type="submit">${t(lang, "verify")}</button></form>
<div class="error" data-testid="slot-error" role="alert" hidden></div>
<section data-testid="verify-result" aria-live="polite"></section></main>`;
  const form = root.querySelector("form");
  const out = root.querySelector<HTMLElement>("[data-testid=verify-result]");
  const error = root.querySelector<HTMLElement>(".error");
  if (!form || !out || !error) return;
  for (const name of FIELDS) {
    const value = params.get(name);
    const input = form.elements.namedItem(name);
    if (value !== null && input instanceof HTMLInputElement) input.value = value;
  }
  root.dataset.state = "idle";
  // Live table rounds are verified from their revealed seed.
  tableVerifySection(root, lang, params);
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const data = new FormData(form);
    const field = (name: string) => String(data.get(name) ?? "").trim();
    const bet = toMinor(field("betPerLine"));
    const req: RgsVerifyRequest = {
      gameId: field("gameId"),
      serverSeed: field("serverSeed").toLowerCase(),
      clientSeed: field("clientSeed"),
      nonce: Number.parseInt(field("nonce"), 10),
      betPerLine: formatMinor(bet),
    };
    error.hidden = true;
    root.dataset.state = "spinning";
    try {
      showResult(lang, out, req, await rgsApi.verify(req), published, jackpot);
    } catch (err) {
      out.replaceChildren();
      error.textContent =
        err instanceof RgsApiError && err.message && err.code !== "NETWORK"
          ? err.message
          : t(lang, "network");
      error.hidden = false;
    } finally {
      root.dataset.state = "idle";
    }
  });
  // Everything a round needs: recompute it now. A seed without a round: check its hash. A round
  // without its seed: it is not revealed yet.
  if (FIELDS.every((name) => params.get(name))) form.requestSubmit();
  else if (params.get("serverSeed")) void showSeedCheck(lang, out, params.get("serverSeed") ?? "", published);
  else if (params.get("gameId") && params.get("nonce")) showPending(lang, out);
}

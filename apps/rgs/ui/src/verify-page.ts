import type { RgsVerify, RgsVerifyRequest } from "@panalo/contracts/rgs";
import { RgsApiError, rgsApi } from "./api.ts";
import { formatMinor, formatPeso, toMinor } from "./format.ts";
import { type Lang, t } from "./i18n.ts";
import { ReelsView } from "./reels.ts";
import { buildSprite } from "./symbols.ts";
import { tableVerifySection } from "./table-verify.ts";
import { unitsToMinor, winSteps } from "./win-presenter.ts";

/**
 * The verify page (issue 5: "a verify page recomputes any past round from the revealed seed"):
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

function showResult(lang: Lang, out: HTMLElement, req: RgsVerifyRequest, res: RgsVerify): void {
  out.replaceChildren();
  const { game } = res;
  const symbols = [
    ...new Set([
      ...game.symbols,
      ...[res.outcome.base, ...res.outcome.freeSpins].flatMap((s) => s.window.flat()),
    ]),
  ];
  // issue 14: the symbols drawn and named as the game itself shows them — its wild and scatter,
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
  const bet = toMinor(req.betPerLine);
  out.append(spinBlock(lang, game, t(lang, "outcome"), res.outcome.base, bet, 1));
  res.outcome.freeSpins.forEach((spin, i) => {
    out.append(spinBlock(lang, game, `${t(lang, "freeSpins")} ${i + 1}`, spin, bet, res.outcome.multiplier));
  });
}

export function startVerifyPage(root: HTMLElement, lang: Lang): void {
  const params = new URLSearchParams(location.search);
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
  // Live table rounds (issue 18) are verified from their revealed seed.
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
      showResult(lang, out, req, await rgsApi.verify(req));
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
  if (FIELDS.every((name) => params.get(name))) form.requestSubmit();
}

import type { BingoGameView, BingoPurchaseView } from "@panalo/contracts/bingo";
import { bt } from "./bingo-texts.ts";
import { formatPeso, toMinor } from "./format.ts";
import type { Lang } from "./i18n.ts";

/**
 * The bingo game recall (from the platform's betting record: a purchase's tickets, the numbers
 * drawn, the prizes and the win) and the bingo verify page (recompute the draw order and the
 * strips or cards from a revealed seed and check its hash against the published commitment).
 */
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function ticketTable(numbers: number[][], called: Set<number>): string {
  return `<table class="bingo-mini"><tbody>${numbers
    .map(
      (row) =>
        `<tr>${row.map((n) => `<td class="${n !== 0 && called.has(n) ? "daubed" : ""}">${n === 0 ? "" : n}</td>`).join("")}</tr>`,
    )
    .join("")}</tbody></table>`;
}

export async function startBingoReplay(root: HTMLElement, purchaseId: string, lang: Lang): Promise<void> {
  const res = await fetch(`/rgs/api/bingo/replay/${encodeURIComponent(purchaseId)}${location.search}`, {
    headers: { "x-lang": lang === "TY" ? "TY" : "EN" },
  });
  const json = (await res.json()) as {
    success: boolean;
    message?: string;
    value?: {
      room: { id: string; kind: string; name: { EN: string; TY: string } };
      game: BingoGameView;
      purchase: BingoPurchaseView;
    };
  };
  const main = document.createElement("main");
  main.className = "verify-page bingo-replay";
  main.dataset.testid = "bingo-replay";
  root.replaceChildren(main);
  if (!json.success || !json.value) {
    main.innerHTML = `<p class="error" role="alert"></p>`;
    const p = main.querySelector("p");
    if (p) p.textContent = json.message ?? "";
    root.dataset.state = "error";
    return;
  }
  const { room, game, purchase } = json.value;
  const called = new Set(game.balls);
  main.innerHTML = `<h1>${esc(lang === "TY" ? room.name.TY : room.name.EN)} — ${bt(lang, "recall", { n: game.gameNo })}</h1>
    <p>${bt(lang, "cost", { p: formatPeso(toMinor(purchase.total)) })} · ${purchase.win !== null ? bt(lang, "myWin", { p: formatPeso(toMinor(purchase.win)) }) : ""}</p>
    <h2>${bt(lang, "called")} (${game.balls.length})</h2><p class="balls" data-testid="bingo-replay-balls">${game.balls.join(" · ")}</p>
    <h2>${bt(lang, "prizes")}</h2><ul>${game.prizes
      .map(
        (p) =>
          `<li><b>${bt(lang, p.prize)}</b> ${formatPeso(toMinor(p.amount))}${p.at !== null ? ` — ${esc(bt(lang, "wonBy", { b: p.at, t: p.winners.map((w) => `#${w.ticketNo} (${formatPeso(toMinor(w.share))})`).join(", ") }))}` : ""}</li>`,
      )
      .join("")}</ul>
    <h2>${bt(lang, "myTickets")}</h2><div class="ticket-list" tabindex="0" role="region" aria-label="${bt(lang, "myTickets")}">${purchase.tickets
      .map((t) => `<figure><figcaption>#${t.ticketNo}</figcaption>${ticketTable(t.numbers, called)}</figure>`)
      .join("")}</div>
    <p>${bt(lang, "commitment")}: <code>${game.seedHash}</code><br>${bt(lang, "seed")}: <code>${game.seed ?? "—"}</code></p>
    ${game.seed ? `<p><a href="/rgs/verify?bingo=${game.kind}&seed=${game.seed}&hash=${game.seedHash}&lang=${lang}">${bt(lang, "verify")}</a></p>` : ""}`;
  root.dataset.state = "ready";
}

export function startBingoVerify(root: HTMLElement, lang: Lang): void {
  const q = new URLSearchParams(location.search);
  const kind = q.get("bingo") === "bingo75" ? "bingo75" : "bingo90";
  const main = document.createElement("main");
  main.className = "verify-page";
  main.dataset.testid = "bingo-verify-page";
  root.replaceChildren(main);
  main.innerHTML = `<h1>${bt(lang, "verifyTitle")}</h1>
    <form class="bingo-verify-form">
      <label>${bt(lang, "seed")} <input name="seed" required pattern="[0-9a-f]{64}" autocomplete="off"></label>
      <label>${bt(lang, "commitment")} <input name="hash" pattern="[0-9a-f]{64}" autocomplete="off"></label>
      <label>Kind <select name="kind"><option value="bingo90">90-ball</option><option value="bingo75">75-ball</option></select></label>
      <button type="submit" class="btn primary">${bt(lang, "check")}</button>
    </form><section data-testid="bingo-verify-result" aria-live="polite"></section>`;
  const form = main.querySelector("form") as HTMLFormElement;
  (form.elements.namedItem("seed") as HTMLInputElement).value = q.get("seed") ?? "";
  (form.elements.namedItem("hash") as HTMLInputElement).value = q.get("hash") ?? "";
  (form.elements.namedItem("kind") as HTMLSelectElement).value = kind;
  const out = main.querySelector("section") as HTMLElement;
  const run = async () => {
    const seed = (form.elements.namedItem("seed") as HTMLInputElement).value.trim();
    const hash = (form.elements.namedItem("hash") as HTMLInputElement).value.trim();
    const k = (form.elements.namedItem("kind") as HTMLSelectElement).value;
    const res = await fetch("/rgs/api/bingo/verify", {
      method: "POST",
      headers: { "content-type": "application/json", "x-lang": lang === "TY" ? "TY" : "EN" },
      body: JSON.stringify({ kind: k, seed, from: 0, count: k === "bingo90" ? 2 : 6 }),
    });
    const json = (await res.json()) as {
      success: boolean;
      message?: string;
      value?: { seedHash: string; draw: number[]; deals: Array<{ n: number; tickets: number[][][] }> };
    };
    if (!json.success || !json.value) {
      out.innerHTML = `<p class="error" role="alert">${esc(json.message ?? "")}</p>`;
      return;
    }
    const v = json.value;
    const match = hash ? v.seedHash === hash : null;
    out.innerHTML = `<p data-testid="bingo-verify-hash" data-match="${match}">SHA-256: <code>${v.seedHash}</code>${
      match === null ? "" : ` — <b>${bt(lang, match ? "hashOk" : "hashBad")}</b>`
    }</p><h2>${bt(lang, "drawOrder")}</h2><p class="balls" data-testid="bingo-verify-draw">${v.draw.join(" · ")}</p>
    <h2>${bt(lang, "strips")}</h2><div class="ticket-list" tabindex="0" role="region" aria-label="${bt(lang, "strips")}">${v.deals
      .map(
        (d) =>
          `<div class="strip"><h3>${d.n}</h3>${d.tickets.map((t) => ticketTable(t, new Set())).join("")}</div>`,
      )
      .join("")}</div>`;
  };
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    void run();
  });
  if (q.get("seed")) void run();
  root.dataset.state = "ready";
}

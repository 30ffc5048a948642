import "./fish.css";
import { fishKind, type ShotRecord, verifyShot } from "@panalo/game-math/fish/index";
import { readEnvelope } from "./api.ts";
import { fishName, ft } from "./fish-texts.ts";
import type { Lang } from "./i18n.ts";

/**
 * The fish part of the verify page (/rgs/verify?fish=1&sessionId=…&sittingId=…): an ended
 * sitting's shots with its revealed seed (GET /rgs/api/fish/shots), each one recomputed here,
 * in the browser, with `verifyShot` — the same code the server decided them with — and any shot
 * record pasted as JSON recomputed the same way.
 */
type Shot = ShotRecord & { magazineId: string; bet: string; win: string };

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** One shot's row; `ok` null while the seed is not out yet (nothing to recompute with). */
function row(lang: Lang, s: ShotRecord, ok: boolean | null): string {
  let name = String(s.target.kindId);
  try {
    name = fishName(lang, fishKind(s.target.kindId).nameKey);
  } catch {
    // an unknown kind is shown by its id (verifyShot reports it)
  }
  // A special fish's catch, as the sea recomputes it: the fish it took, and those it would have
  // taken that another shot caught first.
  const list = (ids: readonly number[]) => ids.map((i) => `#${i}`).join(", ");
  const caught =
    s.caught === undefined
      ? ""
      : `<br><small data-testid="fish-verify-catch">${esc(ft(lang, "catchOf", { fish: list(s.caught) || "—" }))}${
          s.spared?.length ? `; ${esc(ft(lang, "sparedOf", { fish: list(s.spared) }))}` : ""
        }</small>`;
  return `<tr data-testid="fish-verify-row" data-ok="${ok ?? ""}"><td>${s.nonce}</td><td>${esc(name)} #${esc(s.targetId)}${caught}</td><td>${s.hit ? ft(lang, "hit") : ft(lang, "miss")}${s.hit ? ` ×${s.paid}` : ""}</td><td>${ok === null ? "—" : ok ? "✓" : "✗"}</td></tr>`;
}

function check(s: ShotRecord): boolean {
  try {
    return verifyShot(s).ok;
  } catch {
    return false;
  }
}

export async function startFishVerify(root: HTMLElement, lang: Lang): Promise<void> {
  const q = new URLSearchParams(location.search);
  const sessionId = q.get("sessionId") ?? "";
  const sittingId = q.get("sittingId") ?? "";
  root.innerHTML = `<div class="verify-page fish-verify" data-testid="fish-verify">
  <h1>${esc(ft(lang, "verifyTitle"))}</h1>
  <p class="fish-verify-summary" data-testid="fish-verify-result" role="status"></p>
  <table class="fish-verify-table"><thead><tr><th>${esc(ft(lang, "nonce"))}</th><th>${esc(ft(lang, "fish"))}</th><th>${esc(ft(lang, "result"))}</th><th></th></tr></thead><tbody></tbody></table>
  <h2>${esc(ft(lang, "verify"))}</h2>
  <textarea class="fish-verify-json" data-testid="fish-verify-json" rows="6" aria-label="${esc(ft(lang, "verify"))}"></textarea>
  <p><button type="button" class="btn" data-testid="fish-verify-one">${esc(ft(lang, "verify"))}</button></p>
  <p data-testid="fish-verify-one-result" role="status"></p>
</div>`;
  const summary = root.querySelector<HTMLElement>("[data-testid=fish-verify-result]");
  const body = root.querySelector("tbody");
  root.querySelector("[data-testid=fish-verify-one]")?.addEventListener("click", () => {
    const out = root.querySelector<HTMLElement>("[data-testid=fish-verify-one-result]");
    const text = root.querySelector<HTMLTextAreaElement>("[data-testid=fish-verify-json]")?.value ?? "";
    if (!out) return;
    let ok = false;
    try {
      ok = check(JSON.parse(text) as ShotRecord);
    } catch {
      ok = false;
    }
    out.dataset.ok = String(ok);
    out.textContent = ok ? ft(lang, "verifyOk", { n: 1 }) : ft(lang, "verifyBad", { n: 1 });
  });
  if (!sessionId || !sittingId) {
    root.dataset.state = "ready";
    return;
  }
  try {
    const res = await fetch(
      `/rgs/api/fish/shots?sessionId=${encodeURIComponent(sessionId)}&sittingId=${encodeURIComponent(sittingId)}`,
    );
    const shots = readEnvelope(await res.json().catch(() => null), res.status) as Shot[];
    const checked = shots.map((s) => ({ s, ok: check(s) }));
    if (body) body.innerHTML = checked.map(({ s, ok }) => row(lang, s, ok)).join("");
    const bad = checked.filter((c) => !c.ok).length;
    if (summary) {
      summary.dataset.ok = String(bad === 0);
      summary.dataset.shots = String(shots.length);
      summary.className = bad === 0 ? "verify-ok" : "error";
      summary.textContent =
        bad === 0 ? ft(lang, "verifyOk", { n: shots.length }) : ft(lang, "verifyBad", { n: bad });
    }
    const first = shots[0];
    const json = root.querySelector<HTMLTextAreaElement>("[data-testid=fish-verify-json]");
    if (first && json) {
      const { magazineId: _m, bet: _b, win: _w, ...record } = first;
      json.value = JSON.stringify(record, null, 1);
    }
  } catch (e) {
    if (summary) {
      summary.className = "error";
      summary.dataset.ok = "false";
      summary.textContent = e instanceof Error ? e.message : String(e);
    }
  }
  root.dataset.state = "ready";
}

interface Recall {
  magazine: { id: string; roomId: string; level: string; stake: string; win: string | null; status: string };
  revealed: boolean;
  serverSeedHash: string;
  shots: Array<ShotRecord & { bet: string; win: string }>;
}

/**
 * Game recall of one magazine from the platform's betting record
 * (/rgs/replay/<magazineId>?vendor=PNF&player=…&exp=…&sig=…, a link the platform signed for this
 * player): what it staked and paid back, and each shot fired from it. Once the player has left
 * the sea the seed is out and every shot is recomputed here with `verifyShot`; before that only
 * the seed's hash is shown.
 */
export async function startFishReplay(root: HTMLElement, magazineId: string, lang: Lang): Promise<void> {
  root.innerHTML = `<div class="verify-page fish-verify" data-testid="fish-replay">
  <h1>${esc(ft(lang, "replayTitle"))}</h1>
  <p data-testid="fish-replay-line"></p>
  <p class="fish-verify-summary" data-testid="fish-verify-result" role="status"></p>
  <p><small>${esc(ft(lang, "seedHash"))}: <code data-testid="fish-replay-hash"></code></small></p>
  <table class="fish-verify-table"><thead><tr><th>${esc(ft(lang, "nonce"))}</th><th>${esc(ft(lang, "fish"))}</th><th>${esc(ft(lang, "result"))}</th><th></th></tr></thead><tbody></tbody></table>
</div>`;
  const summary = root.querySelector<HTMLElement>("[data-testid=fish-verify-result]");
  try {
    const res = await fetch(`/rgs/api/fish/replay/${encodeURIComponent(magazineId)}${location.search}`, {
      headers: { "x-lang": lang },
    });
    const v = readEnvelope(await res.json().catch(() => null), res.status) as Recall;
    const line = root.querySelector<HTMLElement>("[data-testid=fish-replay-line]");
    if (line)
      line.textContent = ft(lang, "replayLine", {
        stake: v.magazine.stake,
        win: v.magazine.win ?? "—",
        n: v.shots.length,
        k: v.shots.filter((s) => s.hit).length,
      });
    const hash = root.querySelector<HTMLElement>("[data-testid=fish-replay-hash]");
    if (hash) hash.textContent = v.serverSeedHash;
    const checked = v.shots.map((s) => ({ s, ok: v.revealed ? check(s) : null }));
    const body = root.querySelector("tbody");
    if (body) body.innerHTML = checked.map(({ s, ok }) => row(lang, s, ok)).join("");
    if (summary) {
      summary.dataset.shots = String(v.shots.length);
      if (!v.revealed) summary.textContent = ft(lang, "replayPending");
      else {
        const bad = checked.filter((c) => !c.ok).length;
        summary.dataset.ok = String(bad === 0);
        summary.className = bad === 0 ? "verify-ok" : "error";
        summary.textContent =
          bad === 0 ? ft(lang, "verifyOk", { n: v.shots.length }) : ft(lang, "verifyBad", { n: bad });
      }
    }
  } catch (e) {
    if (summary) {
      summary.className = "error";
      summary.dataset.ok = "false";
      summary.textContent = e instanceof Error ? e.message : String(e);
    }
    root.dataset.state = "error";
    return;
  }
  root.dataset.state = "ready";
}

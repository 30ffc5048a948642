import { crashPointFromHmac, formatX } from "@panalo/game-math/crash/index";
import { ct } from "./crash-texts.ts";
import type { Lang } from "./i18n.ts";
import "./crash.css";

/**
 * The crash verify page (/rgs/verify?crash=<room>): anyone pastes a round's hash and the chain's
 * salt; the crash point is computed HERE, in the browser (Web Crypto HMAC-SHA256 and SHA-256,
 * the formula of docs/crash.md), with SHA-256 of the hash — the previous round's hash. The
 * server is asked only which round the hash is and whether its neighbours link to it.
 */
const hexToBytes = (hex: string) =>
  new Uint8Array((hex.match(/../g) ?? []).map((b) => Number.parseInt(b, 16)));
const bytesToHex = (b: ArrayBuffer) =>
  [...new Uint8Array(b)].map((x) => x.toString(16).padStart(2, "0")).join("");

export async function computeCrash(hash: string, salt: string): Promise<{ x100: number; previous: string }> {
  const key = await crypto.subtle.importKey(
    "raw",
    hexToBytes(hash),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const hmac = bytesToHex(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(salt)));
  const previous = bytesToHex(await crypto.subtle.digest("SHA-256", hexToBytes(hash)));
  return { x100: crashPointFromHmac(hmac), previous };
}

/** What the server says of a hash that is one of its rounds (null: not a round shown there). */
export interface VerifiedRound {
  roundNo: number;
  linksToPrevious: boolean | null;
  nextLinksHere: boolean | null;
}

/**
 * The verify page's result: the crash point and SHA-256 computed in the browser, then each link
 * the server could check — to the round before and from the round after — whether it holds or
 * not (a link that does not hold is shown, never left out).
 */
export function verifyLines(
  lang: Lang,
  x100: number,
  previous: string,
  round: VerifiedRound | null,
): string[] {
  const lines = [
    `<p data-testid="verify-crash"><b>${ct(lang, "crashPoint", { x: formatX(x100) })}</b></p>`,
    `<p>${ct(lang, "previousHash", { h: `<code data-testid="verify-previous">${previous}</code>` })}</p>`,
  ];
  if (!round) return lines;
  if (round.linksToPrevious !== null)
    lines.push(
      `<p data-testid="verify-link">${ct(lang, round.linksToPrevious ? "linkOk" : "linkBad", { n: round.roundNo })}</p>`,
    );
  if (round.nextLinksHere !== null)
    lines.push(
      `<p data-testid="verify-next">${ct(lang, round.nextLinksHere ? "nextOk" : "nextBad", { n: round.roundNo + 1 })}</p>`,
    );
  return lines;
}

export function startCrashVerify(root: HTMLElement, lang: Lang): void {
  const params = new URLSearchParams(location.search);
  root.innerHTML = `<div class="crash-app crash-verify">
    <h1>${ct(lang, "verifyTitle")}</h1>
    <label>${ct(lang, "hash")} <input data-testid="verify-hash" spellcheck="false" value="${(params.get("hash") ?? "").replace(/[^0-9a-f]/g, "")}"></label>
    <label>${ct(lang, "salt")} <input data-testid="verify-salt" spellcheck="false" value="${(params.get("salt") ?? "").replace(/[^0-9a-zA-Z_-]/g, "")}"></label>
    <button type="button" class="btn primary" data-testid="verify-run">${ct(lang, "compute")}</button>
    <div data-testid="verify-result" role="status"></div></div>`;
  const q = (id: string) => root.querySelector(`[data-testid="${id}"]`) as HTMLInputElement;
  const run = async () => {
    const hash = q("verify-hash").value.trim().toLowerCase();
    const salt = q("verify-salt").value.trim();
    const out = q("verify-result");
    if (!/^[0-9a-f]{64}$/.test(hash) || !salt) return;
    const { x100, previous } = await computeCrash(hash, salt);
    const res = await fetch("/rgs/api/crash/verify", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ hash, salt }),
    }).catch(() => null);
    const json = res
      ? ((await res.json()) as { success: boolean; value?: { round: VerifiedRound | null } })
      : null;
    const lines = verifyLines(lang, x100, previous, json?.value?.round ?? null);
    out.innerHTML = lines.join("");
  };
  q("verify-run").addEventListener("click", () => void run());
  if (q("verify-hash").value && q("verify-salt").value) void run();
}

import { createHash, randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Executor } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import { sharedHouseholdFlags, updateMemberAddress, upsertMemberDevice } from "./repo/household.ts";

/**
 * Household signals (migration 0862): the device a member registers or logs in
 * from and the member's address. No third-party fingerprinting: the device id is
 *
 *   sha256(the site's own first-party cookie id) . sha256(the browser's stable client hints)
 *
 * — the cookie (`panalo_device`, random, HttpOnly, two years) tells one browser profile from
 * another; the hints part (the user agent with its version numbers taken out, the
 * Sec-CH-UA-Platform / -Mobile hints and the brand names) keeps a copied cookie from passing as
 * the same device on another kind of browser. Each id seen is kept per member
 * (`member_devices`), so a browser update (same hints once versions are stripped) or a cleared
 * cookie only adds a row. Bonus grants compare them (bonus/grant.ts sharesHousehold).
 */
export const DEVICE_COOKIE = "panalo_device";
const COOKIE_RE = /^[A-Za-z0-9_-]{22,64}$/;
const TWO_YEARS_S = 2 * 365 * 24 * 3600;

const sha = (s: string) => createHash("sha256").update(s).digest("hex");

/** The stable part of a browser's headers: versions out, so an update keeps the same value. */
export function stableHints(headers: Record<string, string | string[] | undefined>): string {
  const one = (k: string) => {
    const v = headers[k];
    return (Array.isArray(v) ? v[0] : v) ?? "";
  };
  const ua = one("user-agent")
    .replace(/\d+(?:[._]\d+)*/g, "#")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 400);
  const brands = one("sec-ch-ua")
    .replace(/;\s*v="[^"]*"/g, "")
    .replace(/\s+/g, "");
  return [ua, one("sec-ch-ua-platform"), one("sec-ch-ua-mobile"), brands].join("|");
}

/** The device id of a cookie id and the browser's headers. */
export function deviceIdOf(cookieId: string, headers: Record<string, string | string[] | undefined>): string {
  return `${sha(`device:${cookieId}`).slice(0, 32)}.${sha(stableHints(headers)).slice(0, 16)}`;
}

/**
 * The request's device id; gives the browser its cookie when it has none (or a malformed one).
 * Called by login and registration before the session is made.
 */
export function requestDevice(ctx: AppContext, req: FastifyRequest, reply: FastifyReply): string {
  let id = req.cookies?.[DEVICE_COOKIE];
  if (!id || !COOKIE_RE.test(id)) {
    id = randomBytes(18).toString("base64url");
    reply.setCookie(DEVICE_COOKIE, id, {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: ctx.config.NODE_ENV === "production" || ctx.config.PUBLIC_URL.startsWith("https://"),
      maxAge: TWO_YEARS_S,
    });
  }
  return deviceIdOf(id, req.headers);
}

/** Keep (or refresh) a device the member used: one upsert on the primary key. */
export async function recordDevice(exec: Executor, memberId: number, deviceId: string): Promise<void> {
  await upsertMemberDevice(exec, memberId, deviceId);
}

const ABBREVIATIONS: Record<string, string> = {
  st: "street",
  str: "street",
  ave: "avenue",
  av: "avenue",
  rd: "road",
  blvd: "boulevard",
  dr: "drive",
  brgy: "barangay",
  bgy: "barangay",
  bldg: "building",
  blk: "block",
  lt: "lot",
  ph: "phase",
  subd: "subdivision",
  vill: "village",
  apt: "apartment",
  unit: "unit",
  no: "number",
  nr: "number",
  fl: "floor",
  flr: "floor",
  cor: "corner",
  ext: "extension",
  sta: "santa",
  sto: "santo",
  mm: "metro manila",
};

/**
 * An address in a form two spellings of one place share: Unicode-folded, lower case, accents
 * and punctuation out, common abbreviations written out ("Brgy." → barangay, "St." → street),
 * "#12" → "number 12", spaces collapsed. Null when nothing is left.
 */
export function normaliseAddress(text: string): string | null {
  const words = text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/#\s*/g, " no ")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .split(" ")
    .filter((w) => w.length > 0)
    .map((w) => ABBREVIATIONS[w] ?? w);
  const out = words.join(" ").trim();
  return out.length > 0 ? out : null;
}

/** The comparison key of an address (the hash of its normalised form), or null. */
export function addressKey(text: string): string | null {
  const n = normaliseAddress(text);
  return n === null ? null : sha(`address:${n}`);
}

/** Store the member's address and its key (an empty address clears both). */
export async function setMemberAddress(exec: Executor, memberId: number, address: string): Promise<void> {
  const text = address.trim();
  const key = text ? addressKey(text) : null;
  await updateMemberAddress(exec, memberId, text || null, key);
}

/**
 * Why `memberId` shares a household with another member who has had a bonus: a payout account
 * number, a device or an address. Empty when none. Each is one indexed lookup.
 */
export async function householdReasons(
  exec: Executor,
  memberId: number,
): Promise<Array<"payout_account" | "device" | "address">> {
  const r = await sharedHouseholdFlags(exec, memberId);
  const out: Array<"payout_account" | "device" | "address"> = [];
  if (r?.payout) out.push("payout_account");
  if (r?.device) out.push("device");
  if (r?.address) out.push("address");
  return out;
}

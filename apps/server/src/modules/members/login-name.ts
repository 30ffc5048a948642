import { COUNTRIES, normalizeMobile } from "@panalo/contracts/members";
import type { Executor } from "../../db/client.ts";
import { type MemberRow, memberByMobiles, memberByUsername } from "./repo/auth.ts";

/**
 * The member a login name stands for. Usernames always start with a letter, so a name of
 * digits (with an optional "+", spaces or dashes) is a mobile number: a player who registered
 * with a number logs in with that number and their password, never needing the username the
 * platform made for them. A number is read in the home country's form (0917…, 917…) or with a
 * listed country's dialing code (63917…, +63 917…).
 */
export async function memberByLoginName(exec: Executor, name: string): Promise<MemberRow | undefined> {
  const candidates = mobileCandidates(name);
  return candidates.length > 0 ? memberByMobiles(exec, candidates) : memberByUsername(exec, name);
}

export function mobileCandidates(name: string): string[] {
  if (!/^\+?[\d\s-]{6,24}$/.test(name)) return [];
  const digits = name.replace(/\D/g, "");
  const home = COUNTRIES[0].countryDialingCode;
  const out = new Set<string>();
  const local = normalizeMobile(home, digits);
  if (local) out.add(local);
  for (const c of COUNTRIES) {
    if (!digits.startsWith(c.countryDialingCode)) continue;
    const m = normalizeMobile(c.countryDialingCode, digits.slice(c.countryDialingCode.length));
    if (m) out.add(m);
  }
  return [...out];
}

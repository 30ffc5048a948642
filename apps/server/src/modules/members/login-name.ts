import { COUNTRIES, normalizeMobile } from "@panalo/contracts/members";
import { eq, inArray } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { members } from "../../db/schema/members.ts";

/**
 * The member a login name stands for. Usernames always start with a letter, so a name of
 * digits (with an optional "+", spaces or dashes) is a mobile number: a player who registered
 * with a number logs in with that number and their password, never needing the username the
 * platform made for them. A number is read in the home country's form (0917…, 917…) or with a
 * listed country's dialing code (63917…, +63 917…).
 */
export async function memberByLoginName(
  exec: Executor,
  name: string,
): Promise<typeof members.$inferSelect | undefined> {
  const candidates = mobileCandidates(name);
  const [m] =
    candidates.length > 0
      ? await exec.select().from(members).where(inArray(members.mobile, candidates)).limit(1)
      : await exec.select().from(members).where(eq(members.username, name));
  return m;
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

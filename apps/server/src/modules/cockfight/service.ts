import type { CockfightAvailability } from "@panalo/contracts/cockfight";
import type { Executor } from "../../db/client.ts";
import { countryOf, readSetting } from "../content/service.ts";

/**
 * Cockfight (vendor SV3) is off by default: online sabong is suspended in the Philippines. The
 * operator turns it on per region (back office → settings/cockfight): a visitor may see and play
 * it only when their address's country is listed, or, with `unlocated`, when their address has
 * no country (private networks). The nav, the /cockfight page and every launch ask this.
 */
export async function cockfightAvailability(exec: Executor, ip: string): Promise<CockfightAvailability> {
  const s = await readSetting(exec, "cockfight");
  const countryCode = countryOf(ip);
  const available = countryCode === null ? s.unlocated : s.countries.includes(countryCode);
  return { available, countryCode };
}

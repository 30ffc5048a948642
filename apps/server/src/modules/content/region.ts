import { BlockList, isIP } from "node:net";
import geoip from "geoip-country";

/**
 * Region rules: a visitor is blocked when their address falls in a blocked
 * range, or when the operator lists allowed countries and the visitor's country (from the
 * maintained geoip-country data package) is not among them. Addresses with no country
 * (loopback, private networks) are judged by the ranges only.
 */
export interface RegionRules {
  allowedCountries: readonly string[];
  blockedRanges: readonly string[];
}

export function countryOf(ip: string): string | null {
  const plain = ip.startsWith("::ffff:") ? ip.slice(7) : ip;
  return geoip.lookup(plain)?.country ?? null;
}

/** Parse "10.0.0.0/8", "2001:db8::/32" or a bare address; null when it is neither. */
export function parseRange(
  text: string,
): { address: string; prefix: number; family: "ipv4" | "ipv6" } | null {
  const [address = "", prefixText] = text.trim().split("/");
  const version = isIP(address);
  if (version === 0) return null;
  const family = version === 4 ? "ipv4" : "ipv6";
  const max = version === 4 ? 32 : 128;
  if (prefixText === undefined) return { address, prefix: max, family };
  if (!/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = Number(prefixText);
  return prefix <= max ? { address, prefix, family } : null;
}

const blockListCache = new Map<string, BlockList>();

function blockListOf(ranges: readonly string[]): BlockList {
  const key = ranges.join("\n");
  const cached = blockListCache.get(key);
  if (cached) return cached;
  const list = new BlockList();
  for (const r of ranges) {
    const range = parseRange(r);
    if (range) list.addSubnet(range.address, range.prefix, range.family);
  }
  if (blockListCache.size > 32) blockListCache.clear();
  blockListCache.set(key, list);
  return list;
}

export function isBlocked(rules: RegionRules, ip: string): boolean {
  const version = isIP(ip);
  if (version === 0) return false;
  if (
    rules.blockedRanges.length > 0 &&
    blockListOf(rules.blockedRanges).check(ip, version === 4 ? "ipv4" : "ipv6")
  ) {
    return true;
  }
  if (rules.allowedCountries.length > 0) {
    const country = countryOf(ip);
    if (country !== null && !rules.allowedCountries.includes(country)) return true;
  }
  return false;
}

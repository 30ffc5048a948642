/**
 * The e-wallets a player may be paid out to (a list, not free text). The server
 * refuses any other e-wallet name; the site offers exactly these. A name is matched without
 * regard to case or spaces ("GCASH", "gcash " → "GCash") and stored as written here.
 */
export const EWALLET_PROVIDERS = ["GCash", "Maya", "GrabPay", "ShopeePay", "Coins.ph"] as const;
export type EwalletProvider = (typeof EWALLET_PROVIDERS)[number];

const key = (name: string) => name.replace(/\s+/g, "").toLowerCase();

/** The listed e-wallet this name means, or null. */
export function ewalletProvider(name: string): EwalletProvider | null {
  return EWALLET_PROVIDERS.find((p) => key(p) === key(name)) ?? null;
}

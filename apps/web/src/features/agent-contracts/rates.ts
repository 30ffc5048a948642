/** Rates as the agent types and reads them: percent with up to two decimals ↔ basis points. */
export function percentToBp(text: string): number | null {
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const bp = Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
  return bp <= 10_000 ? bp : null;
}

export function bpToPercent(bp: number): string {
  return `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, "0")}`;
}

/** An amount text the platform's money parser takes ("1000", "1000.5", "1000.50"). */
export function isAmountText(text: string): boolean {
  return /^\d{1,12}(\.\d{1,2})?$/.test(text.trim());
}

import type { Executor } from "../db/client.ts";

/**
 * Gates a member passes before something happens to them, filled in by the modules that own
 * the reasons (responsible gaming: self-exclusion and cooling-off; accounts: locks). The module
 * that does the thing asks the gate; it never needs to know who refuses.
 *
 * - "play": a game launch, a bet, a provider debit, a lottery or sports bet.
 * - "bonus": any bonus, promotion, reward, points or mission prize offered or paid.
 * - "marketing": a marketing message (promotional notices, segment messages, campaigns);
 *   service messages (a deposit credited, a withdrawal paid, a KYC decision) are never gated.
 * - "deposit": a deposit started by the member.
 *
 * Each check answers a refusal code (a registered message code) or null. Register at module
 * load (the owning module's routes file imports its check's file).
 */
export type MemberGate = "play" | "bonus" | "marketing" | "deposit";
export type GateCheck = (exec: Executor, memberId: number, at: Date) => Promise<string | null>;

const gates = new Map<MemberGate, GateCheck[]>();

export function registerMemberGate(gate: MemberGate, check: GateCheck): void {
  const list = gates.get(gate) ?? [];
  if (!list.includes(check)) list.push(check);
  gates.set(gate, list);
}

/** The first refusal code of the gate's checks, or null when the member may pass. */
export async function memberGate(
  exec: Executor,
  memberId: number,
  gate: MemberGate,
  at: Date,
): Promise<string | null> {
  for (const check of gates.get(gate) ?? []) {
    const code = await check(exec, memberId, at);
    if (code) return code;
  }
  return null;
}

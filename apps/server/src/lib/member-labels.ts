import type { Executor } from "../db/client.ts";

/**
 * A member's label (spec §3 memberLabel: the name of the member's VIP level above level 0) as
 * the members module shows it, without importing the loyalty module that owns the VIP levels:
 * loyalty registers its reader here when it loads (the app loads it), as modules fill in the
 * gates of member-gates.ts. An installation without the loyalty module has no VIP levels, so
 * no label.
 */
export type MemberLabelReader = (exec: Executor, memberId: number) => Promise<string | null>;

let reader: MemberLabelReader | undefined;

export function registerMemberLabel(read: MemberLabelReader): void {
  reader = read;
}

export function memberLabelOf(exec: Executor, memberId: number): Promise<string | null> {
  return reader ? reader(exec, memberId) : Promise.resolve(null);
}

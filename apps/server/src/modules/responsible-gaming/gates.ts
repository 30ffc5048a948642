import { registerMemberGate } from "../../lib/member-gates.ts";
import { blockedCode, playCode } from "./service.ts";

/**
 * Responsible gaming's answers to the member gates (lib/member-gates.ts): a self-excluded or
 * cooling-off member may log in, see their account and withdraw, but plays nothing, takes no
 * bonus, receives no marketing and deposits nothing; a spent session limit stops play too.
 * bonusEligibility (bonus/grant.ts), promotionEligibility and mayReceiveRewards ask "bonus".
 * Imported by the module's routes file, so registered whenever the app is built.
 */
registerMemberGate("play", (exec, memberId, at) => playCode(exec, memberId, at));
registerMemberGate("bonus", (exec, memberId, at) => blockedCode(exec, memberId, at));
registerMemberGate("marketing", (exec, memberId, at) => blockedCode(exec, memberId, at));
registerMemberGate("deposit", (exec, memberId, at) => blockedCode(exec, memberId, at));

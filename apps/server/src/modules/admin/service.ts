/**
 * The admin module's public face: what other modules may use of it. Operators and their
 * sessions, the audit page, the four-eyes approval queue, TOTP and stored media. Anything not
 * exported here is the admin module's own. The route guard and the audit writer every module
 * uses are in lib/ (operator-guard.ts, audit.ts); this module fills in the guard's session
 * lookup when it loads.
 */
export * from "./approvals.ts";
export * from "./audit.ts";
export * from "./media.ts";
export * from "./operators.ts";
/**
 * What other modules may read of the back office's own tables (operators). They call these
 * functions and never query `operators` themselves.
 */
export {
  activeOperatorsWith,
  isActiveOperatorWith,
  type OperatorName,
  operatorNames,
} from "./repo/directory.ts";
export * from "./totp.ts";

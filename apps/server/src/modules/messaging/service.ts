/**
 * The messaging module's public face: sending a message and reading the outbox, one-time
 * verification codes, and the phone codes of registration, login by SMS and recovery by phone.
 * Other modules import only this file (or types.ts).
 */
export * from "./codes.ts";
export * from "./outbox.ts";
export { type PhoneCodes, type PhonePurpose, phoneCodesFor } from "./phone-codes.ts";

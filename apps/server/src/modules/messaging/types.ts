// The phone-verification interface (SMS codes or Firebase) the members module's sign-up and
// recovery are written against.
export type { PhoneCodes, PhonePurpose } from "./phone-codes.ts";

/**
 * Manila days as YYYY-MM-DD: the platform's one calendar (@panalo/contracts/manila-time).
 */
export { addDays, manilaDay, manilaStart } from "@panalo/contracts/manila-time";

export const maxDay = (a: string, b: string) => (a > b ? a : b);
export const minDay = (a: string, b: string) => (a < b ? a : b);

/**
 * The lengths of a username and a password (spec §5), apart from the members' schemas so the
 * site's forms and messages can name them without loading zod; members.ts re-exports them.
 */
export const USERNAME_MIN = 4;
export const USERNAME_MAX = 16;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 20;

/**
 * The players the end-to-end tests log in as, written into the fresh database by
 * prepare-db.ts (seed-players.ts) before the server starts. Each test owns its player, so a
 * test that locks, resets or changes a password never disturbs another one; and none of them
 * spends the per-address registration limit that the registration tests need.
 */
export interface TestPlayer {
  username: string;
  password: string;
  /** International form (dialing code + national number), for the phone flows. */
  mobile: string | null;
  /** An address on the account, for the e-mail flows. */
  email?: string;
}

const player = (username: string, password: string, mobile: string | null = null): TestPlayer => ({
  username,
  password,
  mobile,
});

export const PLAYERS = {
  // e2e/accounts.spec.ts
  header: player("e2eheader", "Header2024ok"),
  captcha: player("e2ecaptcha", "Captcha2024ok"),
  temporary: player("e2etemporary", "Temporary2024ok"),
  phone: player("e2ephone", "Phone2024old", "639170000101"),
  // e2e/admin-players.spec.ts
  history: player("e2ehistory", "History2024ok"),
  locked: player("e2elocked", "Locked2024ok"),
  reset: player("e2ereset", "Reset2024ok"),
  sms: player("e2esms", "Sms2024ok", "639170000202"),
  // e2e/accounts.spec.ts: the password-reset e-mail's link
  emailReset: { ...player("e2emailreset", "Mailreset2024old"), email: "mailreset@example.ph" },
} as const satisfies Record<string, TestPlayer>;

/** The national part of a Philippine number, as a player types it (dialing code chosen apart). */
export function nationalNumber(mobile: string): string {
  return mobile.replace(/^63/, "");
}

/** The test operator created by scripts/e2e.mjs before the server starts. */
export const operator = {
  username: process.env.E2E_OPERATOR ?? "e2e-owner",
  password: process.env.E2E_OPERATOR_PASSWORD ?? "",
  totpSecret: process.env.E2E_OPERATOR_TOTP ?? "",
};

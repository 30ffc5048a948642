// Create a back-office operator from the command line:
//   npm run seed:operator -- --username alice --role finance [--password P] [--totp-secret BASE32]
// Without --password a random one is generated and must be changed at first sign-in.
// The password and TOTP secret are printed once.
import { parseArgs } from "node:util";
import { Role } from "@panalo/contracts/admin-roles";
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { migrate } from "../db/migrate.ts";
import { createOperator } from "../modules/admin/operators.ts";
import { isValidTotpSecret } from "../modules/admin/totp.ts";

const { values } = parseArgs({
  options: {
    username: { type: "string" },
    role: { type: "string", default: "owner" },
    password: { type: "string" },
    "totp-secret": { type: "string" },
  },
});

function fail(message: string): never {
  console.error(`create-operator: ${message}`);
  process.exit(2);
}

const username = values.username?.trim().toLowerCase() ?? "";
if (!/^[a-z0-9][a-z0-9._-]{2,39}$/.test(username))
  fail("--username must be 3–40 lower-case letters, digits, . _ -");
const role = Role.safeParse(values.role);
if (!role.success)
  fail("--role must name a role (owner, finance, support, content, marketing, auditor or one made in Roles)");
const password = values.password || undefined;
if (password !== undefined && (password.length < 12 || !/[A-Za-z]/.test(password) || !/\d/.test(password))) {
  fail("--password must have at least 12 characters with letters and digits");
}
const totpSecret = values["totp-secret"] || undefined;
if (totpSecret !== undefined && !isValidTotpSecret(totpSecret))
  fail("--totp-secret must be base32 (A–Z, 2–7), 16–64 characters");

const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await migrate(database);
  const created = await createOperator(database.db, { username, role: role.data, password, totpSecret });
  console.log(`Operator ${created.username} (${created.role}) created.`);
  if (!password) console.log(`  password:    ${created.password}   (must be changed at first sign-in)`);
  console.log(`  TOTP secret: ${created.totpSecret}`);
  console.log(`  otpauth URL: ${created.otpauthUrl}`);
} catch (err) {
  fail(err instanceof Error ? err.message : String(err));
} finally {
  await database.close();
}

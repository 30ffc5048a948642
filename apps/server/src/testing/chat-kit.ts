import type { Role } from "@panalo/contracts/admin-roles";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { type Executor, queryRows } from "../db/client.ts";
import { newToken, tokenHash } from "../lib/passwords.ts";
import { createOperator } from "../modules/admin/operators.ts";
import { switchesOf, writeSetting } from "../modules/content/settings.ts";
import { createSession } from "../modules/members/service.ts";

/** Test and benchmark set-up for the chat: members with a session, operators with a session. */
export const ADMIN_HEADERS = { "x-requested-with": "panalo-admin", "x-lang": "EN" };

export async function chatMember(
  app: FastifyInstance,
  username: string,
  opts: { isAgent?: number; language?: string } = {},
): Promise<{ id: number; token: string }> {
  const [row] = await queryRows<{ id: number }>(
    app.ctx.db,
    sql`INSERT INTO members (username, is_agent, language) VALUES (${username}, ${opts.isAgent ?? 0}, ${opts.language ?? "EN"})
        RETURNING id::float8 AS id`,
  );
  if (!row) throw new Error("no member");
  const token = await createSession(app.ctx, row.id, "password", { ip: "10.0.0.1", userAgent: "test" });
  return { id: row.id, token };
}

/** An operator and a live back-office session (the cookie), without the sign-in screen. */
export async function chatOperator(
  exec: Executor,
  username: string,
  role: Role,
): Promise<{ id: number; cookie: string }> {
  const op = await createOperator(exec, { username, role, password: "Chat-pass-2026-x" });
  const token = newToken();
  await exec.execute(
    sql`INSERT INTO operator_sessions (token_hash, operator_id, created_at, last_seen_at, expires_at)
        VALUES (${tokenHash(token)}, ${op.id}, now(), now(), now() + interval '12 hours')`,
  );
  return { id: op.id, cookie: `panalo_admin=${token}` };
}

/** CBS3 on (the in-house chat). */
export async function chatOn(exec: Executor): Promise<void> {
  await writeSetting(exec, "whitelabel", { switches: switchesOf(["USERNAMEREG3", "MOBILENUMREG3", "CBS3"]) });
}

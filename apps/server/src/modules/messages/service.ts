import type { Executor } from "../../db/client.ts";
import { memberUsernames } from "../members/service.ts";
import * as repo from "./repo.ts";

/**
 * The messages module's calls for other modules and its own routes. Sending lives in send.ts,
 * the member's inbox in inbox.ts, feedback in feedback.ts.
 */

/** One page of sent messages with the addressed member's username (null for a segment or everyone). */
export async function sentMessages(exec: Executor, limit: number, offset: number) {
  const rows = await repo.sentMessagesPage(exec, limit, offset);
  const usernames = await memberUsernames(
    exec,
    rows.flatMap((r) => (r.memberId === null ? [] : [Number(r.memberId)])),
  );
  return rows.map((r) => ({
    ...r,
    username: r.memberId === null ? null : (usernames.get(Number(r.memberId)) ?? null),
  }));
}

import { bigint, index, pgTable, primaryKey, smallint } from "drizzle-orm/pg-core";
import { members } from "./members.ts";

/**
 * The upline–downline tree as a closure table (migration 0700): one row per (ancestor,
 * descendant), the member itself at depth 0. Kept in step with members.upline_id by triggers;
 * never written by application code.
 */
export const memberTree = pgTable(
  "member_tree",
  {
    ancestorId: bigint("ancestor_id", { mode: "number" })
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    descendantId: bigint("descendant_id", { mode: "number" })
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    depth: smallint("depth").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ancestorId, t.descendantId] }),
    index("member_tree_descendant_idx").on(t.descendantId, t.depth),
    index("member_tree_ancestor_depth_idx").on(t.ancestorId, t.depth),
  ],
);

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, queryRows } from "../../db/client.ts";
import { openTestDatabase } from "../../testing/test-app.ts";

/** The closure table (migration 0700) follows members.upline_id on insert and on a move. */
describe("member tree", () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(async () => drop());

  const add = async (name: string, upline: number | null) => {
    const [r] = await queryRows<{ id: string }>(
      database.db,
      sql`INSERT INTO members (username, upline_id) VALUES (${name}, ${upline}) RETURNING id`,
    );
    return Number(r?.id);
  };
  const under = async (id: number) =>
    (
      await queryRows<{ d: string; depth: number }>(
        database.db,
        sql`SELECT descendant_id AS d, depth FROM member_tree WHERE ancestor_id = ${id} ORDER BY depth, descendant_id`,
      )
    ).map((r) => [Number(r.d), Number(r.depth)]);
  const above = async (id: number) =>
    (
      await queryRows<{ a: string }>(
        database.db,
        sql`SELECT ancestor_id AS a FROM member_tree WHERE descendant_id = ${id} ORDER BY depth`,
      )
    ).map((r) => Number(r.a));

  it("keeps every ancestor of a new member, and moves a subtree whole", async () => {
    const top = await add("tree_top", null);
    const a = await add("tree_a", top);
    const b = await add("tree_b", a);
    const c = await add("tree_c", b);
    const other = await add("tree_other", null);
    expect(await above(c)).toEqual([c, b, a, top]);
    expect(await under(a)).toEqual([
      [a, 0],
      [b, 1],
      [c, 2],
    ]);

    // Move b (with c) under other: top and a no longer see them; other does, at the right depth.
    await database.db.execute(sql`UPDATE members SET upline_id = ${other} WHERE id = ${b}`);
    expect(await above(c)).toEqual([c, b, other]);
    expect(await under(top)).toEqual([
      [top, 0],
      [a, 1],
    ]);
    expect(await under(other)).toEqual([
      [other, 0],
      [b, 1],
      [c, 2],
    ]);

    // A member cannot move under its own downline.
    await expect(
      database.db.execute(sql`UPDATE members SET upline_id = ${c} WHERE id = ${other}`),
    ).rejects.toThrow();
    expect(await above(c)).toEqual([c, b, other]);

    // Detached: the subtree keeps its own inner rows only.
    await database.db.execute(sql`UPDATE members SET upline_id = NULL WHERE id = ${b}`);
    expect(await above(c)).toEqual([c, b]);
  });
});

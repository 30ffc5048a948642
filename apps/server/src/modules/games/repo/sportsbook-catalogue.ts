import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../../db/client.ts";

/**
 * The sportsbook's rounds in the games catalogue, so that every figure that reads a round's
 * category through `games (vendor, game_code)` — valid bets for rebates, the agents' rollups,
 * reports — counts them as SPORTS or ESPORTS, not OTHER. Two rows that are never listed
 * (enabled false: the book has its own page, not a game tile): PNSB/SPORTS and PNES/ESPORTS. The
 * e-sports vendor PNES is created switched on when the installation has none: e-sports is on by
 * default, its nav entry opening /esports (the same page as /sports, for e-sports).
 * Idempotent, and done once per database (`db`, the app's handle; a test process opens many)
 * after it succeeded.
 */
const ensured = new WeakSet<object>();

export async function ensureBookCatalogue(exec: Executor, db: object = exec): Promise<void> {
  if (ensured.has(db)) return;
  // PNSB is listed by the seed (content.ts); where it is missing it is made switched off (no nav
  // entry appears), only so that its round category exists.
  await exec.execute(sql`
    INSERT INTO game_vendors (vassalage, game_type, account_type_id, display_name, small_icon, logo, logo_hover, enabled)
    VALUES ('PNES', 'ESPORTS', 1, 'Panalo E-sports', '', '', '', true),
           ('PNSB', 'SPORTS', 1, 'Panalo Sports', '', '', '', false)
    ON CONFLICT (vassalage) DO NOTHING`);
  await exec.execute(sql`
    INSERT INTO games (vendor, game_code, game_type, game_classify, names, search_text, min_bet, min_line_num, thumbnail, enabled)
    SELECT v.vassalage, x.code, x.code, x.code, x.names::jsonb, lower(x.label), 0, 0, '', false
      FROM (VALUES ('PNSB', 'SPORTS', '{"EN":"Sportsbook","TY":"Sportsbook"}', 'sportsbook'),
                   ('PNES', 'ESPORTS', '{"EN":"E-sports","TY":"E-sports"}', 'e-sports')) AS x(vendor, code, names, label)
      JOIN game_vendors v ON v.vassalage = x.vendor
    ON CONFLICT (vendor, game_code) DO NOTHING`);
  const [row] = await queryRows<{ n: number }>(
    exec,
    sql`SELECT count(*)::int AS n FROM games WHERE (vendor, game_code) IN (('PNSB', 'SPORTS'), ('PNES', 'ESPORTS'))`,
  );
  if (Number(row?.n ?? 0) === 2) ensured.add(db);
}

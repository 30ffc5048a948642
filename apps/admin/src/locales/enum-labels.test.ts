import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { BonusRuleInput } from "@panalo/contracts/bonus";
import { GameCategories } from "@panalo/contracts/content";
import { MALL_KINDS, REDEEM_STATUSES } from "@panalo/contracts/loyalty";
import { describe, expect, it } from "vitest";
import * as contracts from "../features/agent-contracts/contract-labels.ts";
import { auditActionLabel } from "../features/audit/audit-labels.ts";
import { bingoGameStatusLabel } from "../features/bingo/bingo-labels.ts";
import * as bonus from "../features/bonus/bonus-labels.ts";
import * as cards from "../features/cards/cards-labels.ts";
import { fightStatusLabel } from "../features/cockfight/cockfight-labels.ts";
import { fishLevelLabel } from "../features/fish/fish-labels.ts";
import { jackpotMovementLabel } from "../features/jackpot/jackpot-labels.ts";
import * as tables from "../features/live-tables/table-labels.ts";
import { drawStatusLabel } from "../features/lottery/lottery-labels.ts";
import * as loyalty from "../features/loyalty/loyalty-labels.ts";
import * as players from "../features/players/player-labels.ts";
import * as rewards from "../features/rewards/rewards-labels.ts";
import * as sports from "../features/sports/sports-labels.ts";
import type { EnumLabels } from "../lib/enum-labels.ts";
import { gameCategoryLabel } from "../lib/game-categories.ts";
import { setAdminLang } from "../lib/i18n.ts";

/**
 * Every code the server can send for a value a screen shows (a status, a kind, a period) has
 * a label in English and in Filipino. The lists come from packages/contracts, or from the
 * server's database checks where the contracts have none (read here from the migrations, so a
 * code added there fails this test until it has its labels).
 */
const dir = import.meta.dirname;
const catalog = (lang: string) =>
  JSON.parse(readFileSync(join(dir, `${lang}.json`), "utf8")) as Record<string, string>;
const EN = catalog("EN");
const TY = catalog("TY");

const migrations = join(dir, "../../../server/src/db/migrations");
/** The codes of `table.column`'s `CHECK (column IN (...))`, the last migration's that names it. */
function dbCheck(table: string, column: string): string[] {
  let found: string[] | null = null;
  for (const file of readdirSync(migrations).sort()) {
    const sql = readFileSync(join(migrations, file), "utf8");
    const create = sql.match(new RegExp(`CREATE TABLE (?:IF NOT EXISTS )?${table} \\(([\\s\\S]*?)\\n\\);`));
    const inCreate = create?.[1]?.match(
      new RegExp(`\\n\\s*${column} text[^,]*?CHECK \\(${column} IN \\(([^)]*)\\)`),
    );
    const altered = sql.match(new RegExp(`ALTER TABLE ${table}[^;]*?CHECK \\(${column} IN \\(([^)]*)\\)\\)`));
    const list = altered?.[1] ?? inCreate?.[1];
    if (list) found = [...list.matchAll(/'([^']*)'/g)].map((m) => m[1] ?? "");
  }
  if (!found) throw new Error(`no check on ${table}.${column}`);
  return found;
}

const sorted = (xs: readonly string[]) => [...xs].sort();

const FAMILIES: Record<string, EnumLabels<string>> = {
  ...contracts,
  ...loyalty,
  auditActionLabel,
  drawStatusLabel,
  bingoGameStatusLabel,
  ...tables,
  ...bonus,
  ...players,
  ...rewards,
  matchStatusLabel: sports.matchStatusLabel,
  marketKindLabel: sports.marketKindLabel,
  manualKindLabel: sports.manualKindLabel,
  manualStatusLabel: sports.manualStatusLabel,
  jackpotMovementLabel,
  fishLevelLabel,
  ...cards,
  fightStatusLabel,
  gameCategoryLabel,
};

describe("the labels of the codes the server sends", () => {
  it.each(Object.entries(FAMILIES))("%s has an English and a Filipino label for every code", (_, label) => {
    expect(label.values.length).toBeGreaterThan(0);
    const missing = label.values.flatMap((code) =>
      [EN, TY].flatMap((cat, i) => (cat[label.keyOf(code)] ? [] : [`${i ? "TY" : "EN"} ${code}`])),
    );
    expect(missing).toEqual([]);
  });

  it.each(Object.entries(FAMILIES))("%s reads as words in English, not as a code", (_, label) => {
    for (const code of label.values) expect(EN[label.keyOf(code)]).not.toMatch(/_/);
  });

  it("shows a code it does not know as it came, and nothing for no code", () => {
    expect(contracts.contractKindLabel("weekly_bonus")).toBe("weekly_bonus");
    expect(contracts.contractKindLabel(null)).toBe("");
    expect(contracts.contractKindLabel("daily_salary")).toBe("Daily salary");
  });

  it("lists the codes of the contracts", () => {
    expect(sorted(gameCategoryLabel.values)).toEqual(sorted(GameCategories));
    expect(sorted(loyalty.mallKindLabel.values)).toEqual(sorted(MALL_KINDS));
    expect(sorted(loyalty.redeemStatusLabel.values)).toEqual(sorted(REDEEM_STATUSES));
    expect(sorted(bonus.bonusKindLabel.values)).toEqual(sorted(BonusRuleInput.shape.kind.options));
  });

  it("lists the fish rooms' stake levels of the game server", () => {
    const game = readFileSync(join(dir, "../../../rgs/src/fish/game.ts"), "utf8");
    const levels = [...game.matchAll(/\{ id: "(\w+)", minBet/g)].map((m) => m[1] ?? "");
    expect(sorted(fishLevelLabel.values)).toEqual(sorted(levels));
  });

  it("labels every audit action the server's modules write as a literal", () => {
    const server = join(dir, "../../../server/src");
    const written = new Set<string>();
    for (const file of readdirSync(server, { recursive: true, encoding: "utf8" })) {
      if (!file.endsWith(".ts") || file.includes(".test.")) continue;
      const code = readFileSync(join(server, file), "utf8");
      // recordAudit(..., { action: "x" }) and a module's audit(req[, ip], "x", ...) helper
      for (const m of code.matchAll(/recordAudit\([^;]*?action:\s*([^,\n]+)/g))
        for (const lit of (m[1] ?? "").matchAll(/"([a-z][\w.-]*)"/g)) written.add(lit[1] ?? "");
      for (const m of code.matchAll(/\baudit(?:ed)?\(\s*(?:i\.)?req,\s*(?:ip,\s*)?"([a-z][\w.-]*)"/g))
        written.add(m[1] ?? "");
    }
    expect(written.size).toBeGreaterThan(20);
    const known = new Set<string>(auditActionLabel.values);
    expect([...written].filter((a) => !known.has(a))).toEqual([]);
  });

  it("follows the operator's language", () => {
    setAdminLang("TY");
    try {
      expect(contracts.contractKindLabel("daily_salary")).toBe(TY["settle.kindOf.daily_salary"]);
      expect(auditActionLabel("login")).toBe(TY["audit.actionOf.login"]);
    } finally {
      setAdminLang("EN");
    }
  });

  it("labels a sportsbook market's kind and keeps its period and line", () => {
    expect(sports.marketLabel("total 1H 2.5")).toBe("Total (over/under) 1H 2.5");
    expect(sports.marketLabel("correct_score")).toBe("Correct score");
    expect(sports.marketLabel("asian_total 2.5")).toBe("asian_total 2.5");
  });

  it("lists the codes of the database's checks", () => {
    expect(sorted(sports.matchStatusLabel.values)).toEqual(sorted(dbCheck("sb_matches", "status")));
    expect(sorted(sports.marketKindLabel.values)).toEqual(sorted(dbCheck("sb_markets", "kind")));
    expect(sorted(sports.manualKindLabel.values)).toEqual(sorted(dbCheck("sb_manual_actions", "kind")));
    expect(sorted(sports.manualStatusLabel.values)).toEqual(sorted(dbCheck("sb_manual_actions", "status")));
    expect(sorted(players.memberStatusLabel.values)).toEqual(sorted(dbCheck("members", "status")));
    expect(sorted(rewards.rebateRunStatusLabel.values)).toEqual(sorted(dbCheck("rebate_runs", "status")));
    expect(sorted(loyalty.vipReasonLabel.values)).toEqual(sorted(dbCheck("vip_history", "reason")));
    expect(sorted(contracts.contractPeriodLabel.values)).toEqual(
      sorted(dbCheck("agent_contracts", "period")),
    );
    expect(sorted(contracts.fundingLabel.values)).toEqual(sorted(dbCheck("agent_contracts", "funding")));
    expect(sorted(contracts.runScheduleLabel.values)).toEqual(
      sorted(dbCheck("agent_settlement_runs", "schedule")),
    );
    expect(sorted(contracts.runStatusLabel.values)).toEqual(
      sorted(dbCheck("agent_settlement_runs", "status")),
    );
  });
});

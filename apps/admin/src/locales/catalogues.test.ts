import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { Permissions } from "@panalo/contracts/admin-roles";
import { describe, expect, it } from "vitest";
import { SECTIONS } from "../app/sections.ts";

/**
 * The back office's catalogues (EN, TY = Filipino): the same keys and placeholders in both,
 * Filipino not left in English but for names and loanwords, every key the code asks for in
 * the catalogue, and the screens already on the catalogue free of English written in the code.
 */
const dir = import.meta.dirname;
const src = join(dir, "..");
const catalog = (lang: string) =>
  JSON.parse(readFileSync(join(dir, `${lang}.json`), "utf8")) as Record<string, string>;
const EN = catalog("EN");
const TY = catalog("TY");
const holes = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

/** Said as in English by a Filipino operator too. */
const SAME_IN_FILIPINO = new Set([
  "English",
  "Filipino",
  "Back office",
  "Username",
  "Password",
  "KYC",
  "Role",
  "Operator",
  // The short name of an identifier, written so on Filipino screens too.
  "ID",
  "VIP",
  // Brands' own names.
  "Instagram",
  "Telegram",
  "X (Twitter)",
  "YBG",
  "PG",
  "PayMongo",
  // The start of a web address.
  "https://",
  "Chip {{n}}",
  "{{section}} · Panalo Back Office",
  // The card games' own words and names, said so in Filipino.
  "Big blind",
  "Small blind",
  "Buy-in",
  "Rake",
  "Texas Hold'em",
  "Tongits",
  // Sabong's own words, said so in Filipino.
  "Arena",
  "Meron",
  "Wala",
  "Plasada (%)",
  // Games' own names, said so in Filipino.
  "Bingo",
  "Baccarat",
  "Dragon Tiger",
  "Dragon",
  "Sic Bo",
  // The agent network's own words, said so in Filipino.
  "Upline → downline",
  // Loanwords Filipino operators use as they are (the noun in "Na-save ang banner #3.").
  "banner",
  "link",
]);

/**
 * Screens whose every text comes from the catalogue. A screen is added here when it is moved
 * onto the catalogue; from then on an English string written in it fails this test.
 */
const ON_CATALOGUE = [
  "app/admin-layout.tsx",
  "app/section-route.tsx",
  "components/amount-fields.tsx",
  "components/confirm-dialog.tsx",
  "components/dialog.tsx",
  "components/language-switch.tsx",
  "components/page-header.tsx",
  "components/table-states.tsx",
  "components/toaster.tsx",
  "components/window-fields.tsx",
  "features/bingo/bingo-page.tsx",
  "features/cockfight/cockfight-page.tsx",
  "features/cards/cards-page.tsx",
  "features/cards/player-cards.tsx",
  "features/fish/fish-page.tsx",
  "features/live-tables/table-settings-dialog.tsx",
  "features/lottery/draws-page.tsx",
  "features/session/login-page.tsx",
  "features/session/change-password-page.tsx",
  "features/operators/create-operator-dialog.tsx",
  "features/operators/operators-page.tsx",
  "features/operators/roles-page.tsx",
  "features/games/add-game-dialog.tsx",
  "features/players/players-page.tsx",
  "features/players/player-filters.tsx",
  "features/players/player-status.tsx",
  "features/games/nav-order.tsx",
  "features/dashboard/dashboard-page.tsx",
  "components/pager.tsx",
  "components/data-table.tsx",
  "components/form-fields.tsx",
  "components/virtual-rows.tsx",
  "components/error-boundary.tsx",
  "components/editor-footer.tsx",
  "components/demo-bar.tsx",
  "components/copy-button.tsx",
  "components/image-upload-field.tsx",
  "components/html-field.tsx",
  "components/rich-html-field.tsx",
  "components/rich-text-editor.tsx",
  "components/localized-editor.tsx",
  "app/require-session.tsx",
  "app/operator-context.tsx",
  "app/router.tsx",
  "features/settings/setting-page-frame.tsx",
  "features/settings/winners-page.tsx",
  "features/settings/maintenance-page.tsx",
  "features/settings/security-page.tsx",
  "features/settings/cdn-page.tsx",
  "features/settings/whitelabel-page.tsx",
  "features/settings/region-page.tsx",
  "features/partners/partner-logos-page.tsx",
  "features/seo/seo-page.tsx",
  "features/settings/brand-page.tsx",
  "features/lottery/games-page.tsx",
  "features/settings/register-fields-page.tsx",
  "features/lottery/report-page.tsx",
  "features/fish/player-fish-shots.tsx",
  "features/live-tables/tables-page.tsx",
  "features/jackpot/jackpot-page.tsx",
  "features/lottery/game-editor.tsx",
  "features/settings/sign-in-page.tsx",
  "features/games/games-catalog-page.tsx",
  "features/sports/trading-page.tsx",
  "features/agent-contracts/agent-settlement-page.tsx",
  "features/agents/agents-page.tsx",
  "features/players/player-view-sections.tsx",
  "features/players/player-detail-page.tsx",
  "features/kyc/kyc-page.tsx",
  "features/finance/adjustments-page.tsx",
  "features/finance/finance-ui.tsx",
  "features/finance/queue-ui.tsx",
  "features/finance/deposits-page.tsx",
  "features/finance/withdrawals-page.tsx",
  "features/finance/win-reviews-page.tsx",
  "features/finance/reconciliation-page.tsx",
  "features/responsible-gaming/player-rg-page.tsx",
  "features/jobs/jobs-page.tsx",
  "features/audit/audit-page.tsx",
  "features/audit/audit-diff-view.tsx",
  "features/finance/reject-dialog.tsx",
  "features/finance/queue-export.tsx",
  "features/finance/wallet-page.tsx",
  "features/finance/channel-editor.tsx",
  "features/finance/channels-page.tsx",
  "features/finance/adjustment-dialog.tsx",
  "features/finance/approvals-page.tsx",
  "features/outbox/outbox-page.tsx",
  "features/finance/ledger-page.tsx",
  "features/players/player-dialogs.tsx",
  "features/responsible-gaming/rg-settings-page.tsx",
  "features/agents/username-picker.tsx",
  "features/loyalty/loyalty-page.tsx",
  "features/bonus/bonuses-page.tsx",
  "features/loyalty/missions-section.tsx",
  "features/chat/chat-console-page.tsx",
  "features/messages/composer.tsx",
  "features/reports/reports-page.tsx",
  "features/rewards/rewards-page.tsx",
  "features/chat/chat-settings-page.tsx",
  "features/help/help-page.tsx",
  "features/messages/feedback-page.tsx",
  "features/chat/member-side.tsx",
  "features/promotions/applications-page.tsx",
  "features/resources/resources-page.tsx",
  "features/reports/figures.tsx",
  "features/reports/charts.tsx",
  "features/notices/notice-editor.tsx",
  "features/notices/notices-page.tsx",
  "features/banners/banner-editor.tsx",
  "features/banners/banners-page.tsx",
  "features/promotions/promotion-editor.tsx",
  "features/promotions/promotions-page.tsx",
  "features/help/help-editors.tsx",
  "features/promotions/promotion-preview.tsx",
  "features/messages/messages-page.tsx",
  "features/promotions/report-page.tsx",
];

function sources(d: string): string[] {
  return readdirSync(d, { withFileTypes: true }).flatMap((e) => {
    const p = join(d, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !e.name.includes(".test.") ? [p] : [];
  });
}

/** English left in a component: text between tags, or a quoted text prop or toast. */
function englishIn(code: string): string[] {
  const found: string[] = [];
  // JSX text: >Some words< (not a {expression}, nor code after an arrow's "=>")
  for (const m of code.matchAll(/(?<!=)>\s*([^<>{}\n]*[A-Za-z]{2,}[^<>{}\n]*)\s*</g)) {
    const text = (m[1] ?? "").trim();
    // code between elements: an arrow's body, a `cond && <X/>`, or a ternary's `) : cond ? (`
    if (text && !/^[\w.-]*=>/.test(text) && !text.includes("&&") && !/^\)\s*:/.test(text)) found.push(text);
  }
  // A text prop or a toast written as a literal
  for (const m of code.matchAll(
    /\b(?:label|title|aria-label|placeholder|hint|description|confirmLabel|onLabel|offLabel)=["']([^"']*[A-Za-z]{2,}[^"']*)["']/g,
  )) {
    found.push(m[1] ?? "");
  }
  for (const m of code.matchAll(/toast\.\w+\(\s*["'`]([^"'`]*[A-Za-z]{2,}[^"'`]*)["'`]/g))
    found.push(m[1] ?? "");
  return found.filter((text) => !BRAND.has(text));
}

/** The brand is its own name in every language. */
const BRAND = new Set(["Panalo"]);

describe("the back office's catalogues", () => {
  it("EN and TY have the same keys with the same placeholders", () => {
    expect(Object.keys(TY).sort()).toEqual(Object.keys(EN).sort());
    for (const [key, en] of Object.entries(EN)) {
      expect(TY[key], `TY ${key}`).toBeTruthy();
      expect(holes(TY[key] ?? ""), `TY ${key}`).toEqual(holes(en));
    }
  });

  it("leaves nothing in English in Filipino but names and loanwords", () => {
    const left = Object.entries(EN)
      .filter(([key, en]) => TY[key] === en && /\p{L}/u.test(en) && !SAME_IN_FILIPINO.has(en.trim()))
      .map(([key, en]) => `${key} = ${en}`);
    expect(left).toEqual([]);
  });

  it("has every key the code asks for", () => {
    const asked = new Set<string>();
    for (const file of sources(src)) {
      for (const m of readFileSync(file, "utf8").matchAll(/\bt\(\s*"([a-zA-Z]+\.[\w.-]+)"/g))
        asked.add(m[1] ?? "");
    }
    // The keys built from a name: every section, group, permission and language.
    for (const s of SECTIONS) asked.add(`section.${s.id}`).add(`group.${s.group}`);
    for (const p of Permissions) asked.add(`perm.${p}`);
    for (const l of ["EN", "TY"]) asked.add(`lang.${l}`);
    expect(asked.size).toBeGreaterThan(100); // the scan finds the code's keys
    expect([...asked].filter((k) => !(k in EN))).toEqual([]);
  });

  it("the screens on the catalogue write no English of their own", () => {
    const left = ON_CATALOGUE.flatMap((f) =>
      englishIn(readFileSync(join(src, f), "utf8")).map((text) => `${f}: ${text}`),
    );
    expect(left).toEqual([]);
  });

  it("catches English written in a component", () => {
    expect(englishIn(`<p className="x">Try again</p>`)).toEqual(["Try again"]);
    expect(englishIn(`<input aria-label="Close the menu" />`)).toEqual(["Close the menu"]);
    expect(englishIn(`toast.success("Saved.")`)).toEqual(["Saved."]);
    expect(englishIn(`<p>{t("table.retry")}</p>`)).toEqual([]);
    expect(englishIn("const anyOf = <T,>() => z.custom<T>(() => true);")).toEqual([]);
    expect(englishIn("<Skeleton />\n) : list.isError ? (\n<ErrorRow />")).toEqual([]);
    expect(ON_CATALOGUE.every((f) => sources(src).some((s) => relative(src, s) === f))).toBe(true);
  });
});

import { type ComponentType, lazy } from "react";
import { createBrowserRouter } from "react-router";
import { LoginPage } from "../features/session/login-page.tsx";
import { useT } from "../lib/i18n.ts";
import { RequireSession } from "./require-session.tsx";
import { SectionRoute } from "./section-route.tsx";
import type { SectionId } from "./sections.ts";

/** A page module loaded on first visit; each module exports its page by name. */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const pages: Record<SectionId, ComponentType> = {
  dashboard: page(() => import("../features/dashboard/dashboard-page.tsx"), "DashboardPage"),
  reports: page(() => import("../features/reports/reports-page.tsx"), "ReportsPage"),
  players: page(() => import("../features/players/players-page.tsx"), "PlayersPage"),
  outbox: page(() => import("../features/outbox/outbox-page.tsx"), "OutboxPage"),
  messages: page(() => import("../features/messages/messages-page.tsx"), "MessagesPage"),
  feedback: page(() => import("../features/messages/feedback-page.tsx"), "FeedbackPage"),
  kyc: page(() => import("../features/kyc/kyc-page.tsx"), "KycPage"),
  chat: page(() => import("../features/chat/chat-console-page.tsx"), "ChatConsolePage"),
  "chat-settings": page(() => import("../features/chat/chat-settings-page.tsx"), "ChatSettingsPage"),
  agents: page(() => import("../features/agents/agents-page.tsx"), "AgentsPage"),
  deposits: page(() => import("../features/finance/deposits-page.tsx"), "DepositsPage"),
  withdrawals: page(() => import("../features/finance/withdrawals-page.tsx"), "WithdrawalsPage"),
  adjustments: page(() => import("../features/finance/adjustments-page.tsx"), "AdjustmentsPage"),
  "win-reviews": page(() => import("../features/finance/win-reviews-page.tsx"), "WinReviewsPage"),
  jackpot: page(() => import("../features/jackpot/jackpot-page.tsx"), "JackpotPage"),
  bonuses: page(() => import("../features/bonus/bonuses-page.tsx"), "BonusesPage"),
  "payment-channels": page(() => import("../features/finance/channels-page.tsx"), "ChannelsPage"),
  approvals: page(() => import("../features/finance/approvals-page.tsx"), "ApprovalsPage"),
  reconciliation: page(() => import("../features/finance/reconciliation-page.tsx"), "ReconciliationPage"),
  ledger: page(() => import("../features/finance/ledger-page.tsx"), "LedgerPage"),
  "agent-settlement": page(
    () => import("../features/agent-contracts/agent-settlement-page.tsx"),
    "AgentSettlementPage",
  ),
  rewards: page(() => import("../features/rewards/rewards-page.tsx"), "RewardsPage"),
  loyalty: page(() => import("../features/loyalty/loyalty-page.tsx"), "LoyaltyPage"),
  "lottery-games": page(() => import("../features/lottery/games-page.tsx"), "LotteryGamesPage"),
  "lottery-draws": page(() => import("../features/lottery/draws-page.tsx"), "LotteryDrawsPage"),
  "lottery-report": page(() => import("../features/lottery/report-page.tsx"), "LotteryReportPage"),
  "live-tables": page(() => import("../features/live-tables/tables-page.tsx"), "LiveTablesPage"),
  "bingo-rooms": page(() => import("../features/bingo/bingo-page.tsx"), "BingoRoomsPage"),
  cockfight: page(() => import("../features/cockfight/cockfight-page.tsx"), "CockfightPage"),
  "fish-rooms": page(() => import("../features/fish/fish-page.tsx"), "FishRoomsPage"),
  "card-tables": page(() => import("../features/cards/cards-page.tsx"), "CardTablesPage"),
  "sports-trading": page(() => import("../features/sports/trading-page.tsx"), "SportsTradingPage"),
  promotions: page(() => import("../features/promotions/promotions-page.tsx"), "PromotionsPage"),
  "promotion-applications": page(
    () => import("../features/promotions/applications-page.tsx"),
    "PromotionApplicationsPage",
  ),
  "promotion-report": page(() => import("../features/promotions/report-page.tsx"), "PromotionReportPage"),
  notices: page(() => import("../features/notices/notices-page.tsx"), "NoticesPage"),
  banners: page(() => import("../features/banners/banners-page.tsx"), "BannersPage"),
  help: page(() => import("../features/help/help-page.tsx"), "HelpPage"),
  resources: page(() => import("../features/resources/resources-page.tsx"), "ResourcesPage"),
  "partner-logos": page(() => import("../features/partners/partner-logos-page.tsx"), "PartnerLogosPage"),
  seo: page(() => import("../features/seo/seo-page.tsx"), "SeoPage"),
  "games-catalog": page(() => import("../features/games/games-catalog-page.tsx"), "GamesCatalogPage"),
  whitelabel: page(() => import("../features/settings/whitelabel-page.tsx"), "WhitelabelPage"),
  maintenance: page(() => import("../features/settings/maintenance-page.tsx"), "MaintenancePage"),
  region: page(() => import("../features/settings/region-page.tsx"), "RegionPage"),
  security: page(() => import("../features/settings/security-page.tsx"), "SecurityPage"),
  "register-fields": page(
    () => import("../features/settings/register-fields-page.tsx"),
    "RegisterFieldsPage",
  ),
  winners: page(() => import("../features/settings/winners-page.tsx"), "WinnersPage"),
  "responsible-gaming": page(
    () => import("../features/responsible-gaming/rg-settings-page.tsx"),
    "RgSettingsPage",
  ),
  "sign-in": page(() => import("../features/settings/sign-in-page.tsx"), "SignInPage"),
  brand: page(() => import("../features/settings/brand-page.tsx"), "BrandPage"),
  cdns: page(() => import("../features/settings/cdn-page.tsx"), "CdnPage"),
  jobs: page(() => import("../features/jobs/jobs-page.tsx"), "JobsPage"),
  operators: page(() => import("../features/operators/operators-page.tsx"), "OperatorsPage"),
  roles: page(() => import("../features/operators/roles-page.tsx"), "RolesPage"),
  audit: page(() => import("../features/audit/audit-page.tsx"), "AuditPage"),
};

/** Pages under a section that have no nav link of their own. */
const PlayerDetailPage = page(() => import("../features/players/player-detail-page.tsx"), "PlayerDetailPage");
const PlayerWalletPage = page(() => import("../features/finance/wallet-page.tsx"), "PlayerWalletPage");
const PlayerRgPage = page(() => import("../features/responsible-gaming/player-rg-page.tsx"), "PlayerRgPage");

/** A section's page (or `Page`, one of its sub-pages) behind the section's permission. */
function sectionRoute(id: SectionId, Page: ComponentType = pages[id]) {
  return (
    <SectionRoute id={id}>
      <Page />
    </SectionRoute>
  );
}

function NotFound() {
  const t = useT();
  return (
    <div className="panel empty-state">
      <p className="empty-state-title">{t("notFound.title")}</p>
      <p>{t("notFound.text")}</p>
    </div>
  );
}

export const router = createBrowserRouter(
  [
    { path: "/login", element: <LoginPage /> },
    {
      path: "/",
      element: <RequireSession />,
      children: [
        { index: true, element: sectionRoute("dashboard") },
        { path: "reports", element: sectionRoute("reports") },
        { path: "players", element: sectionRoute("players") },
        { path: "players/:id", element: sectionRoute("players", PlayerDetailPage) },
        { path: "players/:id/wallet", element: sectionRoute("players", PlayerWalletPage) },
        { path: "players/:id/responsible-gaming", element: sectionRoute("players", PlayerRgPage) },
        { path: "outbox", element: sectionRoute("outbox") },
        { path: "messages", element: sectionRoute("messages") },
        { path: "feedback", element: sectionRoute("feedback") },
        { path: "kyc", element: sectionRoute("kyc") },
        { path: "chat", element: sectionRoute("chat") },
        { path: "chat-settings", element: sectionRoute("chat-settings") },
        { path: "agents", element: sectionRoute("agents") },
        { path: "deposits", element: sectionRoute("deposits") },
        { path: "withdrawals", element: sectionRoute("withdrawals") },
        { path: "adjustments", element: sectionRoute("adjustments") },
        { path: "win-reviews", element: sectionRoute("win-reviews") },
        { path: "jackpot", element: sectionRoute("jackpot") },
        { path: "bonuses", element: sectionRoute("bonuses") },
        { path: "payment-channels", element: sectionRoute("payment-channels") },
        { path: "approvals", element: sectionRoute("approvals") },
        { path: "reconciliation", element: sectionRoute("reconciliation") },
        { path: "ledger", element: sectionRoute("ledger") },
        { path: "agent-settlement", element: sectionRoute("agent-settlement") },
        { path: "rewards", element: sectionRoute("rewards") },
        { path: "loyalty", element: sectionRoute("loyalty") },
        { path: "lottery/games", element: sectionRoute("lottery-games") },
        { path: "lottery/draws", element: sectionRoute("lottery-draws") },
        { path: "lottery/report", element: sectionRoute("lottery-report") },
        { path: "live-tables", element: sectionRoute("live-tables") },
        { path: "bingo-rooms", element: sectionRoute("bingo-rooms") },
        { path: "cockfight", element: sectionRoute("cockfight") },
        { path: "fish-rooms", element: sectionRoute("fish-rooms") },
        { path: "card-tables", element: sectionRoute("card-tables") },
        { path: "sports/trading", element: sectionRoute("sports-trading") },
        { path: "promotions", element: sectionRoute("promotions") },
        { path: "promotions/applications", element: sectionRoute("promotion-applications") },
        { path: "promotions/report", element: sectionRoute("promotion-report") },
        { path: "notices", element: sectionRoute("notices") },
        { path: "banners", element: sectionRoute("banners") },
        { path: "help", element: sectionRoute("help") },
        { path: "resources", element: sectionRoute("resources") },
        { path: "partner-logos", element: sectionRoute("partner-logos") },
        { path: "seo", element: sectionRoute("seo") },
        { path: "games", element: sectionRoute("games-catalog") },
        { path: "whitelabel", element: sectionRoute("whitelabel") },
        { path: "maintenance", element: sectionRoute("maintenance") },
        { path: "region", element: sectionRoute("region") },
        { path: "security", element: sectionRoute("security") },
        { path: "register-fields", element: sectionRoute("register-fields") },
        { path: "winners", element: sectionRoute("winners") },
        { path: "responsible-gaming", element: sectionRoute("responsible-gaming") },
        { path: "sign-in", element: sectionRoute("sign-in") },
        { path: "brand", element: sectionRoute("brand") },
        { path: "cdns", element: sectionRoute("cdns") },
        { path: "jobs", element: sectionRoute("jobs") },
        { path: "operators", element: sectionRoute("operators") },
        { path: "roles", element: sectionRoute("roles") },
        { path: "audit", element: sectionRoute("audit") },
        { path: "*", element: <NotFound /> },
      ],
    },
  ],
  { basename: "/admin" },
);

import type { Permission } from "@panalo/contracts/admin-roles";

export type SectionId =
  | "dashboard"
  | "reports"
  | "players"
  | "outbox"
  | "messages"
  | "feedback"
  | "kyc"
  | "chat"
  | "chat-settings"
  | "agents"
  | "deposits"
  | "withdrawals"
  | "adjustments"
  | "win-reviews"
  | "jackpot"
  | "bonuses"
  | "payment-channels"
  | "approvals"
  | "reconciliation"
  | "ledger"
  | "agent-settlement"
  | "rewards"
  | "loyalty"
  | "lottery-games"
  | "lottery-draws"
  | "lottery-report"
  | "live-tables"
  | "bingo-rooms"
  | "cockfight"
  | "fish-rooms"
  | "card-tables"
  | "sports-trading"
  | "promotions"
  | "promotion-applications"
  | "promotion-report"
  | "notices"
  | "banners"
  | "help"
  | "resources"
  | "partner-logos"
  | "seo"
  | "games-catalog"
  | "whitelabel"
  | "maintenance"
  | "region"
  | "security"
  | "register-fields"
  | "winners"
  | "responsible-gaming"
  | "sign-in"
  | "brand"
  | "cdns"
  | "jobs"
  | "operators"
  | "roles"
  | "audit";

export interface Section {
  id: SectionId;
  label: string;
  /** Route under /admin. */
  path: string;
  /** What the operator's role must hold to see it; null for everyone signed in. */
  permission: Permission | null;
  /** What a change here needs. */
  writePermission: Permission | null;
  group:
    | "Overview"
    | "Players"
    | "Finance"
    | "Lottery"
    | "Sports"
    | "Promotions"
    | "Content"
    | "System"
    | "Administration";
  summary: string;
}

/** The back office's sections, in nav order. */
export const SECTIONS: readonly Section[] = [
  {
    id: "dashboard",
    label: "Dashboard",
    path: "/",
    permission: null,
    writePermission: null,
    group: "Overview",
    summary: "Site state at a glance.",
  },
  // The daily reports (finance figures: finance.read).
  {
    id: "reports",
    label: "Reports",
    path: "/reports",
    permission: "finance.read",
    writePermission: null,
    group: "Overview",
    summary:
      "Per day, game, vendor and player; per payment channel; player profitability; rounds. CSV export.",
  },
  {
    id: "players",
    label: "Players",
    path: "/players",
    permission: "players.read",
    writePermission: "players.write",
    group: "Players",
    summary: "Find a player, see their sign-ins and sessions; lock, unlock or set a temporary password.",
  },
  // Agents: the upline–downline tree, moves (audited) and team figures.
  {
    id: "agents",
    label: "Agents",
    path: "/agents",
    permission: "players.read",
    writePermission: "players.write",
    group: "Players",
    summary: "Top agents, the tree with drill-down, moving a member to another upline, team figures.",
  },
  // KYC: identity documents, the decisions and what needs a verified account.
  {
    id: "kyc",
    label: "KYC",
    path: "/kyc",
    permission: "kyc.read",
    writePermission: "kyc.write",
    group: "Players",
    summary: "Identity documents to review (approve, reject, ask for more) and the KYC rules.",
  },
  {
    id: "outbox",
    label: "Message outbox",
    path: "/outbox",
    permission: "outbox.read",
    writePermission: null,
    group: "Players",
    summary: "SMS and e-mails sent to players, with their text: verification codes and reset links.",
  },
  // Messages in the member centre (composer, sent list) and the feedback queue.
  {
    id: "messages",
    label: "Member messages",
    path: "/messages",
    permission: "marketing.read",
    writePermission: "marketing.write",
    group: "Players",
    summary: "Messages in the member centre to one member, a segment or everyone, with read counts.",
  },
  {
    id: "feedback",
    label: "Feedback",
    path: "/feedback",
    permission: "players.read",
    writePermission: "players.write",
    group: "Players",
    summary: "What players send from the site, with screenshots; replies arrive as their messages.",
  },
  // Customer-service chat: the support console and its settings.
  {
    id: "chat",
    label: "Chat console",
    path: "/chat",
    permission: "chat.operate",
    writePermission: "chat.operate",
    group: "Players",
    summary:
      "Members' customer-service chats: queue, assignment, transfer, canned replies, the member beside it.",
  },
  {
    id: "chat-settings",
    label: "Chat settings",
    path: "/chat-settings",
    permission: "chat.operate",
    writePermission: "chat.manage",
    group: "Players",
    summary: "Canned replies in every language, business hours and the away message, operators' teams.",
  },
  // Finance: the money queues, adjustments, channels and the reconciliation.
  {
    id: "deposits",
    label: "Deposits",
    path: "/deposits",
    permission: "finance.read",
    writePermission: "finance.write",
    group: "Finance",
    summary: "Bank-transfer deposits to check against the receipt, approve or reject.",
  },
  {
    id: "withdrawals",
    label: "Withdrawals",
    path: "/withdrawals",
    permission: "finance.read",
    writePermission: "finance.write",
    group: "Finance",
    summary: "Payout requests with the member's account: mark paid or reject with a reason.",
  },
  {
    id: "adjustments",
    label: "Adjustments",
    path: "/adjustments",
    permission: "finance.read",
    writePermission: "players.adjust",
    group: "Finance",
    summary: "Manual credits and debits; large ones wait for a second operator.",
  },
  {
    id: "win-reviews",
    label: "Held wins",
    path: "/win-reviews",
    permission: "finance.read",
    writePermission: "finance.write",
    group: "Finance",
    summary: "Wins above a game vendor's maximum win per round, to pay or reject; the limits per vendor.",
  },
  {
    id: "jackpot",
    label: "Jackpot",
    path: "/jackpot",
    permission: "finance.read",
    writePermission: "finance.write",
    group: "Finance",
    summary:
      "The progressive jackpot: share of each slot stake, seed, must-drop-by, wins and the pool's ledger.",
  },
  {
    id: "bonuses",
    label: "Bonuses",
    path: "/bonuses",
    permission: "marketing.read",
    writePermission: "marketing.write",
    group: "Finance",
    summary:
      "Bonus rules (deposit, reload, manual) and each member's bonuses: grant, forfeit, household flags.",
  },
  {
    id: "payment-channels",
    label: "Payment channels",
    path: "/payment-channels",
    permission: "finance.read",
    writePermission: "finance.write",
    group: "Finance",
    summary: "Deposit methods, the operator's bank accounts and deposit limits.",
  },
  {
    id: "approvals",
    label: "Approvals",
    path: "/approvals",
    permission: "finance.read",
    writePermission: "finance.write",
    group: "Finance",
    summary: "Changes that need a second operator: payment channels, their secrets and limits.",
  },
  {
    id: "ledger",
    label: "Ledger",
    path: "/ledger",
    permission: "finance.read",
    writePermission: null,
    group: "Finance",
    summary: "Every money movement by date range, type and member, with a CSV of all matching rows.",
  },
  {
    id: "reconciliation",
    label: "Reconciliation",
    path: "/reconciliation",
    permission: "finance.read",
    writePermission: null,
    group: "Finance",
    summary: "Check that every balance equals its entries and the ledger sums to zero.",
  },
  // Agents: contract settlement runs, bills, commission report, contracts.
  {
    id: "agent-settlement",
    label: "Agent settlements",
    path: "/agent-settlement",
    permission: "finance.read",
    writePermission: "finance.write",
    group: "Finance",
    summary: "Dividend and salary runs of agent contracts: hold, re-run, bills, commission report, CSV.",
  },
  // Rewards: rebates, raffles, invite-friend rewards, reports.
  {
    id: "rewards",
    label: "Rewards",
    path: "/rewards",
    permission: "marketing.read",
    writePermission: "marketing.write",
    group: "Players",
    summary: "Rebate rates and runs, raffles with commit-reveal draws, invite rewards, CSV reports.",
  },
  // Loyalty: points rules, VIP levels, the mall and its queue, the report.
  {
    id: "loyalty",
    label: "Loyalty",
    path: "/loyalty",
    permission: "marketing.read",
    writePermission: "marketing.write",
    group: "Players",
    summary:
      "Points rules and rates, VIP levels and level changes, the points mall and its redemption queue, CSV report.",
  },
  // Lottery: games and schedules, draws with seeds and liability, the report.
  {
    id: "lottery-games",
    label: "Lottery games",
    path: "/lottery/games",
    permission: "lottery.read",
    writePermission: "lottery.write",
    group: "Lottery",
    summary: "Schedules, cut-offs, prize tables, stake and liability limits of every lottery game.",
  },
  {
    id: "lottery-draws",
    label: "Lottery draws",
    path: "/lottery/draws",
    permission: "lottery.read",
    writePermission: null,
    group: "Lottery",
    summary: "Draws with their seed hashes, seeds and results; open liability per number.",
  },
  {
    id: "lottery-report",
    label: "Lottery report",
    path: "/lottery/report",
    permission: "lottery.read",
    writePermission: null,
    group: "Lottery",
    summary: "Sales, payouts and margin per game and per draw.",
  },
  // Live tables: settings, current state, round history with verify links, report.
  {
    id: "live-tables",
    label: "Live tables",
    path: "/live-tables",
    permission: "tables.read",
    writePermission: "tables.write",
    group: "Lottery",
    summary: "Betting windows, chips, limits, hours and state of the live tables; rounds and margin.",
  },
  // Bingo rooms: settings, current game, game history, report per room.
  {
    id: "bingo-rooms",
    label: "Bingo rooms",
    path: "/bingo-rooms",
    permission: "tables.read",
    writePermission: "tables.write",
    group: "Lottery",
    summary:
      "Ticket price, prize pool and split, schedule, draw pace, hours and state of the bingo rooms; games and margin.",
  },
  // Cockfight arena: regions, events and fights, betting and the four-eyes result.
  {
    id: "cockfight",
    label: "Cockfight",
    path: "/cockfight",
    permission: "tables.read",
    writePermission: "tables.write",
    group: "Lottery",
    summary:
      "Where cockfight is offered, events and fights, betting open and closed, results declared and confirmed by a second operator.",
  },
  // Fish rooms: bet per shot, seats, RTP, on/off, live state, report by day and room.
  {
    id: "fish-rooms",
    label: "Fish rooms",
    path: "/fish-rooms",
    permission: "tables.read",
    writePermission: "tables.write",
    group: "Lottery",
    summary:
      "Bet per shot, seats, RTP and state of the fish rooms; live seats and shots; margin against the RTP.",
  },
  // Card tables (Hold'em, Tongits): settings, live hands, hand history, rake, fair play.
  {
    id: "card-tables",
    label: "Card tables",
    path: "/card-tables",
    permission: "tables.read",
    writePermission: "tables.write",
    group: "Lottery",
    summary:
      "Stakes, seats, buy-ins, rake, timers and state of the Hold'em and Tongits tables; live hands, hand history, rake and fair play.",
  },
  // The sportsbook's trading desk.
  {
    id: "sports-trading",
    label: "Sports trading",
    path: "/sports/trading",
    permission: "sports.read",
    writePermission: "sports.write",
    group: "Sports",
    summary:
      "Sports, leagues and matches on or off, margins and limits, suspensions, liability, manual settlement (four eyes), report.",
  },
  // Promotions the operator composes, the applications to review, the cost report.
  {
    id: "promotions",
    label: "Promotions",
    path: "/promotions",
    permission: "marketing.read",
    writePermission: "marketing.write",
    group: "Promotions",
    summary: "Compose promotions in every language, with a preview on a phone.",
  },
  {
    id: "promotion-applications",
    label: "Applications",
    path: "/promotions/applications",
    permission: "marketing.read",
    writePermission: "marketing.write",
    group: "Promotions",
    summary: "Players' applications to promotions: approve, or reject with a reason.",
  },
  {
    id: "promotion-report",
    label: "Promotion report",
    path: "/promotions/report",
    permission: "marketing.read",
    writePermission: null,
    group: "Promotions",
    summary: "Cost, players and wagering per promotion. CSV export.",
  },
  {
    id: "notices",
    label: "Notices",
    path: "/notices",
    permission: "content.read",
    writePermission: "content.write",
    group: "Content",
    summary: "Bulletins, pop-ups, promotions and the home marquee.",
  },
  {
    id: "banners",
    label: "Banners",
    path: "/banners",
    permission: "content.read",
    writePermission: "content.write",
    group: "Content",
    summary: "Images of the home carousel and every page's banner group.",
  },
  {
    id: "help",
    label: "Help centre",
    path: "/help",
    permission: "content.read",
    writePermission: "content.write",
    group: "Content",
    summary: "Help categories and their articles.",
  },
  {
    id: "resources",
    label: "Links & apps",
    path: "/resources",
    permission: "content.read",
    writePermission: "content.write",
    group: "Content",
    summary: "Social links, app downloads and service chat addresses.",
  },
  {
    id: "partner-logos",
    label: "Partner logos",
    path: "/partner-logos",
    permission: "content.read",
    writePermission: "content.write",
    group: "Content",
    summary: "The game vendors' logos in the site footer.",
  },
  {
    id: "seo",
    label: "Search texts",
    path: "/seo",
    permission: "content.read",
    writePermission: "content.write",
    group: "Content",
    summary: "Page titles and descriptions search engines show.",
  },
  // The games catalogue: vendors and games as players see them.
  {
    id: "games-catalog",
    label: "Games",
    path: "/games",
    permission: "content.read",
    writePermission: "games.write",
    group: "Content",
    summary: "Vendors and games on or off, their order, hot flags, images, categories and names.",
  },
  {
    id: "whitelabel",
    label: "Modules",
    path: "/whitelabel",
    permission: "system.read",
    writePermission: "system.write",
    group: "System",
    summary: "Turn site features such as trial play or mobile login on and off.",
  },
  {
    id: "maintenance",
    label: "Maintenance",
    path: "/maintenance",
    permission: "system.read",
    writePermission: "system.write",
    group: "System",
    summary: "Close the site for players with a maintenance page.",
  },
  {
    id: "region",
    label: "Region & IP",
    path: "/region",
    permission: "system.read",
    writePermission: "system.write",
    group: "System",
    summary: "Countries allowed to play and blocked address ranges.",
  },
  {
    id: "security",
    label: "Security",
    path: "/security",
    permission: "system.read",
    writePermission: "system.write",
    group: "System",
    summary: "Player password age and a second factor for logins from new addresses.",
  },
  {
    id: "register-fields",
    label: "Registration fields",
    path: "/register-fields",
    permission: "system.read",
    writePermission: "system.write",
    group: "System",
    summary: "Which optional fields the registration form shows and requires, and their rules.",
  },
  {
    id: "winners",
    label: "Winner board",
    path: "/winners",
    permission: "system.read",
    writePermission: "system.write",
    group: "System",
    summary: "The smallest win the site's winner ticker and winner board show.",
  },
  {
    id: "responsible-gaming",
    label: "Responsible gaming",
    path: "/responsible-gaming",
    permission: "players.read",
    writePermission: "system.write",
    group: "System",
    summary:
      "The reality check's default interval; the age rule shown. Each member's limits are on their page.",
  },
  {
    id: "sign-in",
    label: "Sign-in providers",
    path: "/sign-in",
    permission: "system.read",
    writePermission: "system.write",
    group: "System",
    summary: "Google, Facebook and other accounts players can log in with.",
  },
  {
    id: "brand",
    label: "Brand",
    path: "/brand",
    permission: "system.read",
    writePermission: "system.write",
    group: "System",
    summary: "Name, logo, currency, age rule and service links.",
  },
  {
    id: "cdns",
    label: "CDNs",
    path: "/cdns",
    permission: "system.read",
    writePermission: "system.write",
    group: "System",
    summary: "Addresses games launch from and images load from, one picked at random.",
  },
  {
    id: "jobs",
    label: "Jobs",
    path: "/jobs",
    permission: "system.read",
    writePermission: "jobs.run",
    group: "System",
    summary:
      "Scheduled work in Manila time (daily reconciliation, withdrawal receipts): next runs and history.",
  },
  {
    id: "operators",
    label: "Operators",
    path: "/operators",
    permission: "operators.read",
    writePermission: "operators.write",
    group: "Administration",
    summary: "Back-office accounts and their roles.",
  },
  {
    id: "roles",
    label: "Roles",
    path: "/roles",
    permission: "roles.write",
    writePermission: "roles.write",
    group: "Administration",
    summary: "Roles as sets of permissions: make, change or delete them and give them to operators.",
  },
  {
    id: "audit",
    label: "Audit log",
    path: "/audit",
    permission: "audit.read",
    writePermission: null,
    group: "Administration",
    summary: "Every change made here: who, when, before and after.",
  },
];

export function sectionById(id: SectionId): Section {
  const section = SECTIONS.find((s) => s.id === id);
  if (!section) throw new Error(`Unknown section ${id}`);
  return section;
}

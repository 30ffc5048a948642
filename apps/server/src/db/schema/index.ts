import * as admin from "./admin.ts";
import * as agents from "./agents.ts";
import * as content from "./content.ts";
import * as core from "./core.ts";
import * as games from "./games.ts";
import * as jackpot from "./jackpot.ts";
import * as jobs from "./jobs.ts";
import * as ledger from "./ledger.ts";
import * as members from "./members.ts";
import * as messaging from "./messaging.ts";
import * as payments from "./payments.ts";
import * as providers from "./providers.ts";
import * as reports from "./reports.ts";

/** Every table, by module. Each module owns its file; nobody queries another module's tables. */
export const schema = {
  ...core,
  ...content,
  ...games,
  ...admin,
  ...members,
  ...agents,
  ...messaging,
  ...ledger,
  ...payments,
  ...providers,
  ...jobs,
  ...jackpot,
  ...reports,
};

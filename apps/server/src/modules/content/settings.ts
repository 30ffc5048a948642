import {
  BrandSettings,
  CdnList,
  FinanceSettings,
  MaintenanceSettings,
  OidcSettings,
  RegionSettings,
  SecuritySettings,
  WhitelabelSettings,
  WinnerBoardSettings,
} from "@panalo/contracts/admin";
import { CockfightSettings } from "@panalo/contracts/cockfight";
import { type ModuleId, ModuleIds } from "@panalo/contracts/content";
import type { z } from "zod";
import type { Executor } from "../../db/client.ts";
import { settingRows, upsertSetting } from "./repo.ts";

/**
 * The operator's installation settings that the content module owns, each a zod-checked jsonb
 * row in `settings`. A missing or unreadable row falls back to the default below, so a fresh
 * database answers sensibly before anything is configured.
 */
export const SETTING_SCHEMAS = {
  brand: BrandSettings,
  whitelabel: WhitelabelSettings,
  maintenance: MaintenanceSettings,
  region: RegionSettings,
  oidc: OidcSettings,
  security: SecuritySettings,
  finance: FinanceSettings,
  // spec §3 permission response / §9: lists the site and launches pick one from at random.
  launchGameCDNs: CdnList,
  imageCDNs: CdnList,
  // The smallest win shown on the winner ticker and board.
  winners: WinnerBoardSettings,
  // Where cockfight is offered (off everywhere until the operator names regions).
  cockfight: CockfightSettings,
} as const;
export type SettingKey = keyof typeof SETTING_SCHEMAS;
export type SettingValue<K extends SettingKey> = z.infer<(typeof SETTING_SCHEMAS)[K]>;

/** Every module switch, on for the ids given and off for the rest. */
export function switchesOf(on: readonly ModuleId[]): Record<ModuleId, boolean> {
  const out = {} as Record<ModuleId, boolean>;
  for (const id of ModuleIds) out[id] = on.includes(id);
  return out;
}

export const SETTING_DEFAULTS: { [K in SettingKey]: SettingValue<K> } = {
  brand: {
    name: "Panalo",
    logoUrl: "/media/brand/logo.svg",
    currency: "PHP",
    currencySymbol: "₱",
    aboutText: { TY: "", EN: "" },
    copyright: "",
    loggedInToHome: false,
    directRegister: true,
    mobileRegPass: false,
    // spec §5 and the Philippine rule for online play: 21 unless the operator says 18.
    minimumAge: 21,
    customerServiceUrl: null,
    vipServiceUrl: null,
    gtagId: null,
  },
  whitelabel: {
    switches: switchesOf(["USERNAMEREG3", "MOBILENUMREG3"]),
  },
  maintenance: {
    enabled: false,
    title: { TY: "Kasalukuyang inaayos ang site", EN: "We are under maintenance" },
    info: {
      TY: "Pinapaganda namin ang site. Bumalik sa ilang sandali.",
      EN: "We are improving the site. Please come back shortly.",
    },
  },
  region: {
    allowedCountries: [],
    blockedRanges: [],
    info: {
      TY: "Paumanhin, hindi available ang site na ito sa iyong lokasyon.",
      EN: "Sorry, this site is not available in your location.",
    },
  },
  oidc: { providers: [] },
  security: { passwordMaxAgeDays: 90, newIpSecondFactor: false },
  finance: { adjustmentApprovalThreshold: "10000.00" },
  launchGameCDNs: [],
  imageCDNs: [],
  winners: { minWinShown: "1.00" },
  cockfight: { countries: [], unlocated: false },
};

/** Read several settings in one query. */
export async function readSettings<K extends SettingKey>(
  exec: Executor,
  keys: readonly K[],
): Promise<{ [P in K]: SettingValue<P> }> {
  const rows = await settingRows(exec, keys);
  const out = {} as { [P in K]: SettingValue<P> };
  for (const key of keys) {
    const row = rows.find((r) => r.key === key);
    const parsed = row ? SETTING_SCHEMAS[key].safeParse(row.value) : undefined;
    out[key] = (parsed?.success ? parsed.data : SETTING_DEFAULTS[key]) as SettingValue<K>;
  }
  return out;
}

export async function readSetting<K extends SettingKey>(exec: Executor, key: K): Promise<SettingValue<K>> {
  const all = await readSettings(exec, [key]);
  return all[key];
}

export async function writeSetting<K extends SettingKey>(
  exec: Executor,
  key: K,
  value: SettingValue<K>,
): Promise<void> {
  await upsertSetting(exec, key, value);
}

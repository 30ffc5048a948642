import { readFileSync } from "node:fs";
import { join } from "node:path";
import { literal, type RunSql } from "@panalo/db-migrate/function-files";
import { acceptsRecorded } from "@panalo/db-migrate/run-migrations";
import type { ShippedChecksums } from "@panalo/db-migrate/shipped-checksums";
import { splitStatements } from "@panalo/db-migrate/split-statements";

/**
 * The migrations of the last release before migrations were named by the time they were written:
 * range-numbered files (`NNNN_module.sql`), a closed set, each with the sha256 it shipped with, in
 * the order they reached the main branch — the order a database that followed every release
 * applied them in (a new database applied them in name order). The schema tests rebuild such
 * databases from these files, and a guard test holds the files to these checksums.
 */
export const LEGACY_PLATFORM_MIGRATIONS: readonly (readonly [name: string, sha256: string])[] = [
  ["0001_core.sql", "b2d5bd5d17d39ca563d2cf80ec8bfe9d4d202d14836dae6b1c6488c7da7c6aa6"],
  ["0100_content.sql", "a85a2ee2551a8c6afc3f6077f10b1672c27108f742a6fe5b6bdfe851cc3a3e7f"],
  ["0150_games.sql", "0fd88b1251cd7c76d9d7c509b64d05b65daa61a08a8d895412583d283a46b19d"],
  ["0200_admin.sql", "6be77f3d4927bd6c52deb797e164959170f2a1373398a5fff1132267d4101ce9"],
  ["0300_members.sql", "c0325d37b64b454fb0ad4a2771cbf3407ffa84fe740095ac7f76a53664dbf097"],
  ["0301_members_affiliate.sql", "924a2e58db61037dc575b6f857b9c548ef81334f514942be09f323c01bf07b6a"],
  ["0302_member_identities.sql", "aded1c834cfc58e6f07e2b0d2c7e4adbb779c9084d8847bf3fa9f8b6e1be6362"],
  ["0310_messaging.sql", "533f3c55e9b40c9c3de25e4f06ef348e913cd59182d27bc76d9398b032bbe536"],
  ["0400_ledger.sql", "981c492edc2f21ebfc5252dd885840a5578afb1d48c3db0a1cef5f1b11ea41de"],
  ["0410_withdrawals.sql", "1815bf19ada1eac64b4d02aab18cb61b4069bfcd0520004fd8b3025e47b3fc55"],
  ["0420_deposits.sql", "5b7dd7f15bdf9991c874cc60d15ddab98e3992186c92b87239d885a361c39078"],
  ["0430_adjustments.sql", "03fa0df03fa5246bd7c446616ccf7dd00a2c09436dd62dbaac995cf1eaa2b146"],
  ["0500_providers.sql", "1f717ceda9059938baf8614ebfad4703930480ca2c671cd14b27143732245418"],
  ["0600_lottery.sql", "e1d756962db15acc8b0add8d1b0a3aefb7b57d84832831cb0cad2e551ff5b279"],
  ["0501_provider_refs.sql", "fb36512ba3b51f19af66883530f37a1c6766f875f312370ae4ae686a82e6f133"],
  ["0151_games_catalog.sql", "ef58f5f9790c75d0fa1a1c963d7adfe22afdc87af7de309f4f55169370ee34a5"],
  ["0502_provider_game_code.sql", "ce0e6c9c60b5dd4c895e3c6e85942af9639dcdd4e622ebb84e2de3fc0f022f4a"],
  ["0503_launch_token_claim.sql", "7ae95c0ae0a67d126e532b05d78e0cba8c2ceeabfaea1b69aeb172fcc762b3cb"],
  ["0440_ledger_post.sql", "f6d4972be6d1c3a02eab3ab7aa6e4bfd22bb9340efdd66606300963572b69fcf"],
  ["0510_provider_move.sql", "2907c9fa6e7f433e8424bfb47bb94850666eee1deb34aef9ba45435f96b901fb"],
  ["0504_betting_record.sql", "0bd5bd7b063e4cc0b46f421370b5eba34e9684335e6c8ac66b7493e8f3653311"],
  ["0601_lottery_moved.sql", "642b884b973ae6aa7994e74f278e2516c93ffce938fe778953d5411ab6094fb3"],
  ["0511_provider_index_order.sql", "0d32cd3ac661099a3cd133e15e02b2ef6a8812784d0147e8fa6f5ce6097bcabf"],
  ["0520_vendor_transfers.sql", "c16ad519cba6d80de62a4879bee41581d268b535f1ebd70130642ebc6fc73718"],
  ["0450_reconciliation_reports.sql", "e1768691f0780c3bf51a042dc79b623967f21c9ff91d8dc6d894c717bb3f9a3d"],
  ["0020_job_runs.sql", "0c594f52d43dd34cb9f408d51a23d24ada0a8723d0b113ff5b74cd291021d664"],
  ["0102_content_link_external.sql", "1cceaa8c74934d2170ce489c0c5b96241b7d996a0984523c5dbba8d3604fdaec"],
  ["0201_operator_attempts.sql", "48a708bad8b1ba2327021f724e19144a09691ea2586fd7a25ba1d6b435728eda"],
  ["0210_member_uploads.sql", "4e717ea47ec9df953eeb977827f4696903d8eea40041faec2d075dbfe2dd45bb"],
  ["0303_login_attempts.sql", "199a16ec50e730a4382882531703d430c77c4288e38bbb8061e49d91cb7c2ced"],
  ["0311_outbox_masked.sql", "1af918eb995672930103546ef928a3afd905d97c6005299cb26fd5b0384e4512"],
  ["0421_private_proofs.sql", "f49f4daa5e0b591c69e82c934115b191de8c0a52d8007fae724e7e8a155dde1a"],
  ["0431_four_eyes.sql", "07744f2683dcd2ddbb6a9c4be32f3c7279d193f9adb9cbf1959a8af6befea812"],
  ["0512_provider_outcomes.sql", "4d29273042c774981c82463ae2d84471c223d541cc86cab3dd2662c8ac8e7a4f"],
  ["0513_provider_round_check.sql", "78da4f57bbcd9b529aea03c312def3c98217dc159cfe575fde78f680428be231"],
  ["0514_provider_win_limits.sql", "424f384c5ca860fb71f738e5c6fc9c81843c2f1017eef76f1f480aecad6f56a4"],
  ["0515_provider_limits_four_eyes.sql", "2662c7543234b7eb8294ea042351860e33cd7416dccef6303d8e42694bda3ef3"],
  [
    "0516_provider_win_limit_round_bets.sql",
    "13b8921ca18a2c1759c454b66debdd22ee5fb191157343f67115d6dce5fb9cd7",
  ],
  ["0700_agent_tree.sql", "f769feee31d1e2472b8982118458d97c2d60621ec2b42fbfe972d41884241d45"],
  ["0701_agent_team_indexes.sql", "d170848fb19da2979d44f103e5607d2cfde005b99c09cd9d462d5e45e2f50ba7"],
  ["0427_queues.sql", "d7dc92079b985d19b8e67eed1663cd7974afd2db92500e04861061825faf2c09"],
  ["0517_queue_bulk_approvals.sql", "d461023c5d30bcd96e2e9d31aad37909ec8c2fa5224d5de1cc5d37790b4d2a3b"],
  ["0250_reports.sql", "3c03e00d0f3bd9f3ac467db0d00374bad410d711050c21b1437598039e651c19"],
  ["0720_agent_contracts.sql", "3503bf1608ffdd854fa66b85cf7e7b1fdc5bdbfafa5497c3856a901004e7d124"],
  ["0306_member_notes.sql", "cf6c72f36b3a4cd53210dff8f3be822109e98f8726b0ba8f1b65917de4191f7c"],
  ["0155_games_catalog_admin.sql", "32f10383aa67019d4b644480af7e00b502771d43346562686aea946e8c76c960"],
  ["0900_report_active_bits.sql", "f9c65bc735b913c50243b124696da9e5986e50a14a7dfe4da6124ab8e330dc14"],
  ["0830_promotions.sql", "9a5c4b6e911b0d4c69bb619831268c72bc3e8456f799f10a39218b27cd432090"],
  ["0860_member_rewards.sql", "d8409136390bcb4e2b95c9dae4e86a2d785a340882b9e532238e0b31a8557178"],
  ["0800_bonus.sql", "ae0febf4f98c914393213befaabd8c82c9ee531b34897b804a34e09e197a0b93"],
  ["0801_provider_move_bonus.sql", "ffb9b19e9b65ee935e5f8771117e21a3ff4c5aa67285d1cee53f1b169903e6ba"],
  ["0861_rebates_raffles_referrals.sql", "a5938895a670ddf579a9ba4aa433968df5d050825b9b507adf09d9fa9711a94c"],
  ["0901_report_hours.sql", "af6585f5138b8dc995150e56faf5f3d6a0b180307ee482ac7ae2de962b05bb19"],
  ["0721_agent_member_days.sql", "23f2c835a2c7ea17306cf5a88dea5a575d4fa7c539ef67f41f66cda0ccb91827"],
  ["0902_report_export.sql", "7ae2e1b524bcd9a8dee7b73591f478b8062d91bac658bdb510b42e41d4c2d9fc"],
  ["0903_report_facts_trial.sql", "82d852e93a0f4953520948bea50c2e3af701dc06d07532ab3a9daa22e307d4eb"],
  ["0722_ledger_post_many.sql", "074f864ec8135004064c6bec2fbb478384346fd18dc8230da775429a4534088d"],
  ["0802_agent_member_hours.sql", "1ef0a32a60ad155f1edb8300048b228bf7c150be601d47c8c05af1cc7d1d68fd"],
  ["0803_agent_team_totals.sql", "64ae1d4ff5a0cf371abda90dcdd1b801802bc318684c041926584999246fa4d1"],
  ["0862_member_households.sql", "4e2370e81f5952ba70732e45b205e912a97f58546731a7b55c6c0aa732094819"],
  ["1000_member_account.sql", "330d498035cd8a49161a78da615256e7c2671ea6097516c3df860c882c189a50"],
  ["1020_responsible_gaming.sql", "afe43f66425b689c138a1fd38b9438e38c7a9db568f51252510c4fe666fb4373"],
  ["1021_vendor_transfer_rg.sql", "75f2d2ea4c58a69e6d02943c6f9564bb83122094757c4e521b562f2a38226901"],
  ["1040_member_messages.sql", "79bd7cfd698c81496246b060b5fdcc3c4c085f9f366fd2f3f26fad47c28204e4"],
  ["1060_chat.sql", "6839f2e4af06e982878cd2568bcf0e6b933985125554391e1d0e2d0f04286492"],
  ["1200_sportsbook.sql", "109e0d97472d6eb61043cbc42f74256acda1d2a08fd4bf4c724c86100a87473b"],
  ["1201_sportsbook_uof.sql", "7e1022c3549cb37fdec6e5f709fd3b6e856a475a757437cbe35c70a1e4f0fe42"],
  ["1300_loyalty.sql", "a2178177191bacf86a89d61eedeef7231053bc41fe3b68d6828f94cae4acbb7a"],
  ["1301_loyalty_raffle_items.sql", "8032d37d682630917cd00f9b248d084f67f3b418e33eb41a785747f8f91a1b28"],
  ["1320_mall_free_spins.sql", "e09bdbda97280a4a59bc993ff92744bdd8d5632b3ee17c020a19263906042662"],
  ["1321_mall_free_spin_delivery.sql", "48b64a1cbd4327e5a898b4aedeebc45089973aca86b58cd91d7d2a4231c6638f"],
  ["1322_provider_free_rounds.sql", "f00b85f0ebf6ff0b65cc32492fc1b4316cf49bce0a14453540ca5958c48e0795"],
  ["1323_sportsbook_leg_unvoid_ts.sql", "4b1ac5c1f5c0cb36e97919e865fc31a680d235f6211e510dbf341d358f41996d"],
];

/** The RGS's (apps/rgs/migrations), likewise. */
export const LEGACY_RGS_MIGRATIONS: readonly (readonly [name: string, sha256: string])[] = [
  ["0001_rgs.sql", "e8abf724d8fcb961d1994cae5204e19656efd97a38c20a921ac77906da7bb03b"],
  ["0002_lottery.sql", "8a9f4a399691baf8b4be56c56076d0c287e9c52e4ce3a891129cee5f147725f7"],
  ["0003_transfer_wallet.sql", "7fb37fa001b85abc5085dabdc27105aba7a5105546c6662b68604cdeaac7aa3d"],
  ["0010_live_tables.sql", "cfbac761fa588bf95b7a1644d79fc01c30859f963b5616e5bbb787881fd64819"],
  ["0011_bingo.sql", "5f98fce6d4c8fea389501d5cc0eb226ef01ac7809f237e6f8f6f6435d35ac7e7"],
  ["0013_free_spin_grants.sql", "f47698e58042509099302970f7fc1628cf6bb58ab3976a250aa046b7696c8664"],
  ["0014_free_spin_grant_close.sql", "b04f2823674c543f616e6f5b7faaa9cde2b81a3e0dceb6037a290d9a748d40f6"],
];

/**
 * Migrate as that release's migrator did: each file in the order given, recorded in `table` with
 * the raw sha256 it shipped with — no function files, no ordering rule. A file whose statements
 * are not the ones that shipped is refused (the legacy set must stay as it was): its text must be
 * the shipped one, or one whose comments alone were edited since (`shipped`, the app's list in
 * @panalo/db-migrate/shipped-checksums).
 */
export async function applyLegacyMigrations(
  run: RunSql,
  dir: string,
  files: readonly (readonly [name: string, sha256: string])[],
  table: string,
  shipped: ShippedChecksums,
): Promise<void> {
  await run(`CREATE TABLE IF NOT EXISTS ${table} (
     name text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
  for (const [name, sha256] of files) {
    const text = readFileSync(join(dir, name), "utf8");
    if (!acceptsRecorded(sha256, name, text, shipped)) throw new Error(`legacy migration ${name} was edited`);
    for (const statement of splitStatements(text)) await run(statement);
    await run(`INSERT INTO ${table} (name, checksum) VALUES (${literal(name)}, ${literal(sha256)})`);
  }
}

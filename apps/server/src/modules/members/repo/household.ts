import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../../db/client.ts";

/** Statements of the household check: members' devices and address keys (household.ts has the rules). */

/** Keep (or refresh) a device the member used: one upsert on the primary key. */
export async function upsertMemberDevice(exec: Executor, memberId: number, deviceId: string): Promise<void> {
  await exec.execute(
    sql`INSERT INTO member_devices (member_id, device_id) VALUES (${memberId}, ${deviceId})
        ON CONFLICT (member_id, device_id) DO UPDATE SET last_seen_at = now()`,
  );
}

/** Store the member's address and its comparison key (null: cleared). */
export async function updateMemberAddress(
  exec: Executor,
  memberId: number,
  address: string | null,
  key: string | null,
): Promise<void> {
  await exec.execute(
    sql`UPDATE members SET address = ${address}, address_key = ${key} WHERE id = ${memberId}`,
  );
}

/**
 * Whether `memberId` shares a payout account number, a device or an address with another
 * member who has had a bonus. Each is one indexed lookup.
 */
export async function sharedHouseholdFlags(exec: Executor, memberId: number) {
  const [r] = await queryRows<{ payout: boolean; device: boolean; address: boolean }>(
    exec,
    sql`SELECT
      EXISTS (SELECT 1 FROM payout_account_directory mine
          JOIN payout_account_directory other ON other.provider = mine.provider
           AND other.account_number = mine.account_number AND other.member_id <> mine.member_id
         WHERE mine.member_id = ${memberId}
           AND EXISTS (SELECT 1 FROM member_bonuses b WHERE b.member_id = other.member_id)) AS payout,
      EXISTS (SELECT 1 FROM member_devices mine
          JOIN member_devices other ON other.device_id = mine.device_id AND other.member_id <> mine.member_id
         WHERE mine.member_id = ${memberId}
           AND EXISTS (SELECT 1 FROM member_bonuses b WHERE b.member_id = other.member_id)) AS device,
      EXISTS (SELECT 1 FROM members mine
          JOIN members other ON other.address_key = mine.address_key AND other.id <> mine.id
         WHERE mine.id = ${memberId} AND mine.address_key IS NOT NULL
           AND EXISTS (SELECT 1 FROM member_bonuses b WHERE b.member_id = other.id)) AS address`,
  );
  return r;
}

import { and, asc, eq, sql } from "drizzle-orm";
import type { Executor } from "../../../db/client.ts";
import { gameVendors } from "../../../db/schema/games.ts";

/** Statements of the vendors' footer logos (partner-logos.ts). */

/** Every vendor in the footer's order. */
export function vendorsInFooterOrder(exec: Executor) {
  return exec.select().from(gameVendors).orderBy(asc(gameVendors.sort), asc(gameVendors.nodeId));
}

/** Set a vendor's logos at the version the operator saw; undefined when it moved on. */
export async function setVendorLogo(
  exec: Executor,
  vassalage: string,
  input: { logo: string; logoHover: string; version: number },
) {
  const [updated] = await exec
    .update(gameVendors)
    .set({
      logo: input.logo,
      logoHover: input.logoHover,
      version: sql`${gameVendors.version} + 1`,
      updatedAt: new Date(),
    })
    .where(and(eq(gameVendors.vassalage, vassalage), eq(gameVendors.version, input.version)))
    .returning();
  return updated;
}

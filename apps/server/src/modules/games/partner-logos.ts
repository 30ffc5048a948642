import {
  AdminPartnerLogo,
  AdminPartnerLogoInput,
  type AdminPartnerLogoInput as LogoInput,
  VendorCode,
} from "@panalo/contracts/partner-logos";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Executor } from "../../db/client.ts";
import type { gameVendors } from "../../db/schema/games.ts";
import { recordAudit } from "../../lib/audit.ts";
import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import { operatorOf, requireOperator } from "../../lib/operator-guard.ts";
import { route } from "../../lib/route.ts";
import { mediaExists } from "../content/service.ts";
import { setVendorLogo, vendorsInFooterOrder } from "./repo/partner-logos.ts";
import { vendorByCode } from "./repo.ts";

const row = (v: typeof gameVendors.$inferSelect): AdminPartnerLogo => ({
  vassalage: v.vassalage,
  displayName: v.displayName,
  gameType: v.gameType,
  enabled: v.enabled,
  logo: v.logo,
  logoHover: v.logoHover,
  version: v.version,
});

export async function listPartnerLogos(exec: Executor): Promise<AdminPartnerLogo[]> {
  const rows = await vendorsInFooterOrder(exec);
  return rows.map(row);
}

/** The image behind a "/media/<id>" path exists (an upload), or the change is refused. */
async function requireStored(exec: Executor, path: string): Promise<void> {
  const id = Number(path.slice("/media/".length));
  if (!(await mediaExists(exec, id))) throw Errors.bad("MEDIA_MISSING");
}

/**
 * Sets a vendor's footer logo. Optimistic: the version the operator saw must
 * still be the vendor's, so two operators never overwrite each other unseen.
 */
export async function setPartnerLogo(
  exec: Executor,
  vassalage: string,
  input: LogoInput,
): Promise<{ before: AdminPartnerLogo; after: AdminPartnerLogo }> {
  const current = await vendorByCode(exec, vassalage);
  if (!current) throw Errors.notFound("vendor");
  if (input.logo) await requireStored(exec, input.logo);
  if (input.logoHover) await requireStored(exec, input.logoHover);
  const updated = await setVendorLogo(exec, vassalage, {
    logo: input.logo,
    // No hover image: the same logo, shown in colour on hover.
    logoHover: input.logoHover ?? input.logo,
    version: input.version,
  });
  if (!updated) throw Errors.conflict("VERSION_CONFLICT");
  return { before: row(current), after: row(updated) };
}

/** Back office → Partner logos: the vendors' footer logos. */
export async function partnerLogoAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  route(
    app,
    { method: "GET", url: "/api/admin/partner-logos", guards: [requireOperator(ctx, "content.read")] },
    async () => ({ items: z.array(AdminPartnerLogo).parse(await listPartnerLogos(ctx.db)) }),
  );
  route(
    app,
    {
      method: "PUT",
      url: "/api/admin/partner-logos/:vassalage",
      params: z.object({ vassalage: VendorCode }),
      body: AdminPartnerLogoInput,
      guards: [requireOperator(ctx, "content.write")],
    },
    async ({ params, body, req }) =>
      ctx.db.transaction(async (tx) => {
        const { before, after } = await setPartnerLogo(tx, params.vassalage, body);
        const op = operatorOf(req);
        await recordAudit(tx, {
          operatorId: op.id,
          operatorName: op.username,
          action: "update",
          entityType: "partner_logo",
          entityId: params.vassalage,
          before: { logo: before.logo, logoHover: before.logoHover },
          after: { logo: after.logo, logoHover: after.logoHover },
          ip: req.ip,
        });
        return after;
      }),
  );
}

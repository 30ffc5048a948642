import { z } from "zod";

/**
 * The footer's partner logos (spec §2 footer, §9): the in-house vendors come
 * with drawn logos; the operator uploads the others (POST /api/admin/media, then this call).
 * A logo is an image stored on the platform ("/media/<id>"), served like the banners' images.
 */
export const MediaPath = z.string().regex(/^\/media\/[1-9]\d{0,9}$/, "media_path");

/** GET /api/admin/partner-logos: one row per vendor. */
export const AdminPartnerLogo = z.object({
  vassalage: z.string(),
  displayName: z.string(),
  gameType: z.string(),
  enabled: z.boolean(),
  logo: z.string(),
  logoHover: z.string(),
  version: z.number().int(),
});
export type AdminPartnerLogo = z.infer<typeof AdminPartnerLogo>;

/**
 * PUT /api/admin/partner-logos/:vassalage: the logo, and the one shown on hover (null: the
 * same logo in colour; the site greys the resting one). An empty logo shows the vendor's name.
 */
export const AdminPartnerLogoInput = z.strictObject({
  logo: z.union([MediaPath, z.literal("")]),
  logoHover: MediaPath.nullable(),
  version: z.number().int().min(1).max(2_147_483_647),
});
export type AdminPartnerLogoInput = z.infer<typeof AdminPartnerLogoInput>;

export const VendorCode = z.string().regex(/^[A-Za-z0-9_]{1,40}$/);

import { z } from "zod";
import { GameCategory } from "./content.ts";
import { LangCodes } from "./envelope.ts";
import { INT4_MAX, intInput } from "./input.ts";

/**
 * The games catalogue in the back office: vendors and games on or off, their
 * order, hot flags, images, categories and names in each language. Under /api/admin/games.
 */

/** An image: uploaded (POST /api/admin/media answers a /media/… path) or an https:// address. */
export const CatalogImage = z
  .string()
  .trim()
  .max(500)
  .regex(/^(\/media\/[A-Za-z0-9._/-]+|https:\/\/[^\s"'<>\\]+)$/, "image_invalid");

const Sort = intInput(0, 100_000);
const Version = intInput(1, INT4_MAX);

/** PUT /api/admin/games/vendors/:nodeId */
export const VendorUpdate = z.object({
  displayName: z.string().trim().min(1).max(60),
  enabled: z.boolean(),
  isHot: z.boolean(),
  sort: Sort,
  smallIcon: CatalogImage,
  logo: CatalogImage,
  logoHover: CatalogImage,
  version: Version,
});
export type VendorUpdate = z.infer<typeof VendorUpdate>;

/** A game's name per language: every language may be set; English or Filipino at least. */
export const GameNamesInput = z
  .object(Object.fromEntries(LangCodes.map((l) => [l, z.string().trim().max(80).optional()])))
  .refine((n) => Boolean(n.EN || n.TY), { path: ["EN"], message: "name_required" });

/** PUT /api/admin/games/:nodeId */
export const GameUpdate = z.object({
  names: GameNamesInput,
  gameType: GameCategory,
  gameClassify: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,30}$/),
  thumbnail: CatalogImage,
  enabled: z.boolean(),
  isHot: z.boolean(),
  sort: Sort,
  version: Version,
});
export type GameUpdate = z.infer<typeof GameUpdate>;

/**
 * POST /api/admin/games: a game added by hand to a vendor's catalogue (a provider's new title
 * before its catalogue sync, an in-house one). The category is the vendor's unless given; the
 * game code is the provider's id of the game, unique within the vendor.
 */
export const GameCreate = z.object({
  vendor: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_]{1,30}$/, "vendor_invalid"),
  gameCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.:-]{1,60}$/, "game_code_invalid"),
  names: GameNamesInput,
  gameType: GameCategory,
  gameClassify: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,30}$/, "game_classify_invalid"),
  thumbnail: CatalogImage.or(z.literal("")).default(""),
  /** The smallest stake, as the games list shows it (pesos, "1.00"). */
  minBet: z
    .string()
    .trim()
    .regex(/^\d{1,9}(\.\d{1,2})?$/, "amount_invalid")
    .default("1.00"),
  isHot: z.boolean().default(false),
  enabled: z.boolean().default(true),
});
export type GameCreate = z.infer<typeof GameCreate>;

/** GET /api/admin/games */
export const GameListQuery = z.object({
  vendor: z
    .string()
    .regex(/^[A-Za-z0-9_]{1,30}$/)
    .optional(),
  gameType: GameCategory.optional(),
  q: z.string().trim().max(60).optional(),
  enabled: z.enum(["true", "false"]).optional(),
  page: intInput(1, 10_000).default(1),
  pageSize: intInput(1, 100).default(50),
});

export const AdminVendor = z.object({
  nodeId: z.number().int(),
  vassalage: z.string(),
  gameType: GameCategory,
  displayName: z.string(),
  smallIcon: z.string(),
  logo: z.string(),
  logoHover: z.string(),
  isHot: z.boolean(),
  enabled: z.boolean(),
  sort: z.number().int(),
  version: z.number().int(),
  games: z.number().int(),
  enabledGames: z.number().int(),
});
export type AdminVendor = z.infer<typeof AdminVendor>;

export const AdminGame = z.object({
  nodeId: z.number().int(),
  vendor: z.string(),
  gameCode: z.string(),
  gameType: GameCategory,
  gameClassify: z.string(),
  names: z.record(z.string(), z.string()),
  thumbnail: z.string(),
  isHot: z.boolean(),
  enabled: z.boolean(),
  sort: z.number().int(),
  version: z.number().int(),
});
export type AdminGame = z.infer<typeof AdminGame>;
export const AdminGamePage = z.object({ items: z.array(AdminGame), total: z.number().int() });

import { z } from "zod";
import { LocalizedText } from "./envelope.ts";
import { Id, INT4_MAX, intInput } from "./input.ts";
import { amountText } from "./money.ts";

/**
 * Promotions (spec §2 /promotions and /promoDetail, §4 activity statuses,
 * §5 activity application). Player calls under /wps/promotions, back-office calls under
 * /api/admin/promotions. Amounts travel as decimal strings ("100.00").
 */
export const PromotionTypes = [
  "welcome",
  "deposit",
  "daily",
  "rebate",
  "raffle",
  "event",
  "vip",
  "other",
] as const;
export const PromotionType = z.enum(PromotionTypes);
export type PromotionType = z.infer<typeof PromotionType>;

export const Audiences = ["everyone", "new", "vip", "team"] as const;
export const Audience = z.enum(Audiences);
export type Audience = z.infer<typeof Audience>;

export const Participations = ["automatic", "join", "apply", "claim"] as const;
export const Participation = z.enum(Participations);
export type Participation = z.infer<typeof Participation>;

export const RewardKinds = ["none", "cash", "bonus"] as const;
export const RewardKind = z.enum(RewardKinds);

/** spec §4 activity statuses, as the player sees them on a promotion. */
export const ActivityStatuses = [
  "join",
  "claim",
  "applying",
  "close",
  "rejected",
  "issued",
  "claimed",
  "process",
  "joined",
  "coming soon",
] as const;
export const ActivityStatus = z.enum(ActivityStatuses);
export type ActivityStatus = z.infer<typeof ActivityStatus>;

/** What the player may do now: join, apply (remark + images), claim, or nothing. */
export const PromotionAction = z.enum(["join", "apply", "claim", "none"]);
export type PromotionAction = z.infer<typeof PromotionAction>;

/** spec §5: remark up to 140 characters; png or jpg images, 5 MB each, at most 3. */
export const APPLICATION_REMARK_MAX = 140;
export const APPLICATION_IMAGES_MAX = 3;
export const APPLICATION_IMAGE_BYTES = 5 * 1024 * 1024;

const isoDate = z.iso.datetime({ offset: true });

/** One promotion on /promotions (texts already in the caller's language). */
export const PromotionCard = z.object({
  id: z.number().int(),
  type: PromotionType,
  title: z.string(),
  bannerUrl: z.string().nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  participation: Participation,
  /** "100.00" or null when the promotion gives no reward. */
  rewardAmount: z.string().nullable(),
  rewardKind: RewardKind,
  status: ActivityStatus,
  action: PromotionAction,
});
export type PromotionCard = z.infer<typeof PromotionCard>;

/** GET /wps/promotions?type= (O; with a token, each card carries the member's own status). */
export const PromotionListQuery = z.object({ type: PromotionType.optional() });
export const PromotionList = z.object({ list: z.array(PromotionCard) });

/** GET /wps/promotions/:id (O): one promotion, its sanitised HTML body, and what it allows. */
export const PromotionDetail = PromotionCard.extend({
  body: z.string(),
  /** Why the member may not take part (a message in the caller's language), or null. */
  notEligible: z.string().nullable(),
  /** The member's application, when there is one. */
  application: z
    .object({ remark: z.string().nullable(), images: z.array(z.string()), reason: z.string().nullable() })
    .nullable(),
});
export type PromotionDetail = z.infer<typeof PromotionDetail>;

/** GET /wps/promotions/available (T): spec §3 client state "available promo count". */
export const AvailablePromotions = z.object({ count: z.number().int() });

/** POST /wps/promotions/:id/apply (T): remark ≤ 140, 1 to 3 own uploads (POST /wps/member/upload). */
export const PromotionApplyRequest = z.object({
  remark: z.string().trim().max(APPLICATION_REMARK_MAX, "remark_too_long"),
  images: z
    .array(z.string().max(200))
    .min(1, "images_required")
    .max(APPLICATION_IMAGES_MAX, "images_too_many"),
});
export type PromotionApplyRequest = z.infer<typeof PromotionApplyRequest>;

/** POST /wps/promotions/:id/join | /claim | /apply answer: the member's new status. */
export const PromotionTakePart = z.object({ status: ActivityStatus, rewardId: z.number().int().nullable() });

// ---------- back office ----------

/** GET/POST /api/admin/promotions, PUT/DELETE /api/admin/promotions/:id (same verbs as notices). */
export const AdminPromotionInput = z.object({
  type: PromotionType,
  title: LocalizedText,
  bannerUrl: z.string().max(500).nullable(),
  /** HTML; sanitised by the server on save, as notices are. */
  body: LocalizedText,
  audience: Audience,
  newWithinDays: intInput(1, 3650).nullable(),
  vipLevels: z.array(intInput(0, 100)).max(101),
  agentIds: z.array(Id).max(200),
  participation: Participation,
  rewardKind: RewardKind,
  /** "0.00" with rewardKind none. */
  rewardAmount: amountText({ allowZero: true }),
  bonusRuleId: intInput(1, INT4_MAX).nullable(),
  startsAt: isoDate.nullable(),
  endsAt: isoDate.nullable(),
  sortOrder: z.number().int().min(0).max(100000),
  enabled: z.boolean(),
});
export type AdminPromotionInput = z.infer<typeof AdminPromotionInput>;
export const AdminPromotion = AdminPromotionInput.extend({
  id: z.number().int(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type AdminPromotion = z.infer<typeof AdminPromotion>;

export const ApplicationStates = ["applying", "approved", "rejected"] as const;
/** GET /api/admin/promotions/applications?state=&promotionId=&page= : the review queue, oldest first. */
export const AdminApplicationQuery = z.object({
  state: z.enum(ApplicationStates).default("applying"),
  promotionId: Id.optional(),
  page: intInput(1, 100_000).default(1),
});
export const AdminApplication = z.object({
  id: z.number().int(),
  promotionId: z.number().int(),
  promotionTitle: z.string(),
  memberId: z.number().int(),
  username: z.string(),
  state: z.enum(ApplicationStates),
  remark: z.string().nullable(),
  /** Back-office addresses of the images (/api/admin/promotions/uploads/<id>). */
  images: z.array(z.string()),
  reason: z.string().nullable(),
  createdAt: z.string(),
  /** Seconds the application has waited (or waited until its review). */
  ageSeconds: z.number().int(),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
});
export type AdminApplication = z.infer<typeof AdminApplication>;
export const AdminApplicationPage = z.object({
  list: z.array(AdminApplication),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** POST /api/admin/promotions/applications/:id/approve | /reject ({ reason } required to reject). */
export const AdminApplicationReject = z.object({
  reason: z.string().trim().min(1, "reason_required").max(500),
});

/** GET /api/admin/promotions/report (per promotion) and /report/export (CSV, streamed). */
export const AdminPromotionReportRow = z.object({
  promotionId: z.number().int(),
  title: z.string(),
  type: PromotionType,
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  /** Participants (entries of any state except rejected). */
  players: z.number().int(),
  /** Rewards claimed in the reward centre ("0.00"). */
  cost: z.string(),
  /** Rewards offered, claimed or not. */
  offered: z.string(),
  /** Valid bets of the participants during the promotion period ("0.00"). */
  turnover: z.string(),
});
export type AdminPromotionReportRow = z.infer<typeof AdminPromotionReportRow>;
export const AdminPromotionReport = z.object({ list: z.array(AdminPromotionReportRow) });

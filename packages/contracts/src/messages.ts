import { z } from "zod";
import { LangCode, LangCodes } from "./envelope.ts";
import { BigId, intInput, PageNo } from "./input.ts";

/**
 * Platform messages to members (spec §2 member centre page messageV2 and its
 * unread badge, §7 `CSP_unreadCount`) and feedback (spec §5 "feedback up to 140
 * characters", §7 `/wps/feedback`). Texts are plain text: the site and the back office show
 * them as text, never as HTML.
 */

/** Plain text: any character but control characters (a newline and a tab are allowed in bodies). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/;
const plain = (max: number, allowNewlines: boolean) =>
  z
    .string()
    .trim()
    .min(1, "required")
    .max(max, "too_long")
    .refine((s) => !CONTROL.test(s) && (allowNewlines || !/[\n\t]/.test(s)), "control_char");

export const MESSAGE_TITLE_MAX = 100;
export const MESSAGE_BODY_MAX = 2000;
export const MessageText = z.strictObject({
  title: plain(MESSAGE_TITLE_MAX, false),
  body: plain(MESSAGE_BODY_MAX, true),
});
/** One text per site language the operator wrote; at least one. The member reads theirs (fallback EN, TY). */
export const MessageTexts = z
  .partialRecord(LangCode, MessageText)
  .refine((t) => Object.values(t).some(Boolean), "one_language_needed");
export type MessageTexts = z.infer<typeof MessageTexts>;

// ---------- The member's side ----------

/** GET /wps/messages */
export const MessageListQuery = z.strictObject({
  tab: z.enum(["all", "unread"]).default("all"),
  pageNo: PageNo.default(1),
});
export interface MemberMessage {
  id: number;
  title: string;
  body: string;
  /** service (a deposit, a withdrawal, a reply…) or marketing (promotions). */
  category: "service" | "marketing";
  /** The event that wrote it ("deposit.credited", …), or null for an operator's message. */
  kind: string | null;
  createdAt: string;
  read: boolean;
}
export interface MessageList {
  list: MemberMessage[];
  totalPages: number;
  unread: number;
}
/** GET /wps/relay/CSP_unreadCount (spec §7; the client state's unreadMessage). */
export interface UnreadCount {
  count: number;
}
/** POST /wps/messages/read: the given messages, or all of them. */
export const MessageReadRequest = z.union([
  z.strictObject({ ids: z.array(BigId).min(1).max(100) }),
  z.strictObject({ all: z.literal(true) }),
]);
/** POST /wps/messages/delete */
export const MessageDeleteRequest = z.strictObject({ ids: z.array(BigId).min(1).max(100) });
export interface MessageMarkResult {
  /** Messages of this member that changed. */
  changed: number;
  unread: number;
}

// ---------- Feedback (spec §5, §7 /wps/feedback) ----------

export const FEEDBACK_MAX = 140;
/** PUT /wps/feedback: open (spec §7 "O"); a screenshot only from a signed-in member's own upload. */
export const FeedbackRequest = z.strictObject({
  content: plain(FEEDBACK_MAX, true),
  screenshotUrl: z
    .string()
    .regex(/^\/wps\/member\/uploads\/[0-9a-f]{32,64}$/, "upload_url")
    .optional(),
  /** The site page it was sent from ("/games/rng"). */
  page: z
    .string()
    .max(200)
    .regex(/^\/[^\s\\]*$/, "link_invalid")
    .optional(),
});
export interface FeedbackSent {
  id: number;
}

// ---------- Back office ----------

export const FEEDBACK_STATES = ["new", "replied", "closed"] as const;
export const AdminFeedbackQuery = z.strictObject({
  state: z.enum(FEEDBACK_STATES).default("new"),
  page: PageNo.default(1),
});
export const AdminFeedbackItem = z.object({
  id: z.number(),
  memberId: z.number().nullable(),
  username: z.string().nullable(),
  content: z.string(),
  page: z.string().nullable(),
  lang: z.string(),
  /** The back office's own permission-checked address of the screenshot. */
  screenshot: z.string().nullable(),
  state: z.enum(FEEDBACK_STATES),
  reply: z.string().nullable(),
  repliedBy: z.string().nullable(),
  repliedAt: z.string().nullable(),
  createdAt: z.string(),
  ageSeconds: z.number(),
});
export const AdminFeedbackPage = z.object({
  list: z.array(AdminFeedbackItem),
  total: z.number(),
  pageSize: z.number(),
});
export const AdminFeedbackReply = z.strictObject({ reply: plain(1000, true) });

/**
 * Who a segment message goes to: every filter given must hold. Resolved at
 * send time into recipient rows in one set-based insert.
 */
export const Segment = z.strictObject({
  accountType: z.enum(["any", "player", "agent"]).default("any"),
  /** Registered on or after / on or before these Manila days (yyyy-MM-dd). */
  registeredFrom: z.iso.date().optional(),
  registeredTo: z.iso.date().optional(),
  /** Had a credited deposit in the last N days. */
  depositedWithinDays: intInput(1, 3650).optional(),
  neverDeposited: z.boolean().optional(),
  languages: z.array(z.enum(LangCodes)).min(1).max(7).optional(),
  /** Everyone below this agent in the tree. */
  underAgentId: BigId.optional(),
  /** VIP levels (every member is level 0 until a VIP condition is registered for segments). */
  vipLevels: z.array(intInput(0, 100)).min(1).max(50).optional(),
});
export type Segment = z.infer<typeof Segment>;

export const AdminMessageSend = z.discriminatedUnion("audience", [
  z.strictObject({
    audience: z.literal("member"),
    username: z.string().trim().min(1).max(40),
    texts: MessageTexts,
  }),
  z.strictObject({
    audience: z.literal("segment"),
    segment: Segment,
    marketing: z.boolean().default(false),
    texts: MessageTexts,
  }),
  z.strictObject({
    audience: z.literal("everyone"),
    marketing: z.boolean().default(false),
    texts: MessageTexts,
  }),
]);
export type AdminMessageSend = z.infer<typeof AdminMessageSend>;
export const AdminSegmentPreview = z.strictObject({
  audience: z.enum(["segment", "everyone"]),
  segment: Segment.optional(),
});
export const AdminMessageSent = z.object({ id: z.number(), recipients: z.number() });
export const AdminSegmentCount = z.object({ count: z.number() });

export const AdminMessageListQuery = z.strictObject({ page: PageNo.default(1) });
export const AdminMessageItem = z.object({
  id: z.number(),
  audience: z.enum(["member", "segment", "everyone"]),
  category: z.enum(["service", "marketing"]),
  title: z.string(),
  languages: z.array(z.string()),
  /** Who it went to: the member's name, or the segment's filters in words. */
  target: z.string(),
  recipients: z.number(),
  reads: z.number(),
  deletes: z.number(),
  sentBy: z.string().nullable(),
  createdAt: z.string(),
});
export const AdminMessagePage = z.object({
  list: z.array(AdminMessageItem),
  total: z.number(),
  pageSize: z.number(),
});
export const MessageIdParams = z.object({ id: BigId });

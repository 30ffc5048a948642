import { z } from "zod";

/** Customer-service chat (spec §2 chat window, §3 chatUrl and unReadCount, §4, §6, §7). */
export const ChatLangs = ["TY", "EN", "CN", "VI", "TH", "ID", "JA"] as const;
export const ChatTeam = z.enum(["general", "vip"]);
export type ChatTeam = z.infer<typeof ChatTeam>;

/** A text in every language the site speaks. */
export const ChatTexts = z.object(
  Object.fromEntries(ChatLangs.map((l) => [l, z.string().trim().max(1000)])) as Record<
    (typeof ChatLangs)[number],
    z.ZodString
  >,
);
export type ChatTexts = z.infer<typeof ChatTexts>;

export const ChatMessage = z.object({
  conversationId: z.number(),
  seq: z.number(),
  sender: z.enum(["member", "operator", "system"]),
  operatorName: z.string().nullable(),
  body: z.string(),
  imageId: z.string().nullable(),
  clientId: z.string().nullable(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

/** A sender's own id for one message: a retry with the same id is the same message. */
export const ChatClientId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, "client_id");
export const ChatImageId = z.string().regex(/^[0-9a-f]{32}$/, "image_id");

export const ChatSendBody = z
  .object({
    clientId: ChatClientId,
    body: z.string().trim().max(2000).default(""),
    imageId: ChatImageId.optional(),
  })
  .refine((b) => b.body.length > 0 || b.imageId !== undefined, { message: "empty", path: ["body"] });
export type ChatSendBody = z.infer<typeof ChatSendBody>;

export const ChatReadBody = z.object({ seq: z.number().int().min(0).max(2_000_000_000) });
export const ChatAfterQuery = z.object({
  after: z.coerce.number().int().min(0).max(2_000_000_000).optional(),
});

/** The chat URL call (spec §7): b2c, title, language, headerColor; answers chatUrl. */
export const ChatUrlQuery = z.object({
  b2c: z.string().max(4).optional(),
  title: z.string().max(100).optional(),
  language: z.enum(["TY", "EN", "CN", "VI", "TH", "ID", "JA"]).optional(),
  headerColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{3,8}$/)
    .optional(),
});
export interface ChatUrlValue {
  chatUrl: string;
  /** inhouse: the site's own chat window; outside: the operator's chat page; help: the help centre. */
  mode: "inhouse" | "outside" | "help";
}

/**
 * The customer-service channels a member is offered (the spec's CBS_modelList): the general
 * team's chat, and the VIP service when the operator set one. `current` marks the one the chat
 * URL call opens for this member; `available` is false for the VIP channel below its level.
 */
export interface ChatModel {
  model: "general" | "vip";
  mode: ChatUrlValue["mode"];
  chatUrl: string;
  available: boolean;
  current: boolean;
}
export interface ChatModelListValue {
  list: ChatModel[];
}

export interface ChatConversationValue {
  conversation: {
    id: number;
    status: "open" | "closed";
    team: ChatTeam;
    operatorName: string | null;
    lastSeq: number;
    memberReadSeq: number;
    operatorReadSeq: number;
  } | null;
  messages: ChatMessage[];
  /** Inside business hours now. */
  open: boolean;
  awayMessage: string;
}

export const BusinessDay = z.object({
  day: z.number().int().min(0).max(6),
  open: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
  close: z.string().regex(/^([01]\d|2[0-4]):[0-5]\d$/),
});
export const ChatSettings = z.object({
  /** Minutes east of UTC the hours are in (Manila: 480). */
  utcOffsetMinutes: z.number().int().min(-720).max(840),
  /** Opening hours by weekday (0 Sunday); a day with no entry is closed. */
  hours: z.array(BusinessDay).max(21),
  away: ChatTexts,
});
export type ChatSettings = z.infer<typeof ChatSettings>;

export const CannedReplyBody = z.object({ title: z.string().trim().min(1).max(100), texts: ChatTexts });
export type CannedReplyBody = z.infer<typeof CannedReplyBody>;
export interface CannedReply extends CannedReplyBody {
  id: number;
}

export const ChatOperatorBody = z.object({
  team: ChatTeam,
  maxOpen: z.number().int().min(1).max(100),
});
export const ChatAvailableBody = z.object({ available: z.boolean() });
export const ChatTransferBody = z.object({ operatorId: z.number().int().min(1) });
export const ChatListQuery = z.object({ scope: z.enum(["queue", "mine", "open", "closed"]).default("mine") });

export interface AdminConversationRow {
  id: number;
  memberId: number;
  username: string;
  team: ChatTeam;
  status: "open" | "closed";
  operatorId: number | null;
  operatorName: string | null;
  lastSeq: number;
  unread: number;
  lastBody: string;
  updatedAt: string;
}

export interface ChatOperatorRow {
  id: number;
  username: string;
  available: boolean;
  team: ChatTeam;
  maxOpen: number;
  open: number;
}

/** A deposit or a withdrawal as the chat console shows it: amount, state, when. */
export const ChatMoneyLine = z.object({
  id: z.number(),
  /** Decimal text in the member's currency ("1,234.50" is the UI's job; this is "1234.50"). */
  amount: z.string(),
  currency: z.string(),
  status: z.string(),
  /** Still waiting for a decision (a deposit pending or awaiting payment, a withdrawal pending). */
  open: z.boolean(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type ChatMoneyLine = z.infer<typeof ChatMoneyLine>;

/**
 * GET /api/admin/chat/conversations/:id/member: the member beside a conversation. The call needs
 * `chat.operate`; each part is there only when the operator's role would show the same facts on
 * the player page (`player`: players.read; `money` and `rounds`: finance.read), null otherwise, so
 * the console never shows an operator more than the player page would.
 */
export const ChatMemberPanel = z.object({
  memberId: z.number(),
  username: z.string(),
  /** The member's language: the canned replies are offered in it. */
  language: z.string(),
  player: z
    .object({
      nickname: z.string().nullable(),
      currency: z.string(),
      status: z.string(),
      isAgent: z.number(),
      vipLevel: z.number(),
      createdAt: z.string(),
      lastLoginAt: z.string().nullable(),
      kyc: z.object({
        status: z.string(),
        verifiedAt: z.string().nullable(),
        realNameVerified: z.boolean(),
      }),
      limits: z.object({
        /** The limits the member set (or has a change waiting for), with what the period used. */
        set: z.array(
          z.object({
            kind: z.string(),
            period: z.string(),
            amount: z.string().nullable(),
            used: z.string(),
            pendingAmount: z.string().nullable(),
          }),
        ),
        sessionMinutes: z.number().nullable(),
        blocked: z.object({ kind: z.string(), until: z.string() }).nullable(),
      }),
    })
    .nullable(),
  money: z
    .object({
      currencySymbol: z.string(),
      sumBalance: z.string(),
      main: z.string(),
      bonus: z.string(),
      /** Held for pending withdrawals. */
      held: z.string(),
      deposits: z.array(ChatMoneyLine),
      withdrawals: z.array(ChatMoneyLine),
      /** The latest ledger entries on the member's accounts, newest first. */
      ledger: z.array(
        z.object({
          id: z.number(),
          account: z.string(),
          type: z.string(),
          amount: z.string(),
          /** Null on an account whose entries keep no running balance (the house's). */
          balanceAfter: z.string().nullable(),
          createdAt: z.string(),
        }),
      ),
    })
    .nullable(),
  rounds: z
    .array(
      z.object({ game: z.string(), roundId: z.string(), bet: z.string(), net: z.string(), at: z.string() }),
    )
    .nullable(),
});
export type ChatMemberPanel = z.infer<typeof ChatMemberPanel>;

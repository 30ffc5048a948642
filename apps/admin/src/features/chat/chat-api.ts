import { ChatMessage, ChatSettings, ChatTeam, ChatTexts } from "@panalo/contracts/chat";
import { z } from "zod";

/** The support console's calls (server: modules/chat/admin-routes.ts). */
export const Me = z.object({
  id: z.number(),
  username: z.string(),
  available: z.boolean(),
  team: ChatTeam,
  maxOpen: z.number(),
});
export const ConversationRow = z.object({
  id: z.number(),
  memberId: z.number(),
  username: z.string(),
  team: ChatTeam,
  status: z.enum(["open", "closed"]),
  operatorId: z.number().nullable(),
  operatorName: z.string().nullable(),
  lastSeq: z.number(),
  unread: z.number(),
  lastBody: z.string(),
  updatedAt: z.string(),
});
export type ConversationRow = z.infer<typeof ConversationRow>;
export const ConversationList = z.object({ items: z.array(ConversationRow) });
export const Conversation = z.object({
  id: z.number(),
  memberId: z.number(),
  team: ChatTeam,
  status: z.enum(["open", "closed"]),
  operatorId: z.number().nullable(),
  operatorName: z.string().nullable(),
  lastSeq: z.number(),
  memberReadSeq: z.number(),
  operatorReadSeq: z.number(),
});
export const MessagesValue = z.object({ conversation: Conversation, messages: z.array(ChatMessage) });
export const OperatorList = z.object({
  items: z.array(
    z.object({
      id: z.number(),
      username: z.string(),
      available: z.boolean(),
      team: ChatTeam,
      maxOpen: z.number(),
      open: z.number(),
    }),
  ),
});
export const CannedList = z.object({
  items: z.array(z.object({ id: z.number(), title: z.string(), texts: ChatTexts })),
});
export type Canned = z.infer<typeof CannedList>["items"][number];
export { ChatMessage, ChatSettings };
export const Ok = z.unknown();

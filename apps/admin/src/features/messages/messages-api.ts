import {
  AdminFeedbackPage,
  AdminMessagePage,
  type AdminMessageSend,
  AdminMessageSent,
  AdminSegmentCount,
  type FEEDBACK_STATES,
  type Segment,
} from "@panalo/contracts/messages";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../lib/api.ts";

/** The message composer, the sent list and the feedback queue. */
export type FeedbackState = (typeof FEEDBACK_STATES)[number];

export function useSentMessages(page: number) {
  return useQuery({
    queryKey: ["messages-sent", page],
    queryFn: ({ signal }) => api.get(`/messages?page=${page}`, AdminMessagePage, signal),
    placeholderData: keepPreviousData,
  });
}

export const previewCount = (input: { audience: "segment" | "everyone"; segment?: Segment }) =>
  api.post("/messages/preview", input, AdminSegmentCount);

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminMessageSend) => api.post("/messages", input, AdminMessageSent),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["messages-sent"] }),
  });
}

export function useFeedback(state: FeedbackState, page: number) {
  return useQuery({
    queryKey: ["feedback", state, page],
    queryFn: ({ signal }) => api.get(`/feedback?state=${state}&page=${page}`, AdminFeedbackPage, signal),
    placeholderData: keepPreviousData,
  });
}

const Decided = z.object({ id: z.number(), state: z.string() });

export function useFeedbackAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; reply: string } | { id: number; close: true }) =>
      "reply" in input
        ? api.post(`/feedback/${input.id}/reply`, { reply: input.reply }, Decided)
        : api.post(`/feedback/${input.id}/close`, {}, Decided),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["feedback"] }),
  });
}

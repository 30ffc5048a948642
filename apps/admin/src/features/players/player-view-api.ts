import { BetRecordValue } from "@panalo/contracts/betting-record";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../lib/api.ts";
import { t } from "../../lib/i18n.ts";

/** The player page's own calls: notes, identity and limits, latest rounds. */
const key = (id: number) => ["players", "view", id] as const;

export const PlayerNote = z.object({
  id: z.number().int(),
  body: z.string(),
  operatorName: z.string(),
  createdAt: z.string(),
});
export type PlayerNote = z.infer<typeof PlayerNote>;

export const NoteInput = z.object({
  body: z
    .string()
    .trim()
    .min(1, { error: () => t("playerNote.err.empty") })
    .max(2000, { error: () => t("form.err.maxChars", { n: "2,000" }) }),
});

export const PlayerProfile = z.object({
  kyc: z.object({
    realName: z.string().nullable(),
    realNameVerified: z.boolean(),
    mobile: z.string().nullable(),
    email: z.string().nullable(),
    birthday: z.string().nullable(),
    payoutAccounts: z.number().int(),
    signInProviders: z.array(z.string()),
    // The KYC state and its latest case.
    status: z.enum(["none", "pending", "more_info", "verified", "rejected"]),
    verifiedAt: z.string().nullable(),
    latestCase: z
      .object({
        id: z.number().int(),
        status: z.string(),
        reason: z.string().nullable(),
        createdAt: z.string(),
      })
      .passthrough()
      .nullable(),
  }),
  profile: z.object({
    nickname: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    fullName: z.string().nullable(),
    nationality: z.string().nullable(),
    address: z.string().nullable(),
    occupation: z.string().nullable(),
    incomeSource: z.string().nullable(),
    birthPlace: z.string().nullable(),
    contacts: z.record(z.string(), z.string()),
    totpEnabled: z.boolean(),
  }),
  limits: z.object({
    withdrawalMin: z.string(),
    withdrawalMax: z.string(),
    txPasswordSet: z.boolean(),
    txPasswordLockedUntil: z.string().nullable(),
    loginLockedUntil: z.string().nullable(),
  }),
  upline: z.object({ id: z.number().int(), username: z.string() }).nullable(),
});
export type PlayerProfile = z.infer<typeof PlayerProfile>;

export function usePlayerNotes(id: number) {
  return useQuery({
    queryKey: [...key(id), "notes"],
    queryFn: ({ signal }) =>
      api.get(`/players/${id}/notes`, z.object({ items: z.array(PlayerNote) }), signal),
    select: (v) => v.items,
  });
}

export function useAddNote(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => api.post(`/players/${id}/notes`, { body }, PlayerNote),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...key(id), "notes"] }),
  });
}

export function usePlayerProfile(id: number) {
  return useQuery({
    queryKey: [...key(id), "profile"],
    queryFn: ({ signal }) => api.get(`/players/${id}/profile`, PlayerProfile, signal),
    staleTime: 0,
  });
}

export function usePlayerRounds(id: number, enabled: boolean) {
  return useQuery({
    queryKey: [...key(id), "rounds"],
    queryFn: ({ signal }) => api.get(`/players/${id}/rounds`, BetRecordValue, signal),
    enabled,
    staleTime: 0,
  });
}

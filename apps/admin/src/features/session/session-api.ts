import { type AdminLoginRequest, AdminPasswordChange, OperatorSelf } from "@panalo/contracts/admin";
import type { Permission } from "@panalo/contracts/admin-roles";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { ApiError, api, apiRequest } from "../../lib/api.ts";
import { t } from "../../lib/i18n.ts";

export const sessionKey = ["session"] as const;

/** The signed-in operator, or null when there is no session (401 is an answer here, not an error). */
async function fetchSession(signal: AbortSignal): Promise<OperatorSelf | null> {
  try {
    return await apiRequest("GET", "/session", OperatorSelf, { signal, redirectOn401: false });
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

export function useSession() {
  return useQuery({
    queryKey: sessionKey,
    queryFn: ({ signal }) => fetchSession(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function can(operator: OperatorSelf, permission: Permission): boolean {
  return operator.permissions.includes(permission);
}

export type LoginInput = z.infer<typeof AdminLoginRequest>;

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) =>
      apiRequest("POST", "/session", OperatorSelf, { body: input, redirectOn401: false }),
    onSuccess: (self) => {
      // Nothing cached under another operator may leak into this session.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKey[0] });
      queryClient.setQueryData(sessionKey, self);
    },
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete("/session", z.unknown()),
    onSettled: () => {
      queryClient.clear();
      queryClient.setQueryData(sessionKey, null);
    },
  });
}

export const PasswordChangeForm = AdminPasswordChange.extend({ confirmPassword: z.string() }).refine(
  (v) => v.newPassword === v.confirmPassword,
  { path: ["confirmPassword"], error: () => t("password.err.differ") },
);
export type PasswordChangeForm = z.infer<typeof PasswordChangeForm>;

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ oldPassword, newPassword }: PasswordChangeForm) =>
      api.post("/session/password", { oldPassword, newPassword }, OperatorSelf),
    onSuccess: (self) => queryClient.setQueryData(sessionKey, self),
  });
}

import { type OperatorCreate, OperatorRow, type OperatorUpdate } from "@panalo/contracts/admin";
import { RoleRow } from "@panalo/contracts/admin-roles";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../lib/api.ts";
import { t } from "../../lib/i18n.ts";

export type Operator = z.infer<typeof OperatorRow>;
export type OperatorCreateInput = z.infer<typeof OperatorCreate>;
export type OperatorUpdateInput = z.infer<typeof OperatorUpdate>;

/** POST /api/admin/operators answers the new account with its credentials, shown exactly once. */
export const OperatorCreated = z.object({
  operator: OperatorRow,
  password: z.string(),
  totpSecret: z.string(),
  otpauthUrl: z.string(),
});
export type OperatorCreated = z.infer<typeof OperatorCreated>;

const operatorsKey = ["operators"] as const;

export function useOperators() {
  return useQuery({
    queryKey: operatorsKey,
    queryFn: ({ signal }) => api.get("/operators", z.array(OperatorRow), signal),
  });
}

export function useCreateOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OperatorCreateInput) => api.post("/operators", input, OperatorCreated),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorsKey }),
  });
}

export function useUpdateOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: OperatorUpdateInput }) =>
      api.put(`/operators/${id}`, input, OperatorRow),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorsKey }),
  });
}

const rolesKey = ["roles"] as const;

/** The roles stored on the server (the owner shapes them on the Roles page). */
export function useRoles() {
  return useQuery({
    queryKey: rolesKey,
    queryFn: ({ signal }) => api.get("/roles", z.array(RoleRow), signal),
  });
}

/** The role select's options: name and label, the permissions counted. */
export function roleOptions(roles: readonly RoleRow[] | undefined, current?: string) {
  const list = roles ?? [];
  const options = list.map((r) => ({
    value: r.name,
    label: r.fixed
      ? t("roles.optionOwner", { label: r.label })
      : t("roles.optionCount", { label: r.label, count: r.permissions.length }),
  }));
  // While the list loads, the operator's own role is still shown.
  if (current && !list.some((r) => r.name === current)) options.unshift({ value: current, label: current });
  return options;
}

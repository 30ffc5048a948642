import { type OperatorCreate, OperatorRow, type OperatorUpdate } from "@panalo/contracts/admin";
import { type Role, Roles } from "@panalo/contracts/admin-roles";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../lib/api.ts";

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

export const ROLE_SUMMARIES: Record<Role, string> = {
  owner: "Everything, including operators",
  finance: "Finance and players; reads audit and system",
  support: "Players; reads content and system",
  content: "Writes content; reads system",
  marketing: "Marketing and content; reads system",
  auditor: "Reads everything; changes nothing",
};

export function roleOptions() {
  return Roles.map((r) => ({ value: r, label: `${r} — ${ROLE_SUMMARIES[r]}` }));
}

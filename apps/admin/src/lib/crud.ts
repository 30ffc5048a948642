import { type QueryKey, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "./api.ts";

/**
 * The verbs every editable content list shares (admin.ts: "same verbs as notices"): GET the list,
 * POST a new item, PUT /:id with the version the editor loaded, DELETE /:id.
 */
export interface CrudResource<T> {
  key: QueryKey;
  path: string;
  row: z.ZodType<T>;
}

export function useCrudList<T>(resource: CrudResource<T>) {
  return useQuery({
    queryKey: resource.key,
    queryFn: ({ signal }) => api.get(resource.path, z.array(resource.row), signal),
  });
}

export interface SaveArgs<I> {
  /** null creates a new item. */
  id: number | null;
  /** The version the editor loaded; required for an update. */
  version: number | null;
  input: I;
}

export function useCrudSave<T, I>(resource: CrudResource<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version, input }: SaveArgs<I>) =>
      id === null
        ? api.post(resource.path, input, resource.row)
        : api.put(`${resource.path}/${id}`, { ...input, version }, resource.row),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resource.key }),
  });
}

export function useCrudDelete<T>(resource: CrudResource<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`${resource.path}/${id}`, z.unknown()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resource.key }),
  });
}

/** After a VERSION_CONFLICT: fetch the list again and answer the item as it now stands. */
export async function reloadItem<T extends { id: number }>(
  queryClient: ReturnType<typeof useQueryClient>,
  resource: CrudResource<T>,
  id: number,
): Promise<T | undefined> {
  const list = await queryClient.fetchQuery({
    queryKey: resource.key,
    queryFn: () => api.get(resource.path, z.array(resource.row)),
    staleTime: 0,
  });
  return list.find((item) => item.id === id);
}

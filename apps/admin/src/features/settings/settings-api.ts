import {
  BrandSettings,
  CdnList,
  MaintenanceSettings,
  OidcSettings,
  RegionSettings,
  SecuritySettings,
  WhitelabelSettings,
  WinnerBoardSettings,
} from "@panalo/contracts/admin";
import { RegisterFieldsSetting } from "@panalo/contracts/members";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "../../lib/api.ts";

/** GET/PUT /api/admin/settings/<key>: each setting is read and written whole. */
function setting<S extends z.ZodType>(key: string, schema: S) {
  const queryKey = ["settings", key] as const;
  return {
    queryKey,
    useValue: () =>
      useQuery({ queryKey, queryFn: ({ signal }) => api.get(`/settings/${key}`, schema, signal) }),
    useSave: () => {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: (value: z.output<S>) => api.put(`/settings/${key}`, value, schema),
        onSuccess: (saved) => queryClient.setQueryData(queryKey, saved),
      });
    },
  };
}

export const maintenanceSetting = setting("maintenance", MaintenanceSettings);
export const regionSetting = setting("region", RegionSettings);
export const brandSetting = setting("brand", BrandSettings);
export const whitelabelSetting = setting("whitelabel", WhitelabelSettings);
export const securitySetting = setting("security", SecuritySettings);
export const registerFieldsSetting = setting("register-fields", RegisterFieldsSetting);
export const winnersSetting = setting("winners", WinnerBoardSettings);
export const oidcSetting = setting("oidc", OidcSettings);
export const launchCdnSetting = setting("launch-cdns", CdnList);
export const imageCdnSetting = setting("image-cdns", CdnList);

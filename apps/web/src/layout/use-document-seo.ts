import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { canonicalPath, routeMeta } from "../app/route-meta.ts";
import { useSeoEntries, useStatus } from "../features/system/system-api.ts";

/**
 * Per-route document title and meta description (spec §2 search-engine texts), from the
 * operator's texts in /wps/system/seo; otherwise the screen's name and the brand.
 */
export function useDocumentSeo(pathname: string): void {
  const { t } = useTranslation();
  const { data: entries } = useSeoEntries();
  const { data: status } = useStatus();
  const brand = status?.brand.name ?? "";
  useEffect(() => {
    const path = canonicalPath(pathname);
    const entry = entries?.find((e) => e.path === path);
    const screen = t(`title.${routeMeta(pathname).titleKey}`);
    document.title = entry?.title || (brand ? `${screen} | ${brand}` : screen);
    const description = entry?.description || t("seo.defaultDescription", { brand });
    document.querySelector('meta[name="description"]')?.setAttribute("content", description);
  }, [pathname, entries, brand, t]);
}

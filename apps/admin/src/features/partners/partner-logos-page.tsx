import { AdminPartnerLogo } from "@panalo/contracts/partner-logos";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ChangeEvent, useId } from "react";
import { z } from "zod";
import { useCanWrite } from "../../app/operator-context.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { EmptyRow, ErrorRow, SkeletonRows } from "../../components/table-states.tsx";
import { api, errorMessage } from "../../lib/api.ts";
import { gameCategoryLabel } from "../../lib/game-categories.ts";
import { useT } from "../../lib/i18n.ts";
import { MEDIA_BYTES_MAX, MEDIA_TYPES, uploadMedia } from "../../lib/media.ts";
import { toast } from "../../lib/toast-store.ts";

const KEY = ["partner-logos"];
const List = z.object({ items: z.array(AdminPartnerLogo) });

/**
 * Back office → Partner logos: the logo each vendor shows in the site's
 * footer. The in-house vendors come with drawn logos; the operator uploads the others (stored
 * like the banners' images). Without a logo the footer shows the vendor's name.
 */
export function PartnerLogosPage() {
  const t = useT();
  const canWrite = useCanWrite("partner-logos");
  const list = useQuery({ queryKey: KEY, queryFn: ({ signal }) => api.get("/partner-logos", List, signal) });
  const items = list.data?.items;
  return (
    <>
      <PageHeader title={t("partners.title")} description={t("partners.description")} />
      {!canWrite && <ReadOnlyNote />}
      <div className="table-wrap">
        <table className="table" aria-busy={list.isPending}>
          <thead>
            <tr>
              <th scope="col">{t("partners.vendor")}</th>
              <th scope="col">{t("partners.logo")}</th>
              <th scope="col" className="actions">
                <span className="visually-hidden">{t("partners.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.isPending && <SkeletonRows columns={3} rows={5} />}
            {list.isError && <ErrorRow columns={3} onRetry={() => list.refetch()} />}
            {items?.length === 0 && <EmptyRow columns={3} title={t("partners.empty")} />}
            {items?.map((v) => (
              <LogoRow key={v.vassalage} vendor={v} canWrite={canWrite} />
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function LogoRow({ vendor, canWrite }: { vendor: AdminPartnerLogo; canWrite: boolean }) {
  const t = useT();
  const fileId = useId();
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: async (change: { file: File } | { clear: true }) => {
      const logo = "file" in change ? await uploadMedia(change.file) : "";
      return api.put(
        `/partner-logos/${encodeURIComponent(vendor.vassalage)}`,
        { logo, logoHover: null, version: vendor.version },
        AdminPartnerLogo,
      );
    },
    onSuccess: (saved) => {
      toast.success(
        saved.logo
          ? t("partners.saved", { name: saved.displayName })
          : t("partners.cleared", { name: saved.displayName }),
      );
      void client.invalidateQueries({ queryKey: KEY });
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (!file) return;
    if (file.size > MEDIA_BYTES_MAX) {
      toast.error(t("upload.tooLarge"));
      return;
    }
    save.mutate({ file });
  };
  return (
    <tr data-testid={`partner-logo-row-${vendor.vassalage}`}>
      <td>
        <strong>{vendor.displayName}</strong>
        <div className="muted">
          {vendor.vassalage} · {gameCategoryLabel(vendor.gameType)}
          {vendor.enabled ? "" : t("partners.off")}
        </div>
      </td>
      <td>
        {vendor.logo ? (
          <img
            src={vendor.logo}
            alt={t("partners.logoOf", { name: vendor.displayName })}
            width={180}
            height={60}
            style={{ background: "#1b1f3b", borderRadius: 6, padding: 4, objectFit: "contain" }}
          />
        ) : (
          <span className="muted">{t("partners.noLogo")}</span>
        )}
      </td>
      <td className="actions">
        {canWrite && (
          <>
            <input
              id={fileId}
              type="file"
              accept={MEDIA_TYPES}
              className="visually-hidden file-input"
              disabled={save.isPending}
              onChange={onFile}
              data-testid={`partner-logo-file-${vendor.vassalage}`}
            />
            <label htmlFor={fileId} className={`btn btn--sm${save.isPending ? " btn--disabled" : ""}`}>
              {save.isPending ? t("common.saving") : t("partners.upload")}
            </label>
            {vendor.logo && (
              <button
                type="button"
                className="btn btn--sm btn--danger-ghost"
                disabled={save.isPending}
                onClick={() => save.mutate({ clear: true })}
              >
                {t("partners.showName")}
              </button>
            )}
          </>
        )}
      </td>
    </tr>
  );
}

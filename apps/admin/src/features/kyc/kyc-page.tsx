import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { z } from "zod";
import { useCanWrite } from "../../app/operator-context.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { Pager, rangeText } from "../../components/pager.tsx";
import { EmptyRow, ErrorRow, SkeletonRows } from "../../components/table-states.tsx";
import { pesosToAmount } from "../../lib/amounts.ts";
import { api, errorMessage } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/dates.ts";
import { type TextKey, useT } from "../../lib/i18n.ts";
import { toast } from "../../lib/toast-store.ts";
import "./kyc.css";

/** The KYC queue: cases by status, a case with its documents, the decision. */
const CaseStatus = z.enum(["pending", "more_info", "approved", "rejected"]);
type CaseStatus = z.infer<typeof CaseStatus>;
const CaseRow = z.object({
  id: z.number().int(),
  status: CaseStatus,
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  memberId: z.number().int(),
  username: z.string(),
});
const CaseList = z.object({ items: z.array(CaseRow), total: z.number().int() });
const CaseDetail = CaseRow.extend({
  realName: z.string().nullable(),
  birthday: z.string().nullable(),
  nationality: z.string().nullable(),
  occupation: z.string(),
  incomeSource: z.string(),
  address: z.string(),
  decidedByName: z.string().nullable(),
  purgedAt: z.string().nullable(),
  documents: z.array(z.enum(["idFront", "idBack", "selfie"])),
});
type CaseDetail = z.infer<typeof CaseDetail>;
const Settings = z.object({
  firstWithdrawal: z.boolean(),
  withdrawalAbove: z.string().nullable(),
  depositAbove: z.string().nullable(),
  depositPeriodDays: z.number().int(),
  retentionDays: z.number().int(),
});
type Settings = z.infer<typeof Settings>;

const PAGE_SIZE = 25;
const STATUS_LABEL: Record<CaseStatus, TextKey> = {
  pending: "kyc.status.pending",
  more_info: "kyc.status.more_info",
  approved: "kyc.status.approved",
  rejected: "kyc.status.rejected",
};
const DOC_LABEL = {
  idFront: "kyc.doc.idFront",
  idBack: "kyc.doc.idBack",
  selfie: "kyc.doc.selfie",
} as const satisfies Record<string, TextKey>;

function CaseView({ id, onDone }: { id: number; onDone: () => void }) {
  const t = useT();
  const canWrite = useCanWrite("kyc");
  const detail = useQuery({
    queryKey: ["kyc-case", id],
    queryFn: ({ signal }) => api.get(`/kyc/${id}`, CaseDetail, signal),
  });
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const decide = async (decision: "approve" | "reject" | "more_info") => {
    if (decision !== "approve" && reason.trim().length < 3) return toast.error(t("kyc.needReason"));
    setBusy(true);
    try {
      await api.post(
        `/kyc/${id}/decision`,
        { decision, ...(reason.trim() ? { reason: reason.trim() } : {}) },
        z.unknown(),
      );
      toast.success(
        t(
          decision === "approve"
            ? "kyc.decidedApproved"
            : decision === "reject"
              ? "kyc.decidedRejected"
              : "kyc.decidedMore",
          { id },
        ),
      );
      onDone();
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const c: CaseDetail | undefined = detail.data;
  if (!c) return <p className="muted">{t("kyc.loadingCase")}</p>;
  return (
    <section className="panel kyc-case" aria-label={t("kyc.caseAria", { id: c.id })} data-testid="kyc-case">
      <h2>
        {t("kyc.caseHeading", { id: c.id, name: c.username })}{" "}
        <span className="badge badge--muted">{t(STATUS_LABEL[c.status])}</span>
      </h2>
      <dl className="kyc-facts">
        {(
          [
            ["kyc.realName", c.realName],
            ["kyc.birthday", c.birthday],
            ["kyc.nationality", c.nationality],
            ["kyc.occupation", c.occupation],
            ["kyc.incomeSource", c.incomeSource],
            ["kyc.address", c.address],
            ["kyc.sent", formatDateTime(c.createdAt)],
            [
              "kyc.decided",
              c.decidedAt
                ? t("kyc.decidedBy", { at: formatDateTime(c.decidedAt), name: c.decidedByName ?? "?" })
                : null,
            ],
            ["kyc.reason", c.reason],
          ] as const
        ).map(([label, value]) => (
          <div key={label}>
            <dt>{t(label)}</dt>
            <dd>{value ?? "—"}</dd>
          </div>
        ))}
      </dl>
      {c.purgedAt ? (
        <p className="muted">{t("kyc.purged", { at: formatDateTime(c.purgedAt) })}</p>
      ) : (
        <div className="kyc-docs">
          {c.documents.map((d) => (
            <figure key={d}>
              <a href={`/api/admin/kyc/${c.id}/documents/${d}`} target="_blank" rel="noopener noreferrer">
                <img
                  src={`/api/admin/kyc/${c.id}/documents/${d}`}
                  alt={t("kyc.docAlt", { doc: t(DOC_LABEL[d]), name: c.username })}
                  loading="lazy"
                  data-testid={`kyc-doc-${d}`}
                />
              </a>
              <figcaption>{t(DOC_LABEL[d])}</figcaption>
            </figure>
          ))}
        </div>
      )}
      {canWrite && c.status === "pending" && (
        <div className="kyc-decide">
          <label htmlFor="kyc-reason">{t("kyc.reasonLabel")}</label>
          <textarea
            id="kyc-reason"
            className="input"
            maxLength={300}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          <div className="actions">
            <button
              type="button"
              className="btn btn--primary"
              disabled={busy}
              onClick={() => void decide("approve")}
              data-testid="kyc-approve"
            >
              {t("kyc.approve")}
            </button>
            <button
              type="button"
              className="btn"
              disabled={busy}
              onClick={() => void decide("more_info")}
              data-testid="kyc-more"
            >
              {t("kyc.askMore")}
            </button>
            <button
              type="button"
              className="btn btn--danger-ghost"
              disabled={busy}
              onClick={() => void decide("reject")}
              data-testid="kyc-reject"
            >
              {t("kyc.reject")}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}

function SettingsForm() {
  const t = useT();
  const canWrite = useCanWrite("kyc");
  const client = useQueryClient();
  const settings = useQuery({
    queryKey: ["kyc-settings"],
    queryFn: ({ signal }) => api.get("/kyc/settings", Settings, signal),
  });
  const s: Settings | undefined = settings.data;
  if (!s) return null;
  const save = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    // Pesos as typed ("50,000") as the API's "50000.00"; another text goes as typed, for the server to name.
    const amount = (name: string) => {
      const text = String(f.get(name) ?? "").trim();
      return text ? (pesosToAmount(text, { allowZero: true }) ?? text) : null;
    };
    try {
      await api.put(
        "/kyc/settings",
        {
          firstWithdrawal: f.get("firstWithdrawal") === "on",
          withdrawalAbove: amount("withdrawalAbove"),
          depositAbove: amount("depositAbove"),
          depositPeriodDays: Number(f.get("depositPeriodDays")),
          retentionDays: Number(f.get("retentionDays")),
        },
        Settings,
      );
      await client.invalidateQueries({ queryKey: ["kyc-settings"] });
      toast.success(t("kyc.settingsSaved"));
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  return (
    <form className="panel kyc-settings" onSubmit={save} data-testid="kyc-settings">
      <h2>{t("kyc.settingsTitle")}</h2>
      <fieldset disabled={!canWrite}>
        <label className="field">
          <input type="checkbox" name="firstWithdrawal" defaultChecked={s.firstWithdrawal} />{" "}
          {t("kyc.firstWithdrawal")}
        </label>
        <label htmlFor="kyc-wa">{t("kyc.withdrawalAbove")}</label>
        <input
          id="kyc-wa"
          name="withdrawalAbove"
          className="input"
          inputMode="decimal"
          defaultValue={s.withdrawalAbove ?? ""}
        />
        <label htmlFor="kyc-da">{t("kyc.depositAbove")}</label>
        <input
          id="kyc-da"
          name="depositAbove"
          className="input"
          inputMode="decimal"
          defaultValue={s.depositAbove ?? ""}
        />
        <label htmlFor="kyc-dp">{t("kyc.depositPeriod")}</label>
        <input
          id="kyc-dp"
          name="depositPeriodDays"
          type="number"
          min={1}
          max={365}
          className="input"
          defaultValue={s.depositPeriodDays}
        />
        <label htmlFor="kyc-rd">{t("kyc.retention")}</label>
        <input
          id="kyc-rd"
          name="retentionDays"
          type="number"
          min={1}
          max={3650}
          className="input"
          defaultValue={s.retentionDays}
        />
        <button type="submit" className="btn btn--primary">
          {t("kyc.save")}
        </button>
      </fieldset>
    </form>
  );
}

export function KycPage() {
  const t = useT();
  const [status, setStatus] = useState<CaseStatus>("pending");
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const client = useQueryClient();
  const list = useQuery({
    queryKey: ["kyc", status, page],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ status, page: String(page), pageSize: String(PAGE_SIZE) });
      return api.get(`/kyc?${params}`, CaseList, signal);
    },
    placeholderData: keepPreviousData,
  });
  const total = list.data?.total ?? 0;
  return (
    <>
      <PageHeader title={t("kyc.title")} description={t("kyc.description")} />
      <div className="toolbar">
        <label htmlFor="kyc-status" className="toolbar-label">
          {t("kyc.colStatus")}
        </label>
        <select
          id="kyc-status"
          className="input"
          value={status}
          onChange={(e) => {
            setStatus(e.currentTarget.value as CaseStatus);
            setPage(1);
            setOpen(null);
          }}
        >
          {CaseStatus.options.map((s) => (
            <option key={s} value={s}>
              {t(STATUS_LABEL[s])}
            </option>
          ))}
        </select>
        <span className="toolbar-count" aria-live="polite">
          {list.data ? rangeText(page, PAGE_SIZE, total) : ""}
        </span>
      </div>
      <div className="table-wrap">
        <table className="table" aria-busy={list.isFetching}>
          <thead>
            <tr>
              <th scope="col">{t("kyc.colCase")}</th>
              <th scope="col">{t("kyc.colPlayer")}</th>
              <th scope="col">{t("kyc.sent")}</th>
              <th scope="col">{t("kyc.colStatus")}</th>
              <th scope="col">{t("kyc.colAction")}</th>
            </tr>
          </thead>
          <tbody>
            {list.isPending && <SkeletonRows columns={5} rows={5} />}
            {list.isError && !list.data && <ErrorRow columns={5} onRetry={() => list.refetch()} />}
            {list.data?.items.length === 0 && <EmptyRow columns={5} title={t("kyc.noCases")} />}
            {list.data?.items.map((c) => (
              <tr key={c.id} data-testid="kyc-row" data-id={c.id}>
                <td>{c.id}</td>
                <td>{c.username}</td>
                <td className="cell-nowrap">{formatDateTime(c.createdAt)}</td>
                <td>{t(STATUS_LABEL[c.status])}</td>
                <td>
                  <button
                    type="button"
                    className="btn btn--sm"
                    onClick={() => setOpen(c.id)}
                    data-testid="kyc-open"
                  >
                    {t("kyc.review")}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager label={t("kyc.pages")} page={page} pageSize={PAGE_SIZE} total={total} onPage={setPage} />
      {open !== null && (
        <CaseView
          key={open}
          id={open}
          onDone={() => {
            void client.invalidateQueries({ queryKey: ["kyc"] });
            void client.invalidateQueries({ queryKey: ["kyc-case", open] });
          }}
        />
      )}
      <SettingsForm />
    </>
  );
}

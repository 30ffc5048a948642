import { useState } from "react";
import { useCanWrite } from "../../app/operator-context.tsx";
import { Dialog } from "../../components/dialog.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { Pager } from "../../components/pager.tsx";
import { EmptyRow, ErrorRow, SkeletonRows } from "../../components/table-states.tsx";
import { formatDateTime } from "../../lib/dates.ts";
import { type TextKey, useT } from "../../lib/i18n.ts";
import { toast } from "../../lib/toast-store.ts";
import { Age } from "../finance/queue-ui.tsx";
import { RejectDialog } from "../finance/reject-dialog.tsx";
import "../finance/finance.css";
import "./promotions.css";
import { type ApplicationState, useApplications, useDecideApplication } from "./promotions-api.ts";

const COLUMNS = 7;
/** The states and their names in the catalogue (looked up when drawn). */
const STATES: ReadonlyArray<{ value: ApplicationState; label: TextKey }> = [
  { value: "applying", label: "applications.waiting" },
  { value: "approved", label: "applications.approved" },
  { value: "rejected", label: "applications.rejected" },
];

type Application = NonNullable<ReturnType<typeof useApplications>["data"]>["list"][number];

/**
 * Players' applications to promotions, oldest first, with their age; the
 * operator opens the images, approves (the reward is offered at once, once) or rejects with a
 * reason the player reads.
 */
export function PromotionApplicationsPage() {
  const t = useT();
  const canWrite = useCanWrite("promotion-applications");
  const [state, setState] = useState<ApplicationState>("applying");
  const [page, setPage] = useState(1);
  const list = useApplications(state, page);
  const decide = useDecideApplication();
  const [viewing, setViewing] = useState<{ app: Application; image: number } | null>(null);
  const [rejecting, setRejecting] = useState<Application | null>(null);

  const approve = (a: Application) =>
    decide.mutate(
      { id: a.id, approve: true },
      {
        onSuccess: () =>
          toast.success(t("applications.approvedToast", { name: a.username, promotion: a.promotionTitle })),
        onError: (err) => toast.error(err instanceof Error ? err.message : t("applications.approveError")),
      },
    );

  return (
    <>
      <PageHeader title={t("applications.title")} description={t("applications.description")} />
      {!canWrite && <ReadOnlyNote />}
      <div className="toolbar">
        <fieldset className="segmented plain-fieldset" aria-label={t("feedback.state")}>
          {STATES.map((s) => (
            <button
              key={s.value}
              type="button"
              className={`btn btn--sm${state === s.value ? " btn--primary" : ""}`}
              aria-pressed={state === s.value}
              data-testid={`applications-state-${s.value}`}
              onClick={() => {
                setState(s.value);
                setPage(1);
              }}
            >
              {t(s.label)}
            </button>
          ))}
        </fieldset>
        {list.data && <span className="toolbar-count">{t("feedback.inAll", { n: list.data.total })}</span>}
      </div>
      <div className="table-wrap">
        <table className="table" aria-busy={list.isPending}>
          <thead>
            <tr>
              <th scope="col">{t("feedback.sent")}</th>
              <th scope="col">{t("feedback.age")}</th>
              <th scope="col">{t("reports.cPlayer")}</th>
              <th scope="col">{t("applications.promotion")}</th>
              <th scope="col">{t("applications.remark")}</th>
              <th scope="col">{t("applications.pictures")}</th>
              <th scope="col" className="actions">
                {state === "applying" ? (
                  <span className="visually-hidden">{t("content.actions")}</span>
                ) : (
                  t("loyalty.decision")
                )}
              </th>
            </tr>
          </thead>
          <tbody>
            {list.isPending && <SkeletonRows columns={COLUMNS} />}
            {list.isError && <ErrorRow columns={COLUMNS} onRetry={() => list.refetch()} />}
            {list.data && list.data.list.length === 0 && (
              <EmptyRow
                columns={COLUMNS}
                title={state === "applying" ? t("applications.noneWaiting") : t("feedback.none")}
              />
            )}
            {list.data?.list.map((a) => (
              <tr key={a.id} data-testid={`application-row-${a.id}`}>
                <td className="cell-nowrap">{formatDateTime(a.createdAt)}</td>
                <td>
                  <Age seconds={a.ageSeconds} waiting={a.state === "applying"} />
                </td>
                <td>
                  <a href={`/admin/players/${a.memberId}`}>{a.username}</a>
                </td>
                <td className="cell-text">{a.promotionTitle}</td>
                <td className="cell-text">{a.remark ?? "—"}</td>
                <td>
                  <div className="thumbs">
                    {a.images.map((src, i) => (
                      <button
                        key={src}
                        type="button"
                        className="thumb-button"
                        aria-label={t("applications.openPicture", { n: i + 1, name: a.username })}
                        data-testid={`application-image-${a.id}-${i}`}
                        onClick={() => setViewing({ app: a, image: i })}
                      >
                        <img className="thumb" src={src} alt="" loading="lazy" />
                      </button>
                    ))}
                  </div>
                </td>
                <td className="actions">
                  {a.state === "applying" && canWrite ? (
                    <>
                      <button
                        type="button"
                        className="btn btn--sm btn--primary"
                        disabled={decide.isPending}
                        data-testid={`application-approve-${a.id}`}
                        onClick={() => approve(a)}
                      >
                        {t("loyalty.approve")}
                      </button>
                      <button
                        type="button"
                        className="btn btn--sm btn--danger-ghost"
                        data-testid={`application-reject-${a.id}`}
                        onClick={() => setRejecting(a)}
                      >
                        {t("loyalty.reject")}
                      </button>
                    </>
                  ) : (
                    a.state !== "applying" && (
                      <span title={a.reason ?? undefined}>
                        {a.state === "approved"
                          ? t("applications.approved")
                          : t("applications.rejectedWhy", { reason: a.reason ?? "" })}
                        {a.reviewedBy ? t("applications.by", { name: a.reviewedBy }) : ""}
                      </span>
                    )
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {list.data && list.data.total > list.data.pageSize && (
        <Pager
          page={page}
          pageSize={list.data.pageSize}
          total={list.data.total}
          onPage={setPage}
          label={t("applications.pages")}
        />
      )}
      {viewing && (
        <Dialog
          title={t("applications.pictureOf", { n: viewing.image + 1, total: viewing.app.images.length })}
          description={`${viewing.app.username} · ${viewing.app.promotionTitle}`}
          size="lg"
          onClose={() => setViewing(null)}
          testId="application-image-dialog"
          footer={
            <>
              {viewing.app.images.length > 1 && (
                <button
                  type="button"
                  className="btn"
                  onClick={() =>
                    setViewing({ app: viewing.app, image: (viewing.image + 1) % viewing.app.images.length })
                  }
                >
                  {t("applications.next")}
                </button>
              )}
              <a className="btn" href={viewing.app.images[viewing.image]} target="_blank" rel="noreferrer">
                {t("applications.fullSize")}
              </a>
              <button type="button" className="btn btn--primary" onClick={() => setViewing(null)}>
                {t("feedback.close")}
              </button>
            </>
          }
        >
          <img
            className="proof-full"
            src={viewing.app.images[viewing.image]}
            alt={t("applications.sentBy", {
              name: viewing.app.username,
              n: viewing.image + 1,
              total: viewing.app.images.length,
            })}
          />
        </Dialog>
      )}
      {rejecting && (
        <RejectDialog
          title={t("applications.rejectTitle")}
          summary={`${rejecting.username} · ${rejecting.promotionTitle}`}
          busy={decide.isPending}
          onClose={() => setRejecting(null)}
          onReject={(reason) =>
            decide.mutate(
              { id: rejecting.id, approve: false, reason },
              {
                onSuccess: () => {
                  toast.success(t("applications.rejectedToast", { name: rejecting.username }));
                  setRejecting(null);
                },
                onError: (err) =>
                  toast.error(err instanceof Error ? err.message : t("applications.rejectError")),
              },
            )
          }
        />
      )}
    </>
  );
}

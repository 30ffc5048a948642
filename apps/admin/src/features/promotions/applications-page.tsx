import { useState } from "react";
import { useCanWrite } from "../../app/operator-context.tsx";
import { Dialog } from "../../components/dialog.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { Pager } from "../../components/pager.tsx";
import { EmptyRow, ErrorRow, SkeletonRows } from "../../components/table-states.tsx";
import { formatDateTime } from "../../lib/dates.ts";
import { toast } from "../../lib/toast-store.ts";
import { Age } from "../finance/queue-ui.tsx";
import { RejectDialog } from "../finance/reject-dialog.tsx";
import "../finance/finance.css";
import "./promotions.css";
import { type ApplicationState, useApplications, useDecideApplication } from "./promotions-api.ts";

const COLUMNS = 7;
const STATES: ReadonlyArray<{ value: ApplicationState; label: string }> = [
  { value: "applying", label: "Waiting" },
  { value: "approved", label: "Approved" },
  { value: "rejected", label: "Rejected" },
];

type Application = NonNullable<ReturnType<typeof useApplications>["data"]>["list"][number];

/**
 * Players' applications to promotions, oldest first, with their age; the
 * operator opens the images, approves (the reward is offered at once, once) or rejects with a
 * reason the player reads.
 */
export function PromotionApplicationsPage() {
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
        onSuccess: () => toast.success(`Approved ${a.username}'s application to “${a.promotionTitle}”.`),
        onError: (err) => toast.error(err instanceof Error ? err.message : "Could not approve."),
      },
    );

  return (
    <>
      <PageHeader
        title="Promotion applications"
        description="Remarks and pictures players sent to promotions that ask for an application."
      />
      {!canWrite && <ReadOnlyNote />}
      <div className="toolbar">
        <fieldset className="segmented plain-fieldset" aria-label="State">
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
              {s.label}
            </button>
          ))}
        </fieldset>
        {list.data && <span className="toolbar-count">{list.data.total} in all</span>}
      </div>
      <div className="table-wrap">
        <table className="table" aria-busy={list.isPending}>
          <thead>
            <tr>
              <th scope="col">Sent</th>
              <th scope="col">Age</th>
              <th scope="col">Player</th>
              <th scope="col">Promotion</th>
              <th scope="col">Remark</th>
              <th scope="col">Pictures</th>
              <th scope="col" className="actions">
                {state === "applying" ? <span className="visually-hidden">Actions</span> : "Decision"}
              </th>
            </tr>
          </thead>
          <tbody>
            {list.isPending && <SkeletonRows columns={COLUMNS} />}
            {list.isError && <ErrorRow columns={COLUMNS} onRetry={() => list.refetch()} />}
            {list.data && list.data.list.length === 0 && (
              <EmptyRow
                columns={COLUMNS}
                title={state === "applying" ? "No application is waiting." : "None."}
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
                        aria-label={`Open picture ${i + 1} of ${a.username}'s application`}
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
                        Approve
                      </button>
                      <button
                        type="button"
                        className="btn btn--sm btn--danger-ghost"
                        data-testid={`application-reject-${a.id}`}
                        onClick={() => setRejecting(a)}
                      >
                        Reject
                      </button>
                    </>
                  ) : a.state !== "applying" ? (
                    <span title={a.reason ?? undefined}>
                      {a.state === "approved" ? "Approved" : `Rejected: ${a.reason ?? ""}`}
                      {a.reviewedBy ? ` by ${a.reviewedBy}` : ""}
                    </span>
                  ) : null}
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
          label="Applications pages"
        />
      )}
      {viewing && (
        <Dialog
          title={`Picture ${viewing.image + 1} of ${viewing.app.images.length}`}
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
                  Next picture
                </button>
              )}
              <a className="btn" href={viewing.app.images[viewing.image]} target="_blank" rel="noreferrer">
                Open full size
              </a>
              <button type="button" className="btn btn--primary" onClick={() => setViewing(null)}>
                Close
              </button>
            </>
          }
        >
          <img
            className="proof-full"
            src={viewing.app.images[viewing.image]}
            alt={`Sent by ${viewing.app.username} (${viewing.image + 1} of ${viewing.app.images.length})`}
          />
        </Dialog>
      )}
      {rejecting && (
        <RejectDialog
          title="Reject application?"
          summary={`${rejecting.username} · ${rejecting.promotionTitle}`}
          busy={decide.isPending}
          onClose={() => setRejecting(null)}
          onReject={(reason) =>
            decide.mutate(
              { id: rejecting.id, approve: false, reason },
              {
                onSuccess: () => {
                  toast.success(`Rejected ${rejecting.username}'s application.`);
                  setRejecting(null);
                },
                onError: (err) => toast.error(err instanceof Error ? err.message : "Could not reject."),
              },
            )
          }
        />
      )}
    </>
  );
}

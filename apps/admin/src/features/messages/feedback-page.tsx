import { useId, useState } from "react";
import { useCanWrite } from "../../app/operator-context.tsx";
import { Dialog } from "../../components/dialog.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { Pager } from "../../components/pager.tsx";
import { EmptyRow, ErrorRow, SkeletonRows } from "../../components/table-states.tsx";
import { errorMessage } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/dates.ts";
import { type TextKey, useT } from "../../lib/i18n.ts";
import { toast } from "../../lib/toast-store.ts";
import { Age } from "../finance/queue-ui.tsx";
import "./messages.css";
import { type FeedbackState, useFeedback, useFeedbackAction } from "./messages-api.ts";

const COLUMNS = 7;
/** The states and their names in the catalogue (looked up when drawn). */
const STATES: ReadonlyArray<{ value: FeedbackState; label: TextKey }> = [
  { value: "new", label: "feedback.stateNew" },
  { value: "replied", label: "feedback.stateReplied" },
  { value: "closed", label: "feedback.stateClosed" },
];
type Item = NonNullable<ReturnType<typeof useFeedback>["data"]>["list"][number];

/**
 * The feedback players send from the site (spec §7 /wps/feedback, at most 140
 * characters, an optional screenshot), oldest new first. A reply reaches the member as a message
 * in the member centre; a visitor who was not logged in cannot be answered, only closed.
 */
export function FeedbackPage() {
  const t = useT();
  const canWrite = useCanWrite("feedback");
  const [state, setState] = useState<FeedbackState>("new");
  const [page, setPage] = useState(1);
  const list = useFeedback(state, page);
  const action = useFeedbackAction();
  const [replying, setReplying] = useState<Item | null>(null);

  const close = (f: Item) =>
    action.mutate(
      { id: f.id, close: true },
      {
        onSuccess: () => toast.success(t("feedback.closedToast")),
        onError: (err) => toast.error(errorMessage(err)),
      },
    );

  return (
    <>
      <PageHeader title={t("feedback.title")} description={t("feedback.description")} />
      {!canWrite && <ReadOnlyNote />}
      <div className="toolbar">
        <fieldset className="segmented plain-fieldset" aria-label={t("feedback.state")}>
          {STATES.map((s) => (
            <button
              key={s.value}
              type="button"
              className={`btn btn--sm${state === s.value ? " btn--primary" : ""}`}
              aria-pressed={state === s.value}
              data-testid={`feedback-state-${s.value}`}
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
              <th scope="col">{t("filter.from")}</th>
              <th scope="col">{t("feedback.feedback")}</th>
              <th scope="col">{t("feedback.page")}</th>
              <th scope="col">{t("feedback.screenshot")}</th>
              <th scope="col" className="actions">
                {state === "new" ? (
                  <span className="visually-hidden">{t("content.actions")}</span>
                ) : (
                  t("feedback.reply")
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
                title={state === "new" ? t("feedback.noNew") : t("feedback.none")}
              />
            )}
            {list.data?.list.map((f) => (
              <tr key={f.id} data-testid={`feedback-row-${f.id}`}>
                <td className="cell-nowrap">{formatDateTime(f.createdAt)}</td>
                <td>
                  <Age seconds={f.ageSeconds} waiting={f.state === "new"} />
                </td>
                <td>
                  {f.memberId !== null ? (
                    <a href={`/admin/players/${f.memberId}`}>{f.username}</a>
                  ) : (
                    <span className="muted">{t("feedback.visitor")}</span>
                  )}{" "}
                  <span className="muted">{f.lang}</span>
                </td>
                <td className="cell-text feedback-text">{f.content}</td>
                <td className="cell-text">{f.page ?? "—"}</td>
                <td>
                  {f.screenshot ? (
                    <a href={f.screenshot} target="_blank" rel="noreferrer">
                      {t("feedback.open")}
                    </a>
                  ) : (
                    "—"
                  )}
                </td>
                <td className="actions">
                  {f.state === "new" && canWrite ? (
                    <>
                      {f.memberId !== null && (
                        <button
                          type="button"
                          className="btn btn--sm btn--primary"
                          data-testid={`feedback-reply-${f.id}`}
                          onClick={() => setReplying(f)}
                        >
                          {t("feedback.reply")}
                        </button>
                      )}
                      <button
                        type="button"
                        className="btn btn--sm"
                        disabled={action.isPending}
                        data-testid={`feedback-close-${f.id}`}
                        onClick={() => close(f)}
                      >
                        {t("feedback.close")}
                      </button>
                    </>
                  ) : (
                    f.reply && (
                      <span className="feedback-text" title={f.repliedAt ?? undefined}>
                        {f.reply}
                        {f.repliedBy ? ` — ${f.repliedBy}` : ""}
                      </span>
                    )
                  )}
                  {f.state === "replied" && canWrite && (
                    <button type="button" className="btn btn--sm" onClick={() => close(f)}>
                      {t("feedback.close")}
                    </button>
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
          label={t("feedback.pages")}
        />
      )}
      {replying && (
        <ReplyDialog
          item={replying}
          busy={action.isPending}
          onClose={() => setReplying(null)}
          onReply={(reply) =>
            action.mutate(
              { id: replying.id, reply },
              {
                onSuccess: () => {
                  toast.success(t("feedback.replied", { name: replying.username ?? "" }));
                  setReplying(null);
                },
                onError: (err) => toast.error(errorMessage(err)),
              },
            )
          }
        />
      )}
    </>
  );
}

function ReplyDialog({
  item,
  busy,
  onClose,
  onReply,
}: {
  item: Item;
  busy: boolean;
  onClose: () => void;
  onReply: (reply: string) => void;
}) {
  const t = useT();
  const id = useId();
  const [reply, setReply] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const text = reply.trim();
    if (!text) {
      setError(t("feedback.writeReply"));
      return;
    }
    onReply(text);
  };
  return (
    <Dialog
      title={t("feedback.replyTo", { name: item.username ?? "" })}
      description={<span className="feedback-text">“{item.content}”</span>}
      onClose={onClose}
      busy={busy}
      testId="feedback-reply-dialog"
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            {t("common.cancel")}
          </button>
          <button
            type="button"
            className="btn btn--primary"
            onClick={submit}
            disabled={busy}
            data-testid="feedback-reply-send"
          >
            {busy ? t("feedback.sending") : t("feedback.sendReply")}
          </button>
        </>
      }
    >
      <label className="field" htmlFor={id}>
        <span className="field-label">{t("feedback.replyLabel")}</span>
        <textarea
          id={id}
          className="textarea"
          rows={5}
          maxLength={1000}
          value={reply}
          onChange={(e) => setReply(e.target.value)}
          aria-invalid={error ? true : undefined}
          data-testid="feedback-reply-text"
        />
      </label>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </Dialog>
  );
}

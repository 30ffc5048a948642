import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Fragment, type ReactNode, useState } from "react";
import { z } from "zod";
import { PageHeader } from "../../components/page-header.tsx";
import { Pager, rangeText } from "../../components/pager.tsx";
import { EmptyRow, ErrorRow, SkeletonRows } from "../../components/table-states.tsx";
import { api } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/dates.ts";
import { type TextKey, useT } from "../../lib/i18n.ts";

/** GET /api/admin/outbox: every SMS and e-mail the site sent or queued, newest first. */
const OutboxMessage = z.object({
  id: z.number().int(),
  channel: z.enum(["sms", "email"]),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  purpose: z.string(),
  adapter: z.string(),
  status: z.enum(["queued", "sent", "failed"]),
  error: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
type OutboxMessage = z.infer<typeof OutboxMessage>;
const OutboxList = z.object({ items: z.array(OutboxMessage), total: z.number().int() });

const PAGE_SIZE = 50;
const COLUMNS = 6;
/** While the page is open it asks again this often, so a code just sent shows up by itself. */
const REFRESH_MS = 5_000;

function useOutbox(page: number) {
  return useQuery({
    queryKey: ["outbox", page, PAGE_SIZE],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(page), pageSize: String(PAGE_SIZE) });
      return api.get(`/outbox?${params}`, OutboxList, signal);
    },
    staleTime: 0,
    refetchInterval: REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

const CHANNEL_LABEL = {
  sms: "outbox.channel.sms",
  email: "outbox.channel.email",
} as const satisfies Record<string, TextKey>;
const STATUS_LABEL = {
  queued: "outbox.status.queued",
  sent: "outbox.status.sent",
  failed: "outbox.status.failed",
} as const satisfies Record<string, TextKey>;
const STATUS_CLASS = { queued: "badge--muted", sent: "badge--success", failed: "badge--danger" } as const;

/** The body as text with its web addresses as links (reset links open in a new tab). */
function Linkified({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s<>"']+)/g);
  const out: ReactNode[] = parts.map((part, i) =>
    i % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move
      <a key={i} href={part} target="_blank" rel="noopener noreferrer">
        {part}
      </a>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move
      <Fragment key={i}>{part}</Fragment>
    ),
  );
  return <>{out}</>;
}

function OutboxRow({ message: m }: { message: OutboxMessage }) {
  const t = useT();
  return (
    <tr data-testid="outbox-row" data-channel={m.channel} data-status={m.status} data-id={m.id}>
      <td className="cell-nowrap">
        <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
        {m.sentAt && formatDateTime(m.sentAt) !== formatDateTime(m.createdAt) && (
          <span className="cell-sub muted">{t("outbox.sentAt", { at: formatDateTime(m.sentAt) })}</span>
        )}
      </td>
      <td>
        <span className="badge badge--muted">{t(CHANNEL_LABEL[m.channel])}</span>
      </td>
      <td className="cell-nowrap" data-testid="outbox-recipient">
        {m.recipient}
      </td>
      <td>
        <code>{m.purpose}</code>
      </td>
      <td>
        <span className={`badge ${STATUS_CLASS[m.status]}`}>{t(STATUS_LABEL[m.status])}</span>
        <span className="cell-sub muted" title={t("outbox.adapter")}>
          {m.adapter}
        </span>
        {m.error && <span className="cell-sub field-error">{m.error}</span>}
      </td>
      <td className="message-cell">
        {m.subject && <p className="message-subject">{m.subject}</p>}
        <p className="message-body" data-testid="outbox-body">
          <Linkified text={m.body} />
        </p>
      </td>
    </tr>
  );
}

export function OutboxPage() {
  const t = useT();
  const [page, setPage] = useState(1);
  const outbox = useOutbox(page);
  const total = outbox.data?.total ?? 0;

  return (
    <>
      <PageHeader
        title={t("outbox.title")}
        description={t("outbox.description")}
        actions={
          <button
            type="button"
            className="btn"
            onClick={() => outbox.refetch()}
            aria-busy={outbox.isFetching}
            data-testid="outbox-refresh"
          >
            {t("outbox.refresh")}
          </button>
        }
      />
      <div className="toolbar">
        <span className="toolbar-label">{t("outbox.refreshes", { n: REFRESH_MS / 1000 })}</span>
        <span className="toolbar-count" aria-live="polite">
          {outbox.data ? rangeText(page, PAGE_SIZE, total) : ""}
        </span>
      </div>
      <div className="table-wrap">
        <table className="table" aria-busy={outbox.isFetching}>
          <thead>
            <tr>
              <th scope="col">{t("outbox.time")}</th>
              <th scope="col">{t("outbox.channel")}</th>
              <th scope="col">{t("outbox.recipient")}</th>
              <th scope="col">{t("outbox.purpose")}</th>
              <th scope="col">{t("outbox.status")}</th>
              <th scope="col">{t("outbox.message")}</th>
            </tr>
          </thead>
          <tbody>
            {outbox.isPending && <SkeletonRows columns={COLUMNS} rows={8} />}
            {outbox.isError && !outbox.data && (
              <ErrorRow columns={COLUMNS} onRetry={() => outbox.refetch()} />
            )}
            {outbox.data?.items.length === 0 && <EmptyRow columns={COLUMNS} title={t("outbox.none")} />}
            {outbox.data?.items.map((m) => (
              <OutboxRow key={m.id} message={m} />
            ))}
          </tbody>
        </table>
      </div>
      <Pager
        label={t("outbox.pages")}
        page={page}
        pageSize={PAGE_SIZE}
        total={total}
        onPage={setPage}
        previousLabel={t("outbox.newer")}
        nextLabel={t("outbox.older")}
      />
    </>
  );
}

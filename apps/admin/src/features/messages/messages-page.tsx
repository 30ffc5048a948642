import { useState } from "react";
import { useCanWrite } from "../../app/operator-context.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { Pager } from "../../components/pager.tsx";
import { EmptyRow, ErrorRow, SkeletonRows } from "../../components/table-states.tsx";
import { formatDateTime } from "../../lib/dates.ts";
import { useT } from "../../lib/i18n.ts";
import { MessageComposer } from "./composer.tsx";
import { useSentMessages } from "./messages-api.ts";
import "./messages.css";

const COLUMNS = 7;

/** The composer and the messages sent, with how many read them. */
export function MessagesPage() {
  const t = useT();
  const canWrite = useCanWrite("messages");
  const [page, setPage] = useState(1);
  const sent = useSentMessages(page);
  return (
    <>
      <PageHeader title={t("messages.title")} description={t("messages.description")} />
      {!canWrite && <ReadOnlyNote />}
      {canWrite && <MessageComposer canWrite={canWrite} />}
      <h2 className="section-title">{t("messages.sent")}</h2>
      <div className="table-wrap">
        <table className="table" aria-busy={sent.isPending}>
          <thead>
            <tr>
              <th scope="col">{t("feedback.sent")}</th>
              <th scope="col">{t("chatSettings.cannedTitle")}</th>
              <th scope="col">{t("messages.to")}</th>
              <th scope="col">{t("bonus.kind")}</th>
              <th scope="col">{t("messages.recipients")}</th>
              <th scope="col">{t("messages.read")}</th>
              <th scope="col">{t("messages.by")}</th>
            </tr>
          </thead>
          <tbody>
            {sent.isPending && <SkeletonRows columns={COLUMNS} />}
            {sent.isError && <ErrorRow columns={COLUMNS} onRetry={() => sent.refetch()} />}
            {sent.data && sent.data.list.length === 0 && (
              <EmptyRow columns={COLUMNS} title={t("messages.none")} />
            )}
            {sent.data?.list.map((m) => (
              <tr key={m.id} data-testid={`sent-row-${m.id}`}>
                <td className="cell-nowrap">{formatDateTime(m.createdAt)}</td>
                <td className="cell-text">
                  {m.title} <span className="muted">({m.languages.join(", ")})</span>
                </td>
                <td className="cell-text">{m.target}</td>
                <td>{m.category === "marketing" ? t("messages.marketing") : t("messages.service")}</td>
                <td>{m.recipients.toLocaleString("en")}</td>
                <td data-testid={`sent-reads-${m.id}`}>
                  {m.reads.toLocaleString("en")}
                  {m.recipients > 0 ? ` (${Math.round((100 * m.reads) / m.recipients)}%)` : ""}
                </td>
                <td>{m.sentBy ?? "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {sent.data && sent.data.total > sent.data.pageSize && (
        <Pager
          page={page}
          pageSize={sent.data.pageSize}
          total={sent.data.total}
          onPage={setPage}
          label={t("messages.pages")}
        />
      )}
    </>
  );
}

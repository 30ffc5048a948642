import "../../i18n/texts/agent.ts";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state.tsx";
import { SafeHtml } from "../../../components/safe-html.tsx";
import { useAnnouncements } from "../../notices/notices-api.ts";

const TYPES = ["B"] as const;

/** spec §2 agent centre "announcement": the operator's announcements in force. */
export default function Announcement() {
  const { t } = useTranslation();
  const { data, isPending } = useAnnouncements(TYPES);
  if (isPending) return <span className="spinner" aria-hidden="true" />;
  if (!data?.length) return <EmptyState title={t("agent.noAnnouncements")} />;
  return (
    <div>
      {data.map((n) => (
        <article
          key={n.id}
          className="card"
          style={{ marginBottom: "var(--space-3)", padding: "var(--space-3)" }}
        >
          <h3>{n.title}</h3>
          <SafeHtml html={n.content} />
        </article>
      ))}
    </div>
  );
}

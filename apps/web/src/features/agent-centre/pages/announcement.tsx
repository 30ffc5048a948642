import "../../i18n/texts/agent.ts";
import type { Notice } from "@panalo/contracts/content";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state.tsx";
import { SafeHtml } from "../../../components/safe-html.tsx";
import { api } from "../../../lib/api.ts";
import { usePrefs } from "../../prefs/prefs-store.ts";
import { useSession } from "../../session/session-store.ts";

/** The announcements for everyone and those for agents only, in the member's language. */
function useAgentAnnouncements() {
  const token = useSession((s) => s.token);
  const lang = usePrefs((s) => s.lang);
  return useQuery({
    queryKey: ["agent", token, "announcements", lang],
    queryFn: () => api<Notice[]>("/wps/agent/announcements"),
    enabled: Boolean(token),
  });
}

/** spec §2 agent centre "announcement": the operator's announcements in force. */
export default function Announcement() {
  const { t } = useTranslation();
  const { data, isPending } = useAgentAnnouncements();
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

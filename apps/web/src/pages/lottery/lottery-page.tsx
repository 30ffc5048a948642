import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { EmptyState } from "../../components/empty-state.tsx";
import { PageTitle } from "../../components/page-title.tsx";
import { TabPanel, Tabs } from "../../components/tabs.tsx";
import "../shared/pages.css";

/** spec §2 /lottery play types (single, double and direct selection). */
const PLAY_TYPES = ["single", "double", "direct"] as const;
type PlayType = (typeof PLAY_TYPES)[number];

function isPlayType(v: string | null): v is PlayType {
  return v !== null && (PLAY_TYPES as readonly string[]).includes(v);
}

/**
 * spec §2 /lottery: the SEA lottery (vendor TCG_SEA), without banner or head nav; query
 * parameters gameCode, vendor and playType. Draws and betting arrive with the lottery work.
 */
export default function LotteryPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const initial = params.get("playType");
  const [playType, setPlayType] = useState<PlayType>(isPlayType(initial) ? initial : "single");
  return (
    <div
      className="page container"
      data-testid="page-lottery"
      data-vendor={params.get("vendor") ?? "TCG_SEA"}
    >
      <PageTitle title={t("title.lottery")} lead={t("lead.lottery")} />
      <Tabs
        idBase="play"
        label={t("lottery.playType")}
        items={PLAY_TYPES.map((p) => ({ id: p, label: t(`lottery.${p}`) }))}
        value={playType}
        onChange={setPlayType}
        testIdPrefix="play-tab-"
      />
      <TabPanel idBase="play" selected={playType} className="lottery-board card">
        <EmptyState icon="ticket" title={t("lottery.emptyTitle")} text={t("lottery.emptyText")} />
      </TabPanel>
    </div>
  );
}

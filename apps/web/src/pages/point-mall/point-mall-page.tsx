import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EmptyState } from "../../components/empty-state.tsx";
import { PageTitle } from "../../components/page-title.tsx";
import { TabPanel, Tabs } from "../../components/tabs.tsx";
import { useSession } from "../../features/session/session-store.ts";
import "../shared/pages.css";

const MALL_TABS = ["rewards", "history"] as const;
type MallTab = (typeof MALL_TABS)[number];

/**
 * spec §2 /pointMall: the points balance, the rewards to redeem and the redeem history. Points
 * calls need a session and arrive with the points work.
 */
export default function PointMallPage() {
  const { t } = useTranslation();
  const loggedIn = useSession((s) => s.token !== null);
  const [tab, setTab] = useState<MallTab>("rewards");
  return (
    <div className="page container" data-testid="page-point-mall">
      <PageTitle title={t("title.pointMall")} lead={t("lead.pointMall")} />
      <section className="card points-card" aria-labelledby="points-title">
        <h2 id="points-title">{t("pointMall.balance")}</h2>
        {loggedIn ? (
          <p className="points-value">—</p>
        ) : (
          <p>
            {t("pointMall.loginToSee")}{" "}
            <Link to="/login" className="btn btn-gold btn-sm">
              {t("login.submit")}
            </Link>
          </p>
        )}
      </section>
      <Tabs
        idBase="mall"
        label={t("title.pointMall")}
        items={MALL_TABS.map((m) => ({ id: m, label: t(`pointMall.${m}`) }))}
        value={tab}
        onChange={setTab}
        testIdPrefix="mall-tab-"
      />
      <TabPanel idBase="mall" selected={tab}>
        <EmptyState
          icon="gift"
          title={tab === "rewards" ? t("pointMall.noRewards") : t("pointMall.noHistory")}
          text={t("pointMall.emptyText")}
        />
      </TabPanel>
    </div>
  );
}

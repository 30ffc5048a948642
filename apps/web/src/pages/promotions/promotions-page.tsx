import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/empty-state.tsx";
import { PageTitle } from "../../components/page-title.tsx";
import { TabPanel, Tabs } from "../../components/tabs.tsx";

/** spec §2 "promotion type filters". */
const PROMO_TYPES = ["all", "welcome", "daily", "rebate", "vip"] as const;
type PromoType = (typeof PROMO_TYPES)[number];

/** spec §2 /promotions: the promotions by type; the list arrives with the promotions work. */
export default function PromotionsPage() {
  const { t } = useTranslation();
  const [type, setType] = useState<PromoType>("all");
  return (
    <div className="page container" data-testid="page-promotions">
      <PageTitle title={t("title.promotions")} lead={t("lead.promotions")} />
      <Tabs
        idBase="promo"
        label={t("promotions.types")}
        items={PROMO_TYPES.map((p) => ({ id: p, label: t(`promotions.type.${p}`) }))}
        value={type}
        onChange={setType}
        testIdPrefix="promo-tab-"
      />
      <TabPanel idBase="promo" selected={type}>
        <EmptyState icon="gift" title={t("promotions.emptyTitle")} text={t("promotions.emptyText")} />
      </TabPanel>
    </div>
  );
}

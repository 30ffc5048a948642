import { type PromotionCard, PromotionTypes } from "@panalo/contracts/promotions";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EmptyState } from "../../components/empty-state.tsx";
import { PageTitle } from "../../components/page-title.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { TabPanel, Tabs } from "../../components/tabs.tsx";
import { usePromotions } from "../../features/promotions/promotions-api.ts";
import { formatDate, formatMoneyString } from "../../lib/format.ts";
import "../shared/pages.css";
import "./promotions.css";

/** spec §2 "promotion type filters": all, then every type the operator may give a promotion. */
const PROMO_TABS = ["all", ...PromotionTypes] as const;
type PromoTab = (typeof PROMO_TABS)[number];

/** spec §2 /promotions: the promotions by type, each with the player's status (spec §4). */
export default function PromotionsPage() {
  const { t } = useTranslation();
  const [type, setType] = useState<PromoTab>("all");
  const { data, isPending, isError, refetch } = usePromotions(type);
  return (
    <div className="page container" data-testid="page-promotions">
      <PageTitle title={t("title.promotions")} lead={t("lead.promotions")} />
      <Tabs
        idBase="promo"
        label={t("promotions.types")}
        items={PROMO_TABS.map((p) => ({ id: p, label: t(`promotions.type.${p}`) }))}
        value={type}
        onChange={setType}
        className="promo-tabs"
        testIdPrefix="promo-tab-"
      />
      <TabPanel idBase="promo" selected={type}>
        {isPending && <Skeleton lines={6} />}
        {isError && (
          <div className="load-failed compact" role="alert">
            <p>{t("errors.network")}</p>
            <button type="button" className="btn btn-primary" onClick={() => refetch()}>
              {t("common.retry")}
            </button>
          </div>
        )}
        {data?.length === 0 && (
          <EmptyState icon="gift" title={t("promotions.emptyTitle")} text={t("promotions.emptyText")} />
        )}
        {data && data.length > 0 && (
          <ul className="promo-grid">
            {data.map((p) => (
              <li key={p.id}>
                <PromoCardView promo={p} />
              </li>
            ))}
          </ul>
        )}
      </TabPanel>
    </div>
  );
}

function PromoCardView({ promo }: { promo: PromotionCard }) {
  const { t } = useTranslation();
  const lang = document.documentElement.lang;
  return (
    <Link
      to={`/promoDetail?id=${promo.id}`}
      className="card promo-card"
      data-testid={`promo-card-${promo.id}`}
      aria-label={promo.title}
    >
      {promo.bannerUrl ? (
        <img className="promo-banner" src={promo.bannerUrl} alt="" loading="lazy" />
      ) : (
        <span className={`promo-banner promo-banner-${promo.type}`} aria-hidden="true" />
      )}
      <span className="promo-card-body">
        <span className="promo-type">{t(`promotions.type.${promo.type}`)}</span>
        <span className="promo-title">{promo.title}</span>
        {promo.rewardAmount && (
          <span className="promo-reward">
            {t(promo.rewardKind === "bonus" ? "promotions.rewardBonus" : "promotions.rewardCash", {
              amount: formatMoneyString(promo.rewardAmount),
            })}
          </span>
        )}
        <span className="promo-period">{period(promo, lang, t)}</span>
        <StatusBadge status={promo.status} />
      </span>
    </Link>
  );
}

export function period(
  p: { startsAt: string | null; endsAt: string | null },
  lang: string,
  t: (k: string, o?: Record<string, string>) => string,
): string {
  if (p.startsAt && p.endsAt)
    return t("promotions.period", { from: formatDate(p.startsAt, lang), to: formatDate(p.endsAt, lang) });
  if (p.endsAt) return t("promotions.until", { to: formatDate(p.endsAt, lang) });
  if (p.startsAt) return t("promotions.from", { from: formatDate(p.startsAt, lang) });
  return t("promotions.always");
}

export function StatusBadge({ status }: { status: PromotionCard["status"] }) {
  const { t } = useTranslation();
  const key = status === "coming soon" ? "comingSoon" : status;
  return (
    <span className={`promo-status status-${key}`} data-testid="promo-status" data-status={status}>
      {t(`promotions.status.${key}`)}
    </span>
  );
}

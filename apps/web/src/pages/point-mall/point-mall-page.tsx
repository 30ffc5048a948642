import "../../features/i18n/texts/pointMall.ts";
import type { MallItemView } from "@panalo/contracts/loyalty";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { queryClient } from "../../app/query-client.ts";
import { EmptyState } from "../../components/empty-state.tsx";
import { Field } from "../../components/field.tsx";
import { Modal } from "../../components/modal.tsx";
import { PageTitle } from "../../components/page-title.tsx";
import { TabPanel, Tabs } from "../../components/tabs.tsx";
import { toast } from "../../components/toast.tsx";
import {
  LOYALTY_KEY,
  redeemItem,
  useLoyaltyPushes,
  useMallItems,
  usePointBalance,
  usePointRecords,
  useRedeemList,
} from "../../features/loyalty/loyalty-api.ts";
import { useSession } from "../../features/session/session-store.ts";
import { failureText } from "../../lib/api.ts";
import { formatCount, formatDateTime } from "../../lib/format.ts";
import { ConvertPoints } from "./convert-points.tsx";
import "../shared/pages.css";

const MALL_TABS = ["rewards", "history", "records"] as const;
type MallTab = (typeof MALL_TABS)[number];

/**
 * spec §2 /pointMall: the points balance, the rewards to redeem (spec §5: the transaction
 * password, and for goods a receiving address and mobile number), the redeem history with its
 * statuses (§4) and the points records (§3).
 */
export default function PointMallPage() {
  const { t, i18n } = useTranslation();
  const loggedIn = useSession((s) => s.token !== null);
  const [tab, setTab] = useState<MallTab>("rewards");
  const balance = usePointBalance();
  useLoyaltyPushes();
  return (
    <div className="page container" data-testid="page-point-mall">
      <PageTitle title={t("title.pointMall")} lead={t("lead.pointMall")} />
      <section className="card points-card" aria-labelledby="points-title">
        <h2 id="points-title">{t("pointMall.balance")}</h2>
        {loggedIn ? (
          <>
            <p className="points-value" data-testid="points-balance">
              {balance.data ? formatCount(balance.data.balance, i18n.language) : "—"}
            </p>
            <ConvertPoints balance={balance.data?.balance} />
          </>
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
        {!loggedIn ? (
          <EmptyState icon="gift" title={t("pointMall.noRewards")} text={t("pointMall.emptyText")} />
        ) : tab === "rewards" ? (
          <Rewards />
        ) : tab === "history" ? (
          <History />
        ) : (
          <Records />
        )}
      </TabPanel>
    </div>
  );
}

function Rewards() {
  const { t, i18n } = useTranslation();
  const items = useMallItems();
  const [chosen, setChosen] = useState<MallItemView | null>(null);
  const list = items.data?.list ?? [];
  if (list.length === 0)
    return <EmptyState icon="gift" title={t("pointMall.noRewards")} text={t("pointMall.emptyText")} />;
  return (
    <>
      <ul className="mall-grid" data-testid="mall-items">
        {list.map((it) => (
          <li key={it.id} className="card mall-item" data-testid={`mall-item-${it.id}`}>
            {it.imageUrl && <img src={it.imageUrl} alt="" loading="lazy" width={160} height={120} />}
            <h3>{it.name}</h3>
            <p>{t("pointMall.price", { points: formatCount(it.price, i18n.language) })}</p>
            {it.stock !== null && <p>{t("pointMall.stock", { n: it.stock })}</p>}
            {it.freeSpins && (
              <p data-testid={`mall-free-spins-${it.id}`}>
                {t("pointMall.freeSpins", {
                  n: it.freeSpins.spins,
                  game: it.freeSpins.gameCode,
                  bet: it.freeSpins.betPerLine,
                  days: it.freeSpins.expiryDays,
                })}
              </p>
            )}
            <button
              type="button"
              className="btn btn-gold btn-sm"
              disabled={it.stock === 0}
              onClick={() => setChosen(it)}
              data-testid={`redeem-${it.id}`}
            >
              {t("pointMall.redeem")}
            </button>
          </li>
        ))}
      </ul>
      {chosen && <RedeemForm item={chosen} onClose={() => setChosen(null)} />}
    </>
  );
}

function RedeemForm({ item, onClose }: { item: MallItemView; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [password, setPassword] = useState("");
  const [address, setAddress] = useState("");
  const [mobile, setMobile] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [requestId] = useState(() => crypto.randomUUID());
  const goods = item.kind === "goods";
  const submit = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await redeemItem({ itemId: item.id, requestId, password, ...(goods ? { address, mobile } : {}) });
      toast(t("pointMall.redeemed"), "success");
      await queryClient.invalidateQueries({ queryKey: LOYALTY_KEY });
      onClose();
    } catch (err) {
      setError(failureText(err, t("errors.unknown"), t("errors.network")));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title={item.name}
      onClose={onClose}
      testId="redeem-form"
      footer={
        <div className="dialog-buttons">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t("common.cancel")}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy || !password}
            onClick={submit}
            data-testid="redeem-submit"
          >
            {t("pointMall.redeem")}
          </button>
        </div>
      }
    >
      <p>{t("pointMall.price", { points: formatCount(item.price, i18n.language) })}</p>
      {goods && (
        <>
          <Field id="redeem-address" label={t("pointMall.address")} required>
            <input
              id="redeem-address"
              className="input"
              value={address}
              onChange={(e) => setAddress(e.target.value)}
            />
          </Field>
          <Field id="redeem-mobile" label={t("pointMall.mobile")} required>
            <input
              id="redeem-mobile"
              className="input"
              inputMode="tel"
              value={mobile}
              onChange={(e) => setMobile(e.target.value)}
            />
          </Field>
        </>
      )}
      <Field id="redeem-password" label={t("pointMall.password")} required error={error}>
        <input
          id="redeem-password"
          className="input"
          type="password"
          autoComplete="off"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </Field>
    </Modal>
  );
}

function History() {
  const { t, i18n } = useTranslation();
  const rows = useRedeemList().data?.list ?? [];
  if (rows.length === 0)
    return <EmptyState icon="gift" title={t("pointMall.noHistory")} text={t("pointMall.emptyText")} />;
  return (
    <div className="card table-card table-wrap">
      <table className="table" data-testid="redeem-history">
        <thead>
          <tr>
            <th scope="col">{t("pointMall.item")}</th>
            <th scope="col">{t("pointMall.points")}</th>
            <th scope="col">{t("pointMall.status")}</th>
            <th scope="col">{t("pointMall.time")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <td>
                {r.item}
                {r.freeSpins && (
                  <small className="block" data-testid={`redeem-free-spins-${r.id}`}>
                    {t("pointMall.freeSpinsUntil", {
                      n: r.freeSpins.spins,
                      game: r.freeSpins.gameCode,
                      date: formatDateTime(r.freeSpins.expiresAt, i18n.language),
                    })}
                    {r.freeSpins.delivery === "granted" && (
                      <span data-testid={`redeem-free-spins-played-${r.id}`}>
                        {" · "}
                        {t("pointMall.freeSpinsPlayed", {
                          played: r.freeSpins.played ?? 0,
                          n: r.freeSpins.spins,
                        })}
                      </span>
                    )}
                  </small>
                )}
              </td>
              <td>{formatCount(r.points, i18n.language)}</td>
              <td data-testid={`redeem-status-${r.id}`}>
                {t(`pointMall.st_${r.status}`)}
                {r.tracking ? ` · ${r.tracking}` : ""}
                {r.status === "approved" && r.freeSpins?.delivery === "pending"
                  ? ` · ${t("pointMall.delivering")}`
                  : ""}
                {r.status === "rejected" && r.reason && (
                  <small className="block" data-testid={`redeem-reason-${r.id}`}>
                    {r.reason}
                  </small>
                )}
              </td>
              <td>{formatDateTime(r.createdAt, i18n.language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Records() {
  const { t, i18n } = useTranslation();
  const rows = usePointRecords().data?.list ?? [];
  if (rows.length === 0)
    return <EmptyState icon="gift" title={t("pointMall.noRecords")} text={t("pointMall.emptyText")} />;
  return (
    <div className="card table-card table-wrap">
      <table className="table" data-testid="points-records">
        <thead>
          <tr>
            <th scope="col">{t("pointMall.time")}</th>
            <th scope="col">{t("pointMall.remark")}</th>
            <th scope="col">{t("pointMall.changed")}</th>
            <th scope="col">{t("pointMall.balanceAfter")}</th>
            <th scope="col">{t("pointMall.status")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <td>{formatDateTime(r.time, i18n.language)}</td>
              <td>{t(`pointMall.type_${r.type}`, { defaultValue: r.type })}</td>
              <td>{r.changedPoints > 0 ? `+${r.changedPoints}` : r.changedPoints}</td>
              <td>{formatCount(r.pointsBalance, i18n.language)}</td>
              <td>{t(`pointMall.st_${r.status}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import "../../i18n/texts/centre.ts";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { queryClient } from "../../../app/query-client.ts";
import { EmptyState } from "../../../components/empty-state.tsx";
import { formatMoneyString } from "../../../lib/format.ts";
import {
  LOYALTY_KEY,
  markMissionsSeen,
  useLeaderboard,
  useLoyaltyPushes,
  useMissions,
  useVip,
} from "../../loyalty/loyalty-api.ts";
import { useSession } from "../../session/session-store.ts";
import "../wallet/wallet.css";
import "../rewards/rewards.css";

/**
 * missionLeaderboard (spec §2): the member's VIP level, the progress to
 * the next one and the level's perks; the missions with their progress (live: the hub tells the
 * page when a settled bet moved them); each campaign's leaderboard with the member's own rank.
 * Opening the page clears the unread badge. Prizes are claimed in the reward centre.
 */
/** rebate_rate_ppm is millionths of the valid bet: 10000 → "1". */
const percentOfPpm = (ppm: number) => String(ppm / 10_000);

/** Progress toward one threshold of the next level (amounts are decimal strings). */
function VipProgress(props: { label: string; value: string; target: string }) {
  const target = Number(props.target);
  if (!(target > 0)) return null;
  const value = Math.min(Number(props.value), target);
  return (
    <div>
      <progress max={target} value={value} aria-label={props.label} /> {props.label}{" "}
      {formatMoneyString(props.value)} / {formatMoneyString(props.target)}
    </div>
  );
}

export default function MissionLeaderboardPage() {
  const { t } = useTranslation();
  useLoyaltyPushes();
  const vip = useVip().data;
  // spec §3 client state vipService: the member label's name (kept in step by member info).
  const vipService = useSession((s) => s.vipService);
  const missions = useMissions().data;
  const board = useLeaderboard().data;
  const unread = missions?.unread ?? 0;
  useEffect(() => {
    if (unread > 0)
      void markMissionsSeen().then(() => queryClient.invalidateQueries({ queryKey: LOYALTY_KEY }));
  }, [unread]);
  return (
    <div className="wallet-page rewards-page" data-testid="missions">
      <h2>{t("member.page.missionLeaderboard")}</h2>
      {vip && (
        <section className="wallet-section" data-testid="vip-card">
          <h3 data-testid="vip-level">{vip.current?.name ?? vipService ?? `VIP${vip.level}`}</h3>
          <p>
            {t("loyalty.window", { days: vip.windowDays })}: {t("loyalty.validBet")}{" "}
            {formatMoneyString(vip.validBet)} · {t("loyalty.deposit")} {formatMoneyString(vip.deposit)}
          </p>
          {vip.next && (
            <div data-testid="vip-next">
              <p>{t("loyalty.next", { name: vip.next.name })}</p>
              <VipProgress label={t("loyalty.validBet")} value={vip.validBet} target={vip.next.minValidBet} />
              <VipProgress label={t("loyalty.deposit")} value={vip.deposit} target={vip.next.minDeposit} />
            </div>
          )}
          {vip.current && (
            <ul data-testid="vip-perks">
              {vip.current.rebateRatePpm > 0 && (
                <li>{t("loyalty.rebateRate", { rate: percentOfPpm(vip.current.rebateRatePpm) })}</li>
              )}
              {vip.pointsRates.map((r) => (
                <li key={r.gameType}>
                  {t("loyalty.pointsRate", { category: r.gameType, points: r.pointsPerPeso })}
                </li>
              ))}
              {vip.level > 0 && (
                <>
                  <li>
                    {t("loyalty.upgradeBonus", { amount: formatMoneyString(vip.current.upgradeBonus) })}
                  </li>
                  <li>
                    {t("loyalty.birthdayBonus", { amount: formatMoneyString(vip.current.birthdayBonus) })}
                  </li>
                </>
              )}
              {vip.current.withdrawDailyMax && (
                <li>
                  {t("loyalty.withdrawMax", { amount: formatMoneyString(vip.current.withdrawDailyMax) })}
                </li>
              )}
              {vip.current.withdrawDailyCount && (
                <li>{t("loyalty.withdrawCount", { count: vip.current.withdrawDailyCount })}</li>
              )}
              {vip.current.vipService && <li>{t("loyalty.vipService")}</li>}
            </ul>
          )}
        </section>
      )}
      <section className="wallet-section">
        <h3>{t("loyalty.missions")}</h3>
        {(missions?.list.length ?? 0) === 0 ? (
          <EmptyState icon="trophy" title={t("loyalty.noMissions")} />
        ) : (
          <ul className="mission-list">
            {missions?.list.map((m) => (
              <li key={m.id} data-testid={`mission-${m.id}`} data-completed={m.completed}>
                <strong>{m.name}</strong> {m.completed ? `✓ ${t("loyalty.completed")}` : ""}
                {m.tasks.map((task, i) => (
                  <div key={`${m.id}-${task.type}-${task.target}`}>
                    <progress
                      max={task.target}
                      value={Math.min(task.progress, task.target)}
                      aria-label={m.name}
                      data-testid={`mission-${m.id}-task-${i}`}
                    />{" "}
                    {Math.min(task.progress, task.target)} / {task.target}
                  </div>
                ))}
              </li>
            ))}
          </ul>
        )}
      </section>
      {board?.campaigns.map((c) => (
        <section key={c.id} className="wallet-section">
          <h3>{c.name}</h3>
          {c.own && <p>{t("loyalty.ownRank", { rank: c.own.rank, score: c.own.score })}</p>}
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t("rank.position")}</th>
                  <th scope="col">{t("rank.player")}</th>
                  <th scope="col">{t("loyalty.score")}</th>
                </tr>
              </thead>
              <tbody>
                {c.top.map((r) => (
                  <tr key={`${r.rank}-${r.name}`}>
                    <td>{r.rank}</td>
                    <td>{r.name}</td>
                    <td>{r.score}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
    </div>
  );
}

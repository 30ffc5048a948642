import "../../i18n/texts/centre.ts";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../lib/format.ts";
import { useBalance } from "../../account/member-api.ts";
import { useLocale } from "../wallet/locale.ts";
import { money } from "../wallet/money.ts";
import { useRaffles } from "./rewards-api.ts";

/**
 * Raffles under the reward centre: each raffle's ticket rules, the player's
 * tickets, the prizes, and — commit-reveal — the published seed hash, then after the draw the
 * seed and the winning tickets, so anyone can check the draw.
 */
export function RaffleList(props: { onClaim: (raffleId: number) => void; busy: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const symbol = useBalance().data?.currencySymbol;
  const raffles = useRaffles().data ?? [];
  if (raffles.length === 0) return null;
  return (
    <section className="wallet-section" data-testid="raffles">
      <h3>{t("rewards.raffles")}</h3>
      {raffles.map((r) => (
        <article key={r.id} className="raffle-card" data-testid="raffle">
          <header>
            <strong>{r.title}</strong>
            <span className="muted">
              {formatDateTime(r.startsAt, locale)} – {formatDateTime(r.endsAt, locale)}
            </span>
          </header>
          <p className="muted">
            {r.ticketPerDeposit &&
              t("rewards.ticketPerDeposit", { amount: money(symbol, r.ticketPerDeposit) })}{" "}
            {r.ticketPerBet && t("rewards.ticketPerBet", { amount: money(symbol, r.ticketPerBet) })}
          </p>
          <p>
            {t("rewards.myTickets")}: <strong data-testid="raffle-tickets">{r.myTickets}</strong>
          </p>
          <ol className="raffle-prizes">
            {r.prizes.map((p) => {
              const w = r.winners.find((x) => x.rank === p.rank);
              return (
                <li key={p.rank}>
                  {money(symbol, p.amount)}
                  {w && ` — ${t("rewards.ticketNo", { ticket: w.ticket })} ${w.member}`}
                </li>
              );
            })}
          </ol>
          <p className="raffle-seed muted">
            {t("rewards.seedHash")}: <code>{r.seedHash}</code>
            {r.serverSeed && (
              <>
                <br />
                {t("rewards.serverSeed")}: <code>{r.serverSeed}</code>
              </>
            )}
          </p>
          {r.status === "drawn" && (
            <button
              type="button"
              className="btn btn-small"
              disabled={props.busy}
              onClick={() => props.onClaim(r.id)}
              data-testid="raffle-claim"
            >
              {t("rewards.claimPrize")}
            </button>
          )}
        </article>
      ))}
    </section>
  );
}

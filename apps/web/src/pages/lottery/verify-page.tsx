import "../../features/i18n/texts/lottery.ts";
import type { LotteryDraw } from "@panalo/contracts/lottery";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { PageTitle } from "../../components/page-title.tsx";
import { type VerifyOutcome, verifyDraw } from "../../features/lottery/draw-verify.ts";
import { fetchDraw, lotteryKeys, useLotteryMenu } from "../../features/lottery/lottery-api.ts";
import { ApiError } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/format.ts";
import { ResultBalls } from "./result-balls.tsx";
import "./lottery.css";

/**
 * The lottery verify page (anyone can verify a result from the seed). It
 * shows the draw's published hash, the revealed seed and the result, then recomputes both in
 * this browser (WebCrypto: SHA-256 of the seed, and the HMAC-SHA256 stream that draws the
 * numbers) — nothing of the check is taken on the server's word.
 */
export default function LotteryVerifyPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const drawNo = params.get("drawNo") ?? "";
  const [input, setInput] = useState(drawNo);
  const menu = useLotteryMenu();
  const draw = useQuery({
    queryKey: lotteryKeys.draw(drawNo),
    queryFn: ({ signal }) => fetchDraw(drawNo, signal),
    enabled: drawNo !== "",
    retry: false,
  });
  const game = menu.data?.games.find((g) => g.code === draw.data?.gameCode);
  const check = useQuery({
    queryKey: ["lottery", "verify", drawNo, draw.data?.seed, game?.code],
    queryFn: () => runCheck(draw.data, game),
    enabled: Boolean(draw.data?.seed && draw.data.result && game),
    staleTime: Number.POSITIVE_INFINITY,
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const v = input.trim();
    if (v) setParams({ drawNo: v });
  };

  return (
    <div className="page container lotto-verify" data-testid="page-lottery-verify">
      <PageTitle title={t("lottery.verifyTitle")} lead={t("lottery.verifyLead")}>
        <Link to="/lottery">{t("lottery.backToLottery")}</Link>
      </PageTitle>
      <form className="card lotto-verify-form" onSubmit={submit}>
        <label className="field-label" htmlFor="verify-draw-no">
          {t("lottery.drawNo")}
        </label>
        <div className="lotto-builder-row">
          <input
            id="verify-draw-no"
            className="input"
            value={input}
            onChange={(e) => setInput(e.target.value)}
            autoComplete="off"
            data-testid="verify-draw-input"
          />
          <button type="submit" className="btn btn-primary">
            {t("lottery.verify")}
          </button>
        </div>
      </form>
      {drawNo !== "" && (
        <section className="card" aria-live="polite" data-testid="verify-panel">
          {draw.isError ? (
            <p className="field-error" role="alert">
              {draw.error instanceof ApiError && draw.error.message
                ? draw.error.message
                : t("lottery.drawNotFound")}
            </p>
          ) : !draw.data ? (
            <p className="muted">{t("common.loading")}</p>
          ) : (
            <>
              <dl>
                <dt>{t("lottery.drawNo")}</dt>
                <dd data-testid="verify-draw-no">{draw.data.drawNo}</dd>
                <dt>{t("lottery.game")}</dt>
                <dd>{game?.name ?? draw.data.gameCode}</dd>
                <dt>{t("lottery.drawTime")}</dt>
                <dd>{formatDateTime(draw.data.drawAt, i18n.language)}</dd>
                <dt>{t("lottery.seedHash")}</dt>
                <dd>
                  <code data-testid="verify-published-hash">{draw.data.seedHash}</code>
                </dd>
                <dt>{t("lottery.seed")}</dt>
                <dd>
                  {draw.data.seed ? (
                    <code data-testid="verify-seed">{draw.data.seed}</code>
                  ) : (
                    t("lottery.seedHidden")
                  )}
                </dd>
                <dt>{t("lottery.result")}</dt>
                <dd>
                  {draw.data.result ? (
                    <ResultBalls
                      numbers={draw.data.result}
                      label={t("lottery.resultOf", { drawNo: draw.data.drawNo })}
                      testId="verify-published-result"
                    />
                  ) : (
                    t("lottery.notDrawn")
                  )}
                </dd>
              </dl>
              {check.data && <Verdict outcome={check.data} />}
              {check.isError && (
                <p className="field-error" role="alert">
                  {t("lottery.verifyFailed")}
                </p>
              )}
            </>
          )}
        </section>
      )}
    </div>
  );
}

async function runCheck(
  draw: LotteryDraw | undefined,
  game: { code: string; kind: "digits" | "pick"; count: number; max: number } | undefined,
): Promise<VerifyOutcome> {
  if (!draw?.seed || !draw.result || !game) throw new Error("nothing to verify");
  return verifyDraw(game, draw.seed, draw.drawNo, { hash: draw.seedHash, result: draw.result });
}

function Verdict({ outcome }: { outcome: VerifyOutcome }) {
  const { t } = useTranslation();
  const ok = outcome.hashMatches && outcome.resultMatches;
  return (
    <div>
      <dl>
        <dt>{t("lottery.computedHash")}</dt>
        <dd>
          <code data-testid="verify-hash">{outcome.computedHash}</code>
        </dd>
        <dt>{t("lottery.computedResult")}</dt>
        <dd>
          <ResultBalls
            numbers={outcome.computedResult}
            label={t("lottery.computedResult")}
            size="sm"
            testId="verify-result"
          />
        </dd>
      </dl>
      <p
        className={ok ? "lotto-verdict is-ok" : "lotto-verdict is-bad"}
        data-testid="verify-verdict"
        data-valid={ok}
      >
        {ok
          ? t("lottery.verifiedOk")
          : !outcome.hashMatches
            ? t("lottery.verifiedBadHash")
            : t("lottery.verifiedBadResult")}
      </p>
    </div>
  );
}

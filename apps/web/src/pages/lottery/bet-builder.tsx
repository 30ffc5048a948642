import "../../features/i18n/texts/lottery.ts";
import type { LotteryDraw, LotteryGameInfo, LotteryPlayType } from "@panalo/contracts/lottery";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { TabPanel, Tabs } from "../../components/tabs.tsx";
import {
  betTypesOf,
  MAX_REPEAT,
  parseStake,
  playTypesOf,
  quickPick,
  type SlipEntry,
  selectionProblem,
} from "../../features/lottery/slip.ts";
import { formatMoneyString } from "../../lib/format.ts";
import { NumberPicker } from "./number-picker.tsx";

let lineSeq = 0;
const nextLineId = () => {
  lineSeq += 1;
  return `line-${lineSeq}`;
};

/**
 * Building one selection: the play type (spec §2: single, double, direct), the numbers (or
 * quick pick), the stake per draw, the first draw and how many draws to repeat it on. "Add to
 * slip" puts one line per bet type of the play type on the slip.
 */
export function BetBuilder(props: {
  game: LotteryGameInfo;
  draws: readonly LotteryDraw[];
  playType: LotteryPlayType;
  onPlayType: (p: LotteryPlayType) => void;
  onAdd: (entries: SlipEntry[]) => void;
  symbol: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { game, draws, playType, onPlayType, onAdd, symbol } = props;
  const plays = playTypesOf(game);
  const play = plays.includes(playType) ? playType : (plays[0] ?? "single");
  const [selection, setSelection] = useState<(number | null)[]>([]);
  const [quick, setQuick] = useState(false);
  const [stakeText, setStakeText] = useState(formatMoneyString(game.minStake));
  const [drawNo, setDrawNo] = useState("");
  const [repeatText, setRepeatText] = useState("1");
  const [problem, setProblem] = useState<string | null>(null);

  // A new game starts a new selection at its own smallest stake.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of game (its code) is what resets the builder
  useEffect(() => {
    setSelection([]);
    setQuick(false);
    setProblem(null);
    setStakeText(formatMoneyString(game.minStake));
    setRepeatText("1");
  }, [game.code, game.minStake]);

  const firstDraw = draws.find((d) => d.drawNo === drawNo) ?? draws[0];
  const betTypes = betTypesOf(game, play);

  const add = () => {
    for (const bt of betTypes) {
      const p = selectionProblem(game, bt, selection);
      if (p) {
        setProblem(t(`lottery.problem.${p}`));
        return;
      }
    }
    const stake = parseStake(stakeText);
    const min = parseStake(game.minStake) ?? 0n;
    const max = parseStake(game.maxStake) ?? 0n;
    if (stake === null) return setProblem(t("lottery.problem.stake"));
    if (stake < min || stake > max) {
      return setProblem(
        t("lottery.problem.stakeRange", {
          min: `${symbol}${formatMoneyString(game.minStake)}`,
          max: `${symbol}${formatMoneyString(game.maxStake)}`,
        }),
      );
    }
    const repeat = Number(repeatText);
    if (!Number.isInteger(repeat) || repeat < 1 || repeat > MAX_REPEAT) {
      return setProblem(t("lottery.problem.repeat", { max: MAX_REPEAT }));
    }
    if (!firstDraw) return setProblem(t("lottery.noOpenDraw"));
    setProblem(null);
    const numbers = selection.filter((v): v is number => v !== null);
    onAdd(
      betTypes.map((betType) => ({
        id: nextLineId(),
        gameCode: game.code,
        gameName: game.name,
        betType,
        selection: numbers,
        stakeMinor: stake,
        drawNo: firstDraw.drawNo,
        repeat,
        quickPick: quick,
      })),
    );
    setSelection([]);
    setQuick(false);
  };

  const pickShape = { kind: game.kind, count: game.count, max: game.max };
  return (
    <section className="lotto-builder card" aria-labelledby={`${id}-title`} data-testid="lotto-builder">
      <h2 id={`${id}-title`} className="lotto-section-title">
        {t("lottery.chooseNumbers")}
      </h2>
      <Tabs
        idBase="play"
        label={t("lottery.playType")}
        items={plays.map((p) => ({ id: p, label: t(`lottery.${p}`) }))}
        value={play}
        onChange={onPlayType}
        testIdPrefix="play-tab-"
      />
      <TabPanel idBase="play" selected={play} className="lotto-play-panel">
        <p className="muted lotto-play-hint" data-testid="play-hint">
          {t(`lottery.hint.${game.kind === "pick" ? "pick" : play}`)}
        </p>
        <NumberPicker
          shape={pickShape}
          value={selection}
          onChange={(next) => {
            setSelection(next);
            setQuick(false);
            setProblem(null);
          }}
        />
        <div className="lotto-builder-row">
          <button
            type="button"
            className="btn btn-outline btn-sm"
            data-testid="quick-pick"
            onClick={() => {
              setSelection(quickPick(game, betTypes[betTypes.length - 1] ?? "straight"));
              setQuick(true);
              setProblem(null);
            }}
          >
            {t("lottery.quickPick")}
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => {
              setSelection([]);
              setProblem(null);
            }}
          >
            {t("lottery.clear")}
          </button>
        </div>
        <div className="lotto-builder-fields">
          <div className="field">
            <label className="field-label" htmlFor={`${id}-stake`}>
              {t("lottery.stake", { symbol })}
            </label>
            <input
              id={`${id}-stake`}
              className="input"
              inputMode="decimal"
              autoComplete="off"
              value={stakeText}
              onChange={(e) => setStakeText(e.target.value)}
              data-testid="stake-input"
              aria-describedby={`${id}-stake-hint`}
            />
            <p className="muted lotto-field-hint" id={`${id}-stake-hint`}>
              {t("lottery.stakeHint", {
                min: `${symbol}${formatMoneyString(game.minStake)}`,
                max: `${symbol}${formatMoneyString(game.maxStake)}`,
              })}
            </p>
          </div>
          <div className="field">
            <label className="field-label" htmlFor={`${id}-draw`}>
              {t("lottery.firstDraw")}
            </label>
            <select
              id={`${id}-draw`}
              className="input"
              value={firstDraw?.drawNo ?? ""}
              onChange={(e) => setDrawNo(e.target.value)}
              data-testid="draw-select"
            >
              {draws.map((d) => (
                <option key={d.drawNo} value={d.drawNo}>
                  {d.drawNo}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field-label" htmlFor={`${id}-repeat`}>
              {t("lottery.repeat")}
            </label>
            <input
              id={`${id}-repeat`}
              className="input"
              type="number"
              min={1}
              max={MAX_REPEAT}
              value={repeatText}
              onChange={(e) => setRepeatText(e.target.value)}
              data-testid="repeat-input"
            />
          </div>
        </div>
        {problem && (
          <p className="field-error" role="alert" data-testid="builder-error">
            {problem}
          </p>
        )}
        <button type="button" className="btn btn-primary btn-block" onClick={add} data-testid="add-to-slip">
          {betTypes.length > 1 ? t("lottery.addBoth") : t("lottery.addToSlip")}
        </button>
      </TabPanel>
    </section>
  );
}

import "../../features/i18n/texts/lottery.ts";
import type { LotteryDraw, LotteryPlayType } from "@panalo/contracts/lottery";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { showDialog } from "../../components/dialogs.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { PageTitle } from "../../components/page-title.tsx";
import { TabPanel, Tabs } from "../../components/tabs.tsx";
import { toast } from "../../components/toast.tsx";
import { openLogin } from "../../features/account/account-ui.ts";
import { useBalance } from "../../features/account/member-api.ts";
import { secondsUntil, serverNow } from "../../features/lottery/clock.ts";
import { readFavourites, toggleFavourite } from "../../features/lottery/favourites.ts";
import {
  cancelSlip,
  lotteryKeys,
  placeSlip,
  useLotteryMenu,
  useLotteryResults,
  useLotterySession,
  useOpenDraws,
  useRecentLottery,
} from "../../features/lottery/lottery-api.ts";
import { lineOfPath, type SlipEntry, toSlipLines } from "../../features/lottery/slip.ts";
import { useLotteryEvents } from "../../features/lottery/use-lottery-events.ts";
import { MEMBER_QUERY_ROOT, useSession } from "../../features/session/session-store.ts";
import { ApiError } from "../../lib/api.ts";
import { formatMoneyString } from "../../lib/format.ts";
import { BetBuilder } from "./bet-builder.tsx";
import { BetSlip } from "./bet-slip.tsx";
import { DrawPanel } from "./draw-panel.tsx";
import { GameMenu } from "./game-menu.tsx";
import { MyBets } from "./my-bets.tsx";
import { ResultsPanel } from "./results-panel.tsx";
import "./lottery.css";

const PLAY_TYPES: readonly LotteryPlayType[] = ["single", "double", "direct"];
const isPlayType = (v: string | null): v is LotteryPlayType =>
  v !== null && (PLAY_TYPES as readonly string[]).includes(v);

/** The draws still on sale, soonest first (the one whose cut-off passed is no longer offered). */
function onSale(draws: readonly LotteryDraw[], now: number): LotteryDraw[] {
  return draws.filter((d) => d.status === "open" && secondsUntil(d.cutoffAt, now) > 0);
}

/**
 * spec §2 /lottery: the SEA lottery (vendor TCG_SEA), no banner, no head nav; the query's
 * gameCode and playType choose the game and play type on arrival (vendor is always TCG_SEA).
 * Menu with tags, countdown, the draw on sale, results and history, the slip,
 * my bets, favourites and recent. Results and wins arrive live from the RGS's event stream.
 */
export default function LotteryPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const token = useSession((s) => s.token);
  const username = useSession((s) => s.username);
  const loggedIn = token !== null;
  const menu = useLotteryMenu();
  const session = useLotterySession();
  const balance = useBalance();
  const symbol = balance.data?.currencySymbol ?? "₱";
  const games = menu.data?.games ?? [];

  const wanted = params.get("gameCode");
  const selectedCode = games.some((g) => g.code === wanted) ? wanted : (games[0]?.code ?? null);
  const game = games.find((g) => g.code === selectedCode) ?? null;
  const queryPlay = params.get("playType");
  const [playType, setPlayType] = useState<LotteryPlayType>(isPlayType(queryPlay) ? queryPlay : "single");

  const open = useOpenDraws(selectedCode);
  const results = useLotteryResults(selectedCode);
  const recent = useRecentLottery(session.data);
  const [favourites, setFavourites] = useState<string[]>(() => readFavourites(username));
  useEffect(() => setFavourites(readFavourites(username)), [username]);

  const [entries, setEntries] = useState<SlipEntry[]>([]);
  const [placing, setPlacing] = useState(false);
  const [slipError, setSlipError] = useState<string | null>(null);
  const [refused, setRefused] = useState<ReadonlySet<number>>(new Set());
  const [cancelling, setCancelling] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [tab, setTab] = useState<"results" | "bets">("results");
  const requestId = useRef<string | null>(null);

  // The draw list ticks over at each cut-off: ask again when the soonest one closes.
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `tick` re-evaluates the sale window each second
  const draws = useMemo(() => {
    const list = open.data?.items ?? (game?.currentDraw ? [game.currentDraw] : []);
    return onSale(list, serverNow());
  }, [open.data, game, tick]);
  const current = draws[0] ?? null;
  const soonest = open.data?.items[0];
  // biome-ignore lint/correctness/useExhaustiveDependencies: `tick` checks the cut-off each second
  useEffect(() => {
    // At most every 3 s: the server may still list it for a moment if the clocks differ slightly.
    const stale = Date.now() - open.dataUpdatedAt > 3000;
    if (soonest && secondsUntil(soonest.cutoffAt) === 0 && !open.isFetching && stale) void open.refetch();
  }, [soonest, open, tick]);

  useLotteryEvents(session.data, {
    onResult: (draw) => {
      const name = games.find((g) => g.code === draw.gameCode)?.name ?? draw.gameCode;
      if (draw.gameCode === selectedCode) {
        setAnnouncement(
          t("lottery.announceResult", { game: name, drawNo: draw.drawNo, numbers: draw.result?.join(", ") }),
        );
      }
    },
    onSettlement: (e) => {
      const won = e.win !== "0.00";
      const text = won
        ? t("lottery.announceWin", { amount: `${symbol}${formatMoneyString(e.win)}`, drawNo: e.drawNo })
        : t("lottery.announceLoss", { drawNo: e.drawNo });
      setAnnouncement(text);
      toast(text, won ? "success" : "info");
      // The balance push normally brings the credit; ask once more in case this tab missed it.
      if (won) void queryClient.invalidateQueries({ queryKey: [MEMBER_QUERY_ROOT, "balance"] });
    },
  });

  const selectGame = (code: string) => {
    const next = new URLSearchParams(params);
    next.set("gameCode", code);
    setParams(next, { replace: true });
  };
  const choosePlay = (p: LotteryPlayType) => {
    setPlayType(p);
    const next = new URLSearchParams(params);
    next.set("playType", p);
    setParams(next, { replace: true });
  };

  const addEntries = (added: SlipEntry[]) => {
    setEntries((list) => [...list, ...added].slice(0, 50));
    setSlipError(null);
    setRefused(new Set());
    setAnnouncement(t("lottery.added", { n: added.length }));
  };

  /** spec §5 login check: a guest gets the login popup; a refused session shows why. */
  const requestPlace = (): boolean => {
    if (!loggedIn) {
      openLogin({ reason: "required" });
      return false;
    }
    if (session.error) {
      const text =
        session.error instanceof ApiError && session.error.message
          ? session.error.message
          : t("errors.unknown");
      showDialog({ icon: "warning", title: t("lottery.cannotBet"), text, testId: "lottery-refused" });
      void session.refetch();
      return false;
    }
    if (!session.data) {
      setSlipError(t("lottery.sessionOpening"));
      return false;
    }
    requestId.current = crypto.randomUUID();
    return true;
  };

  const confirm = async () => {
    const s = session.data;
    if (!s || entries.length === 0) return;
    setPlacing(true);
    setSlipError(null);
    setRefused(new Set());
    try {
      const slip = await placeSlip(
        s,
        { requestId: requestId.current ?? crypto.randomUUID(), lines: toSlipLines(entries) },
        i18n.language,
      );
      setEntries([]);
      requestId.current = null;
      const text = t("lottery.placed", { total: `${symbol}${formatMoneyString(slip.total)}` });
      toast(text, "success");
      setAnnouncement(text);
      setTab("bets");
      void queryClient.invalidateQueries({ queryKey: [MEMBER_QUERY_ROOT, "lottery-bets"] });
      void queryClient.invalidateQueries({ queryKey: [MEMBER_QUERY_ROOT, "lottery-recent"] });
      void queryClient.invalidateQueries({ queryKey: [MEMBER_QUERY_ROOT, "balance"] });
    } catch (err) {
      if (err instanceof ApiError && (err.code === "SESSION_EXPIRED" || err.status === 401)) {
        await queryClient.invalidateQueries({ queryKey: lotteryKeys.session(token) });
        setSlipError(t("lottery.sessionExpired"));
      } else if (err instanceof ApiError) {
        setSlipError(err.message || t("errors.unknown"));
        const lines = err.details.map((d) => lineOfPath(d.path)).filter((n): n is number => n !== null);
        setRefused(new Set(lines));
      } else {
        setSlipError(t("errors.unknown"));
      }
    } finally {
      setPlacing(false);
    }
  };

  const cancel = async (slipId: string) => {
    const s = session.data;
    if (!s) return;
    setCancelling(slipId);
    try {
      await cancelSlip(s, slipId, i18n.language);
      toast(t("lottery.cancelled"), "success");
      void queryClient.invalidateQueries({ queryKey: [MEMBER_QUERY_ROOT, "lottery-bets"] });
      void queryClient.invalidateQueries({ queryKey: [MEMBER_QUERY_ROOT, "balance"] });
    } catch (err) {
      showDialog({
        icon: "warning",
        title: t("lottery.cancelFailed"),
        text: err instanceof ApiError && err.message ? err.message : t("errors.unknown"),
      });
    } finally {
      setCancelling(null);
    }
  };

  return (
    <div
      className="page container lotto-page"
      data-testid="page-lottery"
      data-vendor={params.get("vendor") ?? "TCG_SEA"}
    >
      <PageTitle title={t("title.lottery")} lead={t("lead.lottery")} />
      <p className="sr-only" aria-live="polite" data-testid="lotto-live">
        {announcement}
      </p>
      {menu.isError && !menu.data ? (
        <EmptyState icon="ticket" title={t("lottery.loadFailed")} text={t("errors.network")} />
      ) : !menu.data ? (
        <p className="muted">{t("common.loading")}</p>
      ) : !game ? (
        <EmptyState icon="ticket" title={t("lottery.emptyTitle")} text={t("lottery.emptyText")} />
      ) : (
        <div className="lotto-layout">
          <GameMenu
            games={games}
            selected={selectedCode}
            favourites={favourites}
            recent={(recent.data?.items ?? []).map((r) => r.gameCode)}
            loggedIn={loggedIn && username !== null}
            onSelect={selectGame}
            onToggleFavourite={(code) => username && setFavourites(toggleFavourite(username, code))}
          />
          <div className="lotto-main" data-testid="lotto-game" data-game-code={game.code}>
            <h2 className="lotto-game-name">
              {game.name}{" "}
              <span className={`lotto-tag lotto-tag-${game.gameType.toLowerCase()}`}>{game.tag}</span>
            </h2>
            <DrawPanel game={game} draw={current} />
            <BetBuilder
              game={game}
              draws={draws}
              playType={playType}
              onPlayType={choosePlay}
              onAdd={addEntries}
              symbol={symbol}
            />
            <section className="card lotto-below">
              <Tabs
                idBase="lotto-tab"
                label={t("lottery.sections")}
                items={[
                  { id: "results", label: t("lottery.results") },
                  { id: "bets", label: t("lottery.myBets") },
                ]}
                value={tab}
                onChange={setTab}
                testIdPrefix="lotto-tab-"
              />
              <TabPanel idBase="lotto-tab" selected={tab}>
                {tab === "results" ? (
                  <ResultsPanel draws={results.data?.items} loading={results.isLoading} />
                ) : !loggedIn ? (
                  <p className="muted">{t("lottery.loginForBets")}</p>
                ) : session.error ? (
                  <p className="field-error" role="alert" data-testid="lottery-session-error">
                    {session.error instanceof ApiError && session.error.message
                      ? session.error.message
                      : t("errors.unknown")}
                  </p>
                ) : (
                  <MyBets
                    session={session.data}
                    games={games}
                    symbol={symbol}
                    onCancel={cancel}
                    cancelling={cancelling}
                  />
                )}
              </TabPanel>
            </section>
          </div>
          <BetSlip
            entries={entries}
            symbol={symbol}
            busy={placing}
            error={slipError}
            refused={refused}
            onRemove={(id) => setEntries((list) => list.filter((e) => e.id !== id))}
            onClear={() => {
              setEntries([]);
              setSlipError(null);
            }}
            onRequestPlace={requestPlace}
            onConfirm={() => void confirm()}
          />
        </div>
      )}
    </div>
  );
}

import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.ts";
import { createRaffle } from "../../modules/rewards/raffle.ts";

/**
 * The demo's loyalty programme (demo mode only): VIP levels with their perks, missions scored on
 * a 30-day leaderboard with prizes, and points-mall items of every kind a player can pick —
 * goods, cash, free spins on an in-house slot, raffle tickets (with the raffle they enter).
 * Thresholds are a real programme's: the levels start at ₱100,000 of valid bets and ₱10,000 of
 * deposits in 30 days, so a new player sees what a level gives before reaching it.
 */
type Texts = Record<"TY" | "EN" | "CN" | "VI" | "TH" | "ID" | "JA", string>;

const LEVELS = [
  // level, name, valid bets, deposits (minor units), rebate ppm, daily withdrawal max and count, birthday, upgrade
  [1, "Bronze", 10_000_000n, 1_000_000n, 2_000, 5_000_000n, 5, 10_000n, 5_000n],
  [2, "Silver", 50_000_000n, 5_000_000n, 3_000, 10_000_000n, 8, 30_000n, 20_000n],
  [3, "Gold", 200_000_000n, 20_000_000n, 4_000, 30_000_000n, 10, 100_000n, 50_000n],
  [4, "Platinum", 1_000_000_000n, 100_000_000n, 5_000, null, null, 300_000n, 200_000n],
] as const;

const t = (EN: string, TY: string, CN: string, VI: string, TH: string, ID: string, JA: string): Texts => ({
  EN,
  TY,
  CN,
  VI,
  TH,
  ID,
  JA,
});

export async function seedDemoLoyalty(db: Db, now: Date): Promise<void> {
  for (const [level, name, bet, deposit, rebate, wMax, wCount, birthday, upgrade] of LEVELS) {
    await db.execute(sql`INSERT INTO vip_levels (level, name, min_valid_bet, min_deposit, rebate_rate_ppm,
        withdraw_daily_max, withdraw_daily_count, birthday_bonus, upgrade_bonus)
      VALUES (${level}, ${name}, ${bet.toString()}::bigint, ${deposit.toString()}::bigint, ${rebate},
        ${wMax?.toString() ?? null}::bigint, ${wCount}, ${birthday.toString()}::bigint, ${upgrade.toString()}::bigint)
      ON CONFLICT (level) DO NOTHING`);
  }
  await seedMissions(db, now);
  await seedMall(db, now);
}

async function seedMissions(db: Db, now: Date): Promise<void> {
  const campaignName = t(
    "Panalo leaderboard",
    "Leaderboard ng Panalo",
    "Panalo 排行榜",
    "Bảng xếp hạng Panalo",
    "กระดานผู้นำ Panalo",
    "Papan peringkat Panalo",
    "Panalo ランキング",
  );
  const prizes = [
    { rank: 1, amount: "50000" },
    { rank: 2, amount: "30000" },
    { rank: 3, amount: "10000" },
  ];
  const [campaign] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO mission_campaigns (names, starts_at, ends_at, prizes)
        VALUES (${JSON.stringify(campaignName)}::jsonb, ${now}, ${new Date(now.getTime() + 30 * 86_400_000)},
          ${JSON.stringify(prizes)}::jsonb) RETURNING id`,
  );
  const missions: Array<{
    names: Texts;
    period: string;
    tasks: unknown[];
    kind: string;
    amount: number;
    score: number;
  }> = [
    {
      names: t(
        "Spin 50 rounds today",
        "Mag-spin ng 50 round ngayong araw",
        "今天转 50 局",
        "Quay 50 vòng hôm nay",
        "หมุน 50 รอบวันนี้",
        "Putar 50 ronde hari ini",
        "今日 50 回スピン",
      ),
      period: "daily",
      tasks: [{ type: "rounds", target: 50 }],
      kind: "points",
      amount: 50,
      score: 1,
    },
    {
      names: t(
        "Log in 3 days this week",
        "Mag-log in nang 3 araw ngayong linggo",
        "本周登录 3 天",
        "Đăng nhập 3 ngày trong tuần này",
        "เข้าสู่ระบบ 3 วันในสัปดาห์นี้",
        "Masuk 3 hari minggu ini",
        "今週 3 日ログイン",
      ),
      period: "weekly",
      tasks: [{ type: "login_days", target: 3 }],
      kind: "points",
      amount: 30,
      score: 2,
    },
    {
      names: t(
        "Deposit ₱5,000 this week",
        "Mag-deposit ng ₱5,000 ngayong linggo",
        "本周存款 ₱5,000",
        "Nạp ₱5,000 trong tuần này",
        "ฝาก ₱5,000 ในสัปดาห์นี้",
        "Deposit ₱5.000 minggu ini",
        "今週 ₱5,000 入金",
      ),
      period: "weekly",
      tasks: [{ type: "deposit", target: 500_000 }],
      kind: "cash",
      amount: 5_000,
      score: 3,
    },
  ];
  let sort = 0;
  for (const m of missions) {
    await db.execute(sql`INSERT INTO missions (campaign_id, names, period, tasks, prize_kind, prize_amount, score, sort)
      VALUES (${campaign?.id ?? null}, ${JSON.stringify(m.names)}::jsonb, ${m.period}, ${JSON.stringify(m.tasks)}::jsonb,
        ${m.kind}, ${m.amount}, ${m.score}, ${sort++})`);
  }
}

async function seedMall(db: Db, now: Date): Promise<void> {
  const raffleTitle = t(
    "Monthly Panalo raffle",
    "Buwanang raffle ng Panalo",
    "Panalo 每月抽奖",
    "Rút thăm Panalo hằng tháng",
    "จับรางวัล Panalo ประจำเดือน",
    "Undian bulanan Panalo",
    "Panalo 月例抽選",
  );
  // Tickets come from the mall (and one per ₱500 deposited); drawn when the month is over.
  await createRaffle(db, {
    title: raffleTitle,
    currency: "PHP",
    startsAt: now,
    endsAt: new Date(now.getTime() + 30 * 86_400_000),
    ticketPerDeposit: 50_000n,
    ticketPerBet: null,
    maxTicketsPerMember: 100,
    prizes: [100_000n, 50_000n, 20_000n],
  });
  const [slot] = await queryRows<{ vendor: string; game_code: string }>(
    db,
    sql`SELECT vendor, game_code FROM games WHERE vendor = 'PNS' AND game_type = 'RNG' AND enabled
        ORDER BY node_id LIMIT 1`,
  );
  const items: Array<{
    kind: string;
    names: Texts;
    points: number;
    stock: number | null;
    extra: Record<string, unknown>;
  }> = [
    {
      kind: "goods",
      names: t(
        "Panalo cap",
        "Panalo cap",
        "Panalo 棒球帽",
        "Mũ Panalo",
        "หมวก Panalo",
        "Topi Panalo",
        "Panalo キャップ",
      ),
      points: 800,
      stock: 50,
      extra: {},
    },
    {
      kind: "cash",
      names: t(
        "₱50 cash",
        "₱50 na cash",
        "₱50 现金",
        "₱50 tiền mặt",
        "เงินสด ₱50",
        "Uang tunai ₱50",
        "₱50 の現金",
      ),
      points: 5_000,
      stock: null,
      extra: { amount: 5_000 },
    },
    {
      kind: "raffle",
      names: t(
        "3 raffle tickets",
        "3 tiket sa raffle",
        "3 张抽奖券",
        "3 vé rút thăm",
        "ตั๋วจับรางวัล 3 ใบ",
        "3 tiket undian",
        "抽選券 3 枚",
      ),
      points: 100,
      stock: null,
      extra: { tickets: 3 },
    },
  ];
  if (slot) {
    items.push({
      kind: "freespins",
      names: t(
        "10 free spins",
        "10 libreng spin",
        "10 次免费旋转",
        "10 vòng quay miễn phí",
        "ฟรีสปิน 10 ครั้ง",
        "10 putaran gratis",
        "フリースピン 10 回",
      ),
      points: 300,
      stock: null,
      extra: {
        fs_vendor: slot.vendor,
        fs_game_code: slot.game_code,
        fs_spins: 10,
        fs_bet_per_line: 10,
        fs_expiry_days: 7,
      },
    });
  }
  let sort = 0;
  for (const i of items) {
    const e = i.extra;
    await db.execute(sql`INSERT INTO mall_items (kind, names, price_points, stock, amount, tickets, fs_vendor,
        fs_game_code, fs_spins, fs_bet_per_line, fs_expiry_days, member_cap, sort)
      VALUES (${i.kind}, ${JSON.stringify(i.names)}::jsonb, ${i.points}, ${i.stock}, ${e.amount ?? null},
        ${e.tickets ?? null}, ${e.fs_vendor ?? null}, ${e.fs_game_code ?? null}, ${e.fs_spins ?? null},
        ${e.fs_bet_per_line ?? null}, ${e.fs_expiry_days ?? null}, ${i.kind === "goods" ? 1 : null}, ${sort++})`);
  }
}

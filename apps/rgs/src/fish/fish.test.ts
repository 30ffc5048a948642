import { formatMinor, parseMoney } from "@panalo/contracts/money";
import {
  catchAt,
  fishKind,
  serverSeedHash,
  spawnAt,
  swimmingAt,
  verifyShot,
} from "@panalo/game-math/fish/index";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reconcile } from "../../../server/src/modules/ledger/ledger.ts";
import { createTestApp, type TestApp } from "../../../server/src/testing/test-app.ts";
import { rows } from "../db.ts";
import { replaySignature } from "../history.ts";
import type { Transport } from "../protocol-client.ts";
import { inHouseProviderSecret } from "../protocol-client.ts";
import { sweepSeats } from "../rounds/continuous.ts";
import { type RoundsContext, roundsContext } from "../rounds/engine.ts";
import { RoundHub } from "../rounds/hub.ts";
import { openRoomSession } from "../rounds/routes.ts";
import type { SessionRow } from "../schema.ts";
import { liveSession } from "../session.ts";
import {
  api,
  fundedPlayer,
  injectTransport,
  mainBalance,
  providerRows,
  registerInHouseVendors,
  testContext,
} from "../test-platform.ts";
import {
  closeMagazine,
  FISH,
  type FishRoom,
  fire,
  fishRooms,
  joinFish,
  leaveFish,
  loadMagazine,
  MAGAZINE_PACE_MS,
  type ShotDetail,
  sittingShots,
} from "./engine.ts";
import { roomSettingsChanged } from "./shots.ts";

// The fish rooms on the database (PGlite by default, PostgreSQL with TEST_DATABASE_URL): a
// magazine's one debit, its shots, its one credit of wins plus unfired stake, on the test's clock.
describe("fish rooms and magazines", () => {
  let t: TestApp;
  // A minute into the seas, so fish are swimming.
  let clock = new Date(Date.now() + 60_000);
  const ctxWith = (transport?: Transport, holder = "fish-a"): RoundsContext =>
    roundsContext(
      testContext(t, transport ?? injectTransport(t), () => clock),
      new RoundHub(),
      { holder },
    );
  let ctx: RoundsContext;

  beforeAll(async () => {
    t = await createTestApp({ RGS_RETRY_INTERVAL_MS: "0" });
    // A minute into the seas from when they opened (the app's start may take long on a busy machine).
    clock = new Date(Date.now() + 60_000);
    await registerInHouseVendors(t);
    ctx = ctxWith();
  });
  afterAll(async () => t.close());

  const player = async (level: string, funds = 1_000_00n) => {
    const p = await fundedPlayer(t, funds, "PNF");
    const opened = await openRoomSession(ctx, {
      vendor: "PNF",
      gameId: `fish:${level}`,
      token: p.token,
      lang: "EN",
    });
    return { p, session: await liveSession(ctx, opened.sessionId) };
  };
  const roomOf = async (roomId: string): Promise<FishRoom> =>
    (await fishRooms(ctx)).find((r) => r.roomId === roomId) as FishRoom;
  /** The normal fish swimming in a room now and not yet killed (what a player can aim at). */
  const targets = async (roomId: string): Promise<number[]> => {
    const room = await roomOf(roomId);
    const dead = new Set(
      (
        await rows<{ fish: unknown }>(
          t.database.db,
          sql`SELECT fish FROM rgs.fish_kills WHERE room_id = ${roomId}`,
        )
      ).map((k) => Number(k.fish)),
    );
    const at = clock.getTime() - new Date(room.startedAt).getTime();
    return swimmingAt(room.seaSeed, at, (i) => !dead.has(i))
      .filter((s) => fishKind(s.kindId).type === "normal")
      .map((s) => s.index);
  };
  const minor = (s: string) => parseMoney(s) as bigint;

  it("loads a magazine with one debit, fires from it, and closes it with one credit of wins plus unfired stake", async () => {
    const { p, session } = await player("low");
    const joined = await joinFish(ctx, session, {
      requestId: "j1",
      clientSeed: "my-seed",
      shots: 40,
      cannon: 2,
    });
    expect(joined.magazine.amount).toBe("8.00"); // 40 shots at 0.20
    expect(joined.sitting.serverSeed).toBeNull(); // committed: only its hash while seated
    expect(joined.sitting.clientSeed).toBe("my-seed");
    expect(await mainBalance(t, p.id)).toBe(992_00n);
    // A repeated join answers the same seat and magazine and takes nothing more.
    const again = await joinFish(ctx, session, {
      requestId: "j1",
      clientSeed: "my-seed",
      shots: 40,
      cannon: 2,
    });
    expect(again.magazine.magazineId).toBe(joined.magazine.magazineId);
    expect(await mainBalance(t, p.id)).toBe(992_00n);

    const mag = joined.magazine.magazineId;
    let fired = 0;
    for (let i = 0; i < 12; i++) {
      const [fish] = await targets(joined.sitting.roomId);
      const cannon = i % 2 === 0 ? 1 : 3;
      const r = await fire(ctx, session, mag, [{ requestId: `s${i}`, fish: fish as number, cannon }]);
      expect((r.results[0]?.detail as ShotDetail | undefined)?.fired).toBe(true);
      fired += 1;
      clock = new Date(clock.getTime() + 250);
    }
    // A burst is one call; repeating it answers its first results and fires nothing twice.
    const aims = (await targets(joined.sitting.roomId)).slice(0, 3);
    const burst = aims.map((fish, i) => ({ requestId: `b${i}`, fish, cannon: 1 }));
    const first = await fire(ctx, session, mag, burst);
    const repeat = await fire(ctx, session, mag, burst);
    expect(repeat).toEqual(first);
    fired += first.results.filter((r) => (r.detail as ShotDetail).fired).length;
    // Nothing reached the platform while the player fired.
    expect(await mainBalance(t, p.id)).toBe(992_00n);
    // One magazine at a time per seat.
    await expect(
      loadMagazine(ctx, session, joined.sitting.sittingId, { requestId: "m2", shots: 5, cannon: 1 }),
    ).rejects.toMatchObject({ code: "ROUND_OPEN" });

    const closed = await closeMagazine(ctx, session, mag);
    expect(closed.status).toBe("settled");
    expect(closed.shots).toBe(15);
    // A second close pays nothing twice; a retried burst answers its first results; a new shot
    // after the close is refused and takes nothing.
    await closeMagazine(ctx, session, mag);
    expect(await fire(ctx, session, mag, burst)).toEqual(first);
    const [late] = await targets(joined.sitting.roomId);
    await expect(
      fire(ctx, session, mag, [{ requestId: "late", fish: late as number, cannon: 1 }]),
    ).rejects.toMatchObject({ code: "MAGAZINE_CLOSED" });

    // The next magazine goes on with the nonces of the same seed pair.
    const next = await loadMagazine(ctx, session, joined.sitting.sittingId, {
      requestId: "m3",
      shots: 5,
      cannon: 1,
    });
    const [aim] = await targets(joined.sitting.roomId);
    const shot = await fire(ctx, session, next.magazineId, [
      { requestId: "n1", fish: aim as number, cannon: 1 },
    ]);
    expect((shot.results[0]?.detail as ShotDetail | undefined)?.nonce).toBe(15);
    fired += 1;

    // Leaving closes the open magazine and reveals the seed: every shot recomputes.
    const left = await leaveFish(ctx, session, joined.sitting.sittingId);
    expect(left.status).toBe("left");
    expect(serverSeedHash(left.serverSeed as string)).toBe(joined.sitting.serverSeedHash);
    const records = await sittingShots(ctx, session, joined.sitting.sittingId);
    expect(records).toHaveLength(fired);
    expect(records.map((r) => r.nonce)).toEqual(Array.from({ length: 16 }, (_, i) => i));
    for (const r of records) expect(verifyShot(r).ok).toBe(true);
    // A tampered record fails the check (the verifier can fail).
    const bad = records[0] as (typeof records)[number];
    expect(verifyShot({ ...bad, hit: !bad.hit, paid: bad.hit ? 0 : 2 }).ok).toBe(false);

    // The money: each magazine paid back its amount minus its fired stakes plus its kills' wins,
    // recomputed from the revealed seed.
    const byMag = new Map<string, bigint>();
    for (const r of records) {
      const bet = minor(r.bet);
      const paid = verifyShot(r).result.paid;
      byMag.set(r.magazineId, (byMag.get(r.magazineId) ?? 0n) - bet + bet * BigInt(paid));
    }
    const owed = 8_00n + (byMag.get(mag) ?? 0n) + 5_0n + (byMag.get(next.magazineId) ?? 0n);
    expect(await mainBalance(t, p.id)).toBe(1_000_00n - 8_00n - 5_0n + owed);
    const calls = (await providerRows(t, p.id)).map((c) => c.kind).sort();
    expect(calls).toEqual(["bet", "bet", "win", "win"]);
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });

  it("records a special fish's catch with the fish caught before it, and the shot verifies from the sea", async () => {
    const a = await player("high");
    const b = await player("high");
    const joinedA = await joinFish(ctx, a.session, { requestId: "ja", shots: 10, cannon: 1 });
    const joinedB = await joinFish(ctx, b.session, { requestId: "jb", shots: 10, cannon: 1 });
    const roomId = joinedA.sitting.roomId;
    expect(joinedB.sitting.roomId).toBe(roomId);
    const room = await roomOf(roomId);
    const startedAt = new Date(room.startedAt).getTime();
    // The next bomb or lightning fish whose catch holds at least two fish at its mid-crossing.
    let pick: { index: number; t: number; first: number } | null = null;
    for (let i = Math.ceil((clock.getTime() - startedAt) / 400) + 1; !pick; i++) {
      const spawn = spawnAt(room.seaSeed, i);
      const type = fishKind(spawn.kindId).type;
      if (type !== "bomb" && type !== "lightning") continue;
      const mid = spawn.at + Math.floor(spawn.duration / 2);
      const everyone = catchAt(room.seaSeed, i, mid);
      if (everyone.victims.length >= 2) pick = { index: i, t: mid, first: everyone.victims[0] as number };
    }
    clock = new Date(startedAt + pick.t);
    // The other player caught the catch's first fish a moment before.
    await t.database.db.execute(
      sql`INSERT INTO rgs.fish_kills (room_id, fish, magazine_id, seq, killed_at)
          VALUES (${roomId}, ${pick.first}, ${joinedB.magazine.magazineId}, 1, ${clock.toISOString()})`,
    );
    roomSettingsChanged(roomId);
    const shot = await fire(ctx, a.session, joinedA.magazine.magazineId, [
      { requestId: "special", fish: pick.index, cannon: 1 },
    ]);
    const detail = shot.results[0]?.detail as ShotDetail;
    expect(detail.fired).toBe(true);
    expect(detail.spared).toEqual([pick.first]);
    expect(detail.caught).not.toContain(pick.first);
    expect(detail.t).toBe(pick.t);
    await leaveFish(ctx, a.session, joinedA.sitting.sittingId);
    const [record] = (await sittingShots(ctx, a.session, joinedA.sitting.sittingId)).filter(
      (r) => r.targetId === String(pick.index),
    );
    if (!record) throw new Error("the special fish's shot is not in the sitting's record");
    expect(record.spared).toEqual([pick.first]);
    expect(verifyShot(record).ok).toBe(true);
    // Told that fish was alive, the verifier finds the catch is not what the sea had.
    expect(verifyShot({ ...record, spared: [] }).ok).toBe(false);
    await leaveFish(ctx, b.session, joinedB.sitting.sittingId);
  });

  it("gives back the unfired shots' stake, and never fires a shot its magazine cannot pay", async () => {
    const { p, session } = await player("mid");
    const joined = await joinFish(ctx, session, { requestId: "j", shots: 3, cannon: 2 });
    expect(joined.magazine.amount).toBe("6.00");
    // A shot of 7.00 (cannon 7) is more than the 6.00 on the magazine: refused, nothing changes.
    await expect(
      fire(ctx, session, joined.magazine.magazineId, [
        { requestId: "big", fish: (await targets(joined.sitting.roomId))[0] as number, cannon: 7 },
      ]),
    ).rejects.toMatchObject({ code: "INSUFFICIENT_FUNDS" });
    const [aim] = await targets(joined.sitting.roomId);
    const r = await fire(ctx, session, joined.magazine.magazineId, [
      { requestId: "one", fish: aim as number, cannon: 2 },
    ]);
    const win = minor(r.results[0]?.win as string);
    const closed = await closeMagazine(ctx, session, joined.magazine.magazineId);
    // Two unfired shots (4.00) come back with the kill's win.
    expect(closed.win).toBe(formatMinor(4_00n + win));
    expect(await mainBalance(t, p.id)).toBe(1_000_00n - 2_00n + win);
    // A shot at a fish that is not in the sea is not fired: nothing staked.
    const next = await loadMagazine(ctx, session, joined.sitting.sittingId, {
      requestId: "m",
      shots: 1,
      cannon: 1,
    });
    const gone = await fire(ctx, session, next.magazineId, [{ requestId: "g", fish: 10_000_000, cannon: 1 }]);
    expect(gone.results[0]).toMatchObject({ stake: "0.00", win: "0.00" });
    expect(gone.onRound).toBe("1.00");
  });

  it("paces a sitting's magazines: loading and closing flat out makes about two provider calls a second", async () => {
    const { p, session } = await player("low");
    const joined = await joinFish(ctx, session, { requestId: "pace", shots: 1, cannon: 1 });
    let mag = joined.magazine.magazineId;
    const started = performance.now();
    for (let i = 0; i < 3; i++) {
      await closeMagazine(ctx, session, mag);
      mag = (
        await loadMagazine(ctx, session, joined.sitting.sittingId, {
          requestId: `pace${i}`,
          shots: 1,
          cannon: 1,
        })
      ).magazineId;
    }
    const seconds = (performance.now() - started) / 1000;
    // Three loads after the join's, each a pace after the one before (the test's clock stands
    // still, so each waits the whole pace): never faster than one load a second.
    expect(seconds).toBeGreaterThanOrEqual((3 * MAGAZINE_PACE_MS) / 1000 - 0.01);
    const calls = await providerRows(t, p.id);
    expect(calls.map((c) => c.kind).sort()).toEqual(["bet", "bet", "bet", "bet", "win", "win", "win"]);
    // A repeat of the last load answers at once with the same magazine and takes nothing more.
    const again = performance.now();
    const repeat = await loadMagazine(ctx, session, joined.sitting.sittingId, {
      requestId: "pace2",
      shots: 1,
      cannon: 1,
    });
    expect(repeat.magazineId).toBe(mag);
    expect(performance.now() - again).toBeLessThan(MAGAZINE_PACE_MS);
    expect(await providerRows(t, p.id)).toHaveLength(7);
    await leaveFish(ctx, session, joined.sitting.sittingId);
  });

  it("refuses a player who cannot pay a magazine of the smallest shot, and nothing changes", async () => {
    const before = (await fishRooms(ctx)).find((r) => r.level === "low" && r.roomId === "low-1") as FishRoom;
    const { p, session } = await player("low", 5n); // 0.05 cannot fire a 0.10 shot
    await expect(joinFish(ctx, session, { requestId: "poor", shots: 1, cannon: 1 })).rejects.toMatchObject({
      code: "INSUFFICIENT_FUNDS",
    });
    // The same call again (a retry of the refused request) answers the same refusal.
    await expect(joinFish(ctx, session, { requestId: "poor", shots: 1, cannon: 1 })).rejects.toMatchObject({
      code: "INSUFFICIENT_FUNDS",
    });
    expect(await mainBalance(t, p.id)).toBe(5n);
    expect((await roomOf("low-1")).seatsFree).toBe(before.seatsFree);
    const [seated] = await rows<{ n: unknown }>(
      t.database.db,
      sql`SELECT count(*) AS n FROM rgs.room_sittings WHERE session_id = ${session.id} AND status = 'seated'`,
    );
    expect(Number(seated?.n)).toBe(0);
    expect((await providerRows(t, p.id)).filter((c) => c.kind === "bet")).toHaveLength(0);
  });

  it("closes a magazine left by a process that died once it is idle, and pays a lost credit answer once", async () => {
    // Crashed mid-magazine: shots fired, then nobody closes it.
    const { p, session } = await player("high");
    const joined = await joinFish(ctx, session, { requestId: "j", shots: 2, cannon: 1 });
    const [aim] = await targets(joined.sitting.roomId);
    const r = await fire(ctx, session, joined.magazine.magazineId, [
      { requestId: "x", fish: aim as number, cannon: 1 },
    ]);
    const win = minor(r.results[0]?.win as string);
    // Another process sweeps after the idle limit; the first credit's answer is lost.
    let lose = true;
    const lossy: Transport = async (url, payload, headers) => {
      const res = await injectTransport(t)(url, payload, headers);
      if (lose && url.endsWith("/credit")) throw new Error("connection reset");
      return res;
    };
    clock = new Date(clock.getTime() + FISH.idleMs + 1);
    await sweepSeats(ctxWith(lossy, "fish-b"), FISH);
    const [row] = await rows<{ status: string; win: unknown }>(
      t.database.db,
      sql`SELECT status, win FROM rgs.room_seats WHERE id = ${joined.magazine.magazineId}`,
    );
    expect(row?.status).toBe("credit_pending");
    expect(BigInt(String(row?.win))).toBe(10_00n + win);
    lose = false;
    clock = new Date(clock.getTime() + ctx.leaseMs + 1);
    await sweepSeats(ctxWith(undefined, "fish-b"), FISH);
    await sweepSeats(ctxWith(undefined, "fish-b"), FISH);
    expect(await mainBalance(t, p.id)).toBe(1_000_00n - 10_00n + win);
    expect((await providerRows(t, p.id)).filter((c) => c.kind === "win")).toHaveLength(1);
    // The idle sitting was stood up: its seed is revealed and its seat free.
    const left = await leaveFish(ctx, session, joined.sitting.sittingId);
    expect(left.serverSeed).not.toBeNull();
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });

  it("lists the rooms for the platform, seats four at one sea and opens a new room for the fifth", async () => {
    const list = async () => {
      const res = await api<{ success: boolean; value: FishRoom[] }>(t, "GET", "/rgs/api/fish/rooms");
      expect(res.status).toBe(200);
      return res.json.value;
    };
    const rooms = await list();
    expect(rooms.map((r) => [r.roomId, r.minBet, r.maxBet, r.seats])).toEqual(
      expect.arrayContaining([
        ["mid-1", "1.00", "10.00", 4],
        ["high-1", "10.00", "100.00", 4],
      ]),
    );
    expect(rooms.some((r) => r.vendor !== "PNF" || r.game !== "fish")).toBe(false);
    const players: Array<{ session: SessionRow }> = [];
    for (let i = 0; i < 5; i++) players.push(await player("high"));
    const seats = [];
    for (const x of players)
      seats.push((await joinFish(ctx, x.session, { requestId: "j", shots: 1, cannon: 1 })).sitting);
    expect(seats.slice(0, 4).map((s) => [s.roomId, s.seat])).toEqual([
      ["high-1", 1],
      ["high-1", 2],
      ["high-1", 3],
      ["high-1", 4],
    ]);
    expect([seats[4]?.roomId, seats[4]?.seat]).toEqual(["high-2", 1]);
    const after = await list();
    expect(after.find((r) => r.roomId === "high-1")?.seatsFree).toBe(0);
    expect(after.find((r) => r.roomId === "high-2")?.seatsFree).toBe(3);
    // A seat freed is taken before a new room opens.
    await leaveFish(
      ctx,
      (players[1] as { session: SessionRow }).session,
      (seats[1] as { sittingId: string }).sittingId,
    );
    const sixth = await player("high");
    expect(
      (await joinFish(ctx, sixth.session, { requestId: "j", shots: 1, cannon: 1 })).sitting,
    ).toMatchObject({
      roomId: "high-1",
      seat: 2,
    });
  });

  it("recalls a magazine from the betting record's signed link, its shots verifiable once the seed is out", async () => {
    const { p, session } = await player("low");
    const joined = await joinFish(ctx, session, {
      requestId: "rc",
      clientSeed: "recall",
      shots: 10,
      cannon: 1,
    });
    const mag = joined.magazine.magazineId;
    const aims = (await targets(joined.sitting.roomId)).slice(0, 3);
    const shot = await fire(
      ctx,
      session,
      mag,
      aims.map((fish, i) => ({ requestId: `rc${i}`, fish, cannon: 1 })),
    );
    const fired = shot.results.filter((r) => (r.detail as ShotDetail).fired).length;
    expect(fired).toBeGreaterThan(0);
    const exp = Math.floor(Date.now() / 1000) + 600;
    const secret = inHouseProviderSecret(t.config.APP_SECRET ?? "", "PNF");
    const link = (player: number) =>
      `/rgs/api/fish/replay/${mag}?vendor=PNF&player=${player}&exp=${exp}&sig=${replaySignature(secret, "PNF", mag, player, exp)}`;
    type Recall = {
      revealed: boolean;
      magazine: { stake: string; win: string | null };
      shots: Array<Parameters<typeof verifyShot>[0] & { bet: string; win: string }>;
    };
    const read = async (url: string) => (await t.app.inject({ method: "GET", url })).json();
    // Seated: the stake and the shots, never the seed that still decides the next ones.
    const seated = (await read(link(p.id))).value as Recall;
    expect(seated.revealed).toBe(false);
    expect(seated.magazine).toMatchObject({ stake: "1.00", win: null });
    expect(seated.shots).toHaveLength(fired);
    expect(seated.shots.every((s) => s.serverSeed === "")).toBe(true);
    await leaveFish(ctx, session, joined.sitting.sittingId);
    const after = (await read(link(p.id))).value as Recall;
    expect(after.revealed).toBe(true);
    expect(after.shots).toHaveLength(fired);
    for (const s of after.shots) expect(verifyShot(s).ok).toBe(true);
    // Each shot names its room's sea, so its target is checked against the sea's fish.
    const sea = (await roomOf(joined.sitting.roomId)).seaSeed;
    expect(after.shots.every((s) => s.seaSeed === sea)).toBe(true);
    const s0 = after.shots[0] as Recall["shots"][number];
    expect(verifyShot({ ...s0, target: { kindId: s0.target.kindId === 20 ? 19 : 20 } }).ok).toBe(false);
    // What the magazine paid back: its shots' wins and the unfired shots' stake.
    const wins = after.shots.reduce((sum, s) => sum + minor(s.win), 0n);
    expect(after.magazine.win).toBe(formatMinor(wins + BigInt(10 - fired) * 10n));
    // Another player's link, rightly signed, does not open this magazine; a link altered after
    // signing is refused.
    const other = await fundedPlayer(t, 1_00n, "PNF");
    expect((await read(link(other.id))).code).toBe("ROUND_NOT_FOUND");
    expect((await read(link(p.id).replace(`player=${p.id}`, `player=${other.id}`))).code).toBe(
      "REPLAY_LINK_INVALID",
    );
  });

  it("serves the game through its HTTP API, validating what a player sends", async () => {
    const p = await fundedPlayer(t, 100_00n, "PNF");
    const session = await api<{ value: { sessionId: string } }>(t, "POST", "/rgs/api/fish/session", {
      token: p.token,
      level: "low",
    });
    expect(session.status).toBe(200);
    const sessionId = session.json.value.sessionId;
    const unknownLevel = await api(t, "POST", "/rgs/api/fish/session", { token: p.token, level: "vip" });
    expect(unknownLevel.json).toMatchObject({ success: false, code: "FISH_LEVEL_NOT_FOUND" });
    const tooMany = await api(t, "POST", "/rgs/api/fish/join", {
      sessionId,
      requestId: "j",
      shots: 1001,
      cannon: 1,
    });
    expect(tooMany.status).toBe(400);
    const joined = await api<{ value: { sitting: { sittingId: string }; magazine: { magazineId: string } } }>(
      t,
      "POST",
      "/rgs/api/fish/join",
      { sessionId, requestId: "j", shots: 10, cannon: 1 },
    );
    expect(joined.status).toBe(200);
    expect(await mainBalance(t, p.id)).toBe(99_00n);
    const { magazineId } = joined.json.value.magazine;
    const badCannon = await api(t, "POST", "/rgs/api/fish/fire", {
      sessionId,
      magazineId,
      shots: [{ requestId: "s", fish: 1, cannon: 11 }],
    });
    expect(badCannon.status).toBe(400);
    // Not yet revealed: the shots of a sitting still seated are not shown.
    const early = await api(
      t,
      "GET",
      `/rgs/api/fish/shots?sessionId=${sessionId}&sittingId=${joined.json.value.sitting.sittingId}`,
    );
    expect(early.json).toMatchObject({ success: false, code: "SEED_NOT_REVEALED" });
    const left = await api<{ value: { status: string; serverSeed: string | null } }>(
      t,
      "POST",
      "/rgs/api/fish/leave",
      {
        sessionId,
        sittingId: joined.json.value.sitting.sittingId,
      },
    );
    expect(left.json.value.status).toBe("left");
    expect(left.json.value.serverSeed).not.toBeNull();
    // Nothing fired: the whole magazine came back.
    expect(await mainBalance(t, p.id)).toBe(100_00n);
  });
});

// bench/chat: customer-service chat delivery across two server processes.
// 2,000 members and 20 operators connect over WebSocket, half to each process (PostgreSQL and
// Redis shared); every member opens a conversation (assigned by load), then messages go both
// ways at a steady rate, each sent over HTTP to one process while the other side listens on the
// other. Prints delivery p50 and p99 (HTTP send start → the other side's WebSocket receives it).
// Run: npx tsx bench/chat/index.ts
//   BENCH_PG=postgres://postgres@127.0.0.1:5432/postgres BENCH_REDIS=redis://127.0.0.1:6379
//   BENCH_MEMBERS=2000 BENCH_OPERATORS=20 BENCH_RATE=100 (messages/s) BENCH_SECONDS=20
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { loadavg } from "node:os";
import { join } from "node:path";
import pg from "pg";
import WebSocket from "ws";
import { newToken, tokenHash } from "../../apps/server/src/lib/passwords.ts";
import { chatOn } from "../../apps/server/src/testing/chat-kit.ts";
import { dropDatabase, freshDatabase } from "../lib/database.ts";
import { figure } from "../lib/figure.ts";

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 2000);
const OPERATORS = Number(process.env.BENCH_OPERATORS ?? 20);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const PORTS = [Number(process.env.BENCH_PORT ?? 8390), Number(process.env.BENCH_PORT ?? 8390) + 1];
const serverUrl = process.env.BENCH_PG ?? "postgres://postgres@127.0.0.1:5432/postgres";
const redisUrl = process.env.BENCH_REDIS ?? "redis://127.0.0.1:6379";

const fresh = await freshDatabase(serverUrl, "panalo_bench_chat");
const { dbName, database } = fresh;
await chatOn(database.db);
// Raw statements on a connection of the bench's own (drizzle-orm is the server's dependency).
const raw = new pg.Client({ connectionString: fresh.url });
await raw.connect();
const rowsOf = async <T>(text: string, values: unknown[] = []): Promise<T[]> =>
  (await raw.query(text, values)).rows as T[];

// Members and operators with live sessions, written straight to the database (sign-in is not measured).
const memberTokens: Array<{ id: number; token: string }> = [];
for (let start = 0; start < MEMBERS; start += 500) {
  const n = Math.min(500, MEMBERS - start);
  const ids = await rowsOf<{ id: number }>(
    "INSERT INTO members (username) SELECT 'chatb' || g FROM generate_series($1::int, $2::int) g RETURNING id::float8 AS id",
    [start, start + n - 1],
  );
  const rows = ids.map((r) => ({ id: r.id, token: newToken() }));
  await raw.query(
    `INSERT INTO member_sessions (token_hash, member_id, method, created_at, last_seen_at, expires_at, ip, user_agent)
     SELECT h, m, 'password', now(), now(), now() + interval '1 day', '127.0.0.1', 'bench'
     FROM unnest($1::text[], $2::bigint[]) AS x(h, m)`,
    [rows.map((r) => tokenHash(r.token)), rows.map((r) => r.id)],
  );
  memberTokens.push(...rows);
}
const operatorCookies: Array<{ id: number; cookie: string }> = [];
for (let i = 0; i < OPERATORS; i++) {
  const [op] = await rowsOf<{ id: number }>(
    "INSERT INTO operators (username, password_hash, totp_secret, role) VALUES ($1, 'x', 'x', 'support') RETURNING id",
    [`chatop${i}`],
  );
  if (!op) throw new Error("no operator");
  const token = newToken();
  await raw.query(
    `INSERT INTO operator_sessions (token_hash, operator_id, created_at, last_seen_at, expires_at)
     VALUES ($1, $2, now(), now(), now() + interval '12 hours')`,
    [tokenHash(token), op.id],
  );
  await raw.query("INSERT INTO chat_operators (operator_id, available, max_open) VALUES ($1, true, 100)", [
    op.id,
  ]);
  operatorCookies.push({ id: op.id, cookie: `panalo_admin=${token}` });
}

const startServer = (port: number): ChildProcess =>
  spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
    cwd: join(import.meta.dirname, "../.."),
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      DATABASE_URL: fresh.url,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: `${dbName}:`,
      PORT: String(port),
      HOST: "127.0.0.1",
      SEED_DEMO: "false",
      NODE_ENV: "production",
      LOG_LEVEL: "error",
      RGS_LOTTERY_INTERVAL_MS: "0",
    },
  });
const servers: ChildProcess[] = [];
// However the bench ends (a failure included), its servers end with it.
process.on("exit", () => {
  for (const s of servers) if (s.exitCode === null) s.kill("SIGKILL");
});
const stop = async () => {
  // The servers end before their database is dropped.
  await Promise.all(
    servers.map(
      (s) =>
        new Promise<void>((resolve) => {
          if (s.exitCode !== null) return resolve();
          s.once("exit", () => resolve());
          s.kill("SIGTERM");
        }),
    ),
  );
  await raw.end();
  await dropDatabase(fresh);
};
// One after the other: two processes migrating and creating the job queue's schema at once race.
for (const port of PORTS) {
  servers.push(startServer(port));
  for (let i = 0; ; i++) {
    if (i > 1500) throw new Error("server did not start"); // 5 minutes on a loaded machine
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
}

// ---- sockets ----
const sentAt = new Map<string, number>();
const delays: number[] = [];
let duplicates = 0;
const seen = new Set<string>();
const onChat = (raw: WebSocket.RawData, side: "member" | "operator") => {
  const m = JSON.parse(String(raw)) as {
    type: string;
    message?: { clientId: string | null; sender: string; seq: number; conversationId: number };
  };
  if (m.type !== "chat.message" || !m.message?.clientId) return;
  // The other side's receipt is the delivery (a member also hears its own message: not counted).
  if (m.message.sender === side) return;
  const key = `${side}:${m.message.conversationId}:${m.message.seq}`;
  if (seen.has(key)) {
    duplicates++;
    return;
  }
  seen.add(key);
  const t0 = sentAt.get(m.message.clientId);
  if (t0 !== undefined) delays.push(performance.now() - t0);
};

const sockets: WebSocket[] = [];
const connectMember = (i: number, token: string) =>
  new Promise<void>((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${PORTS[(i + 1) % 2]}/ws`);
    sockets.push(ws);
    let ready = false;
    ws.on("open", () => ws.send(JSON.stringify({ type: "auth", token })));
    ws.on("message", (raw) => {
      if (!ready) {
        ready = true;
        resolve();
        return;
      }
      onChat(raw, "member");
    });
    ws.on("error", reject);
  });
const connectOperator = (i: number, cookie: string) =>
  new Promise<void>((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${PORTS[(i + 1) % 2]}/admin/ws`, { headers: { cookie } });
    sockets.push(ws);
    ws.on("message", (raw) => {
      if (String(raw).includes('"ready"')) resolve();
      else onChat(raw, "operator");
    });
    ws.on("error", reject);
  });

const inBatches = async <T>(items: T[], size: number, fn: (item: T, i: number) => Promise<void>) => {
  for (let s = 0; s < items.length; s += size)
    await Promise.all(items.slice(s, s + size).map((x, j) => fn(x, s + j)));
};
let t = performance.now();
await inBatches(memberTokens, 100, (m, i) => connectMember(i, m.token));
await inBatches(operatorCookies, 20, (o, i) => connectOperator(i, o.cookie));
console.log(
  `connected ${MEMBERS} members and ${OPERATORS} operators in ${((performance.now() - t) / 1000).toFixed(1)} s`,
);

// ---- every member opens a conversation (assigned by load) ----
let counter = 0;
const memberSend = async (i: number) => {
  const m = memberTokens[i];
  if (!m) return;
  const clientId = `bm${(counter++).toString(36)}x${randomBytes(4).toString("hex")}`;
  sentAt.set(clientId, performance.now());
  const res = await fetch(`http://127.0.0.1:${PORTS[i % 2]}/wps/chat/messages`, {
    method: "POST",
    headers: { authorization: `Bearer ${m.token}`, "content-type": "application/json" },
    body: JSON.stringify({ clientId, body: `hello ${clientId}` }),
  });
  if (!res.ok) throw new Error(`member send ${res.status} ${await res.text()}`);
};
t = performance.now();
await inBatches(
  memberTokens.map((_, i) => i),
  40,
  (i) => memberSend(i),
);
console.log(`${MEMBERS} conversations opened in ${((performance.now() - t) / 1000).toFixed(1)} s`);
const convs = await rowsOf<{ id: number; operatorId: number | null; memberId: number }>(
  'SELECT id::float8 AS id, operator_id AS "operatorId", member_id::float8 AS "memberId" FROM chat_conversations',
);
const loads = new Map<number, number>();
for (const c of convs) if (c.operatorId !== null) loads.set(c.operatorId, (loads.get(c.operatorId) ?? 0) + 1);
console.log(
  `assigned by load: ${[...loads.values()].sort((a, b) => a - b).join(",")} (unassigned ${convs.filter((c) => c.operatorId === null).length})`,
);
const cookieOf = new Map(operatorCookies.map((o) => [o.id, o.cookie]));
const operatorSend = async (k: number) => {
  const c = convs[k % convs.length];
  if (!c || c.operatorId === null) return;
  const clientId = `bo${(counter++).toString(36)}x${randomBytes(4).toString("hex")}`;
  sentAt.set(clientId, performance.now());
  const res = await fetch(`http://127.0.0.1:${PORTS[k % 2]}/api/admin/chat/conversations/${c.id}/messages`, {
    method: "POST",
    headers: {
      cookie: cookieOf.get(c.operatorId) ?? "",
      "x-requested-with": "panalo-admin",
      "content-type": "application/json",
    },
    body: JSON.stringify({ clientId, body: `answer ${clientId}` }),
  });
  if (!res.ok) throw new Error(`operator send ${res.status} ${await res.text()}`);
};

// ---- the measured run: RATE messages a second, alternating member → operator and back ----
delays.length = 0;
const total = RATE * SECONDS;
const load0 = loadavg()[0] ?? 0;
t = performance.now();
const inflight: Promise<void>[] = [];
for (let k = 0; k < total; k++) {
  const due = t + (k * 1000) / RATE;
  const wait = due - performance.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  const member = Math.floor(Math.random() * MEMBERS);
  inflight.push(k % 2 === 0 ? memberSend(member) : operatorSend(k));
}
await Promise.all(inflight);
const deadline = performance.now() + 30_000;
while (delays.length < total && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
const elapsed = (performance.now() - t) / 1000;
delays.sort((a, b) => a - b);
const pct = (p: number) =>
  delays[Math.min(delays.length - 1, Math.floor((p / 100) * delays.length))] ?? Number.NaN;
console.log(
  `delivered ${delays.length}/${total} messages in ${elapsed.toFixed(1)} s (${RATE}/s offered), duplicates ${duplicates}`,
);
console.log(
  `delivery p50 ${pct(50).toFixed(1)} ms  p99 ${pct(99).toFixed(1)} ms  max ${(delays.at(-1) ?? 0).toFixed(1)} ms  (target p99 < 150 ms)`,
);
figure("chat.p99", Number(pct(99).toFixed(1)), "ms", "lower");
console.log(
  `load average at start ${load0.toFixed(2)}, at end ${(loadavg()[0] ?? 0).toFixed(2)} (2 server processes, ${MEMBERS} members, ${OPERATORS} operators)`,
);
for (const ws of sockets) ws.terminate();
await stop();
process.exit(0);

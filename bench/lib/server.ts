// The Panalo server as a bench runs it: its own node process (apps/server/src/main.ts through
// tsx) in production mode on 127.0.0.1, on the bench's database, quiet unless BENCH_SERVER_LOG
// is set, so the figures measure the server as it runs in production, not inside the bench.
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { FreshDatabase } from "./database.ts";

export interface ServerOptions {
  port: number;
  databaseUrl: string;
  /** APP_SECRET for the server; without it the server takes the bench's own environment's. */
  appSecret?: string;
  /** Flags for the server's node before its script (a CPU profile, heap flags). */
  nodeArgs?: string[];
  /** More environment for the server (RGS_TABLES_ENGINE …), over the common one. */
  env?: Record<string, string>;
}

/** BENCH_NODE_ARGS split on spaces: extra flags for the server's node (e.g. "--cpu-prof"). */
export function benchNodeArgs(): string[] {
  return (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
}

/** Start the server; its stderr goes to the bench's, its stdout only with BENCH_SERVER_LOG. */
export function startServer(o: ServerOptions): ChildProcess {
  return spawn(process.execPath, [...(o.nodeArgs ?? []), "--import", "tsx", "apps/server/src/main.ts"], {
    cwd: join(import.meta.dirname, "../.."),
    stdio: ["ignore", process.env.BENCH_SERVER_LOG ? "inherit" : "ignore", "inherit"],
    env: {
      ...process.env,
      DATABASE_URL: o.databaseUrl,
      PORT: String(o.port),
      HOST: "127.0.0.1",
      SEED_DEMO: "false",
      NODE_ENV: "production",
      LOG_LEVEL: "error",
      ...(o.appSecret === undefined ? {} : { APP_SECRET: o.appSecret }),
      ...o.env,
    },
  });
}

/** Poll `<base>/healthz` every 200 ms until it answers ok; throw after `tries` more polls. */
export async function waitUntilHealthy(base: string, tries = 600): Promise<void> {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // still starting
    }
    if (i > tries) throw new Error("server did not start");
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * SIGTERM, then wait for the process to exit. With `killAfterMs`, a server too busy to stop in
 * that time is killed, so the bench never leaves one behind.
 */
export async function stopServer(server: ChildProcess, killAfterMs?: number): Promise<void> {
  server.kill("SIGTERM");
  const stopped = new Promise((r) => server.once("exit", r));
  const timer = killAfterMs === undefined ? undefined : setTimeout(() => server.kill("SIGKILL"), killAfterMs);
  await stopped;
  clearTimeout(timer);
}

/** A process's resident set in MB (VmRSS in /proc/<pid>/status); NaN when the line is missing. */
export function rssMb(pid: number | undefined): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) / 1024 : Number.NaN;
}

/** A process's CPU time so far: utime + stime from /proc/<pid>/stat, in clock ticks (100 a second). */
export function cpuTicks(pid: number | undefined): number {
  const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return Number(f[11]) + Number(f[12]);
}

/** A failed run's clean-up: kill the server at once, then drop the bench's database if it can. */
export async function abandonRun(server: ChildProcess, fresh: FreshDatabase): Promise<void> {
  server.kill("SIGKILL");
  await fresh.admin.query(`DROP DATABASE IF EXISTS ${fresh.dbName} WITH (FORCE)`).catch(() => undefined);
}

/** On an unhandled rejection: print it, run `cleanUp`, exit 1 (a failed run leaves nothing behind). */
export function cleanUpOnFailure(cleanUp: () => Promise<void>): void {
  process.on("unhandledRejection", (err) => {
    console.error(err);
    void cleanUp().finally(() => process.exit(1));
  });
}

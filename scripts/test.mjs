// `npm test`: lint, types, unit + integration (Vitest), then end-to-end in Chromium (Playwright).
// Ends with one line "N passed, N failed" so any CI reads the result the same way.
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { root, run } from "./lib.mjs";

const reports = join(root, "test-results", "reports");
mkdirSync(reports, { recursive: true });
const only = process.argv.slice(2); // e.g. `npm test -- unit` runs one step
const steps = [
  // Biome, then the module boundary check (scripts/check-modules.mjs): both are `npm run lint`.
  ["lint", "npm", ["run", "lint"]],
  ["types", process.execPath, ["scripts/typecheck.mjs"]],
  [
    "unit+integration",
    "npx",
    [
      "vitest",
      "run",
      // Vitest's default is one worker fewer than the cores: one on this two-core machine, with
      // the other core idle while a file migrates or waits. Each file opens its own database.
      "--maxWorkers=2",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${join(reports, "vitest.json")}`,
    ],
  ],
  ["e2e", process.execPath, ["scripts/e2e.mjs"]],
];

let passed = 0;
let failed = 0;
const failedSteps = [];
const failures = []; // "where: what", printed just above the last line so a CI log's tail names them
for (const [name, cmd, args] of steps) {
  if (only.length && !only.includes(name.split("+")[0])) continue;
  console.log(`\n=== ${name} ===`);
  const code = await run(cmd, args);
  if (code !== 0) failedSteps.push(name);
  if (name === "unit+integration") {
    const r = readJson(join(reports, "vitest.json"));
    passed += r?.numPassedTests ?? 0;
    failed += r?.numFailedTests ?? (code === 0 ? 0 : 1);
    for (const file of r?.testResults ?? []) {
      for (const t of file.assertionResults ?? []) {
        if (t.status === "failed")
          failures.push(`${rel(file.name)} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
      }
    }
  } else if (name === "e2e") {
    const r = readJson(join(reports, "e2e.json"));
    passed += (r?.stats?.expected ?? 0) + (r?.stats?.flaky ?? 0);
    failed += r?.stats?.unexpected ?? (code === 0 ? 0 : 1);
    collectPlaywright(r?.suites ?? [], failures);
  } else if (code !== 0) {
    failed += 1;
  }
  if (code !== 0) break; // a red step stops the run: later steps would only repeat the noise
}

for (const f of failures.slice(0, 20)) console.log(`FAILED ${f}`);
console.log(failedSteps.length ? `\nFailed step: ${failedSteps.join(", ")}` : "\nAll steps green.");
console.log(`${passed} passed, ${failed} failed`);
process.exit(failedSteps.length ? 1 : 0);

function readJson(path) {
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return null;
  }
}

function rel(path) {
  return String(path ?? "").replace(`${root}/`, "");
}

function firstLine(message) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes in reporter output
  const text = String(message ?? "").replace(/\u001b\[[0-9;]*m/g, "");
  return (
    text
      .split("\n")
      .find((l) => l.trim())
      ?.trim()
      .slice(0, 300) ?? ""
  );
}

/** Playwright's JSON report: the tests whose outcome was "unexpected", with their first error line. */
function collectPlaywright(suites, out) {
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== "unexpected") continue;
        const last = t.results?.[t.results.length - 1];
        const error = last?.error ?? last?.errors?.[0];
        // Where it stopped and what the page held: an assertion's line and its "Received" line.
        const at = error?.location ? ` (at line ${error.location.line})` : "";
        const received = receivedLine(error?.message);
        out.push(
          `${spec.file}:${spec.line} › ${spec.title}${at}: ${firstLine(error?.message)}${received ? ` — ${received}` : ""}`,
        );
      }
    }
    collectPlaywright(suite.suites ?? [], out);
  }
}

function receivedLine(message) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes in reporter output
  const text = String(message ?? "").replace(/\u001b\[[0-9;]*m/g, "");
  return (
    text
      .split("\n")
      .find((l) => /^\s*(Received|Error:.*timeout|Call log)/i.test(l) && !/^\s*Error: expect/.test(l))
      ?.trim()
      .slice(0, 200) ?? ""
  );
}

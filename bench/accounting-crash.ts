/**
 * Crash runs of the accounting API (see bench/README.md), longer than tests/integration/accounting-crash.test.ts:
 * CRASH_CLIENTS clients (default 8) over CRASH_ORGS organizations (default 2) write for CRASH_SECONDS (default 4)
 * before each crash, CRASH_ROUNDS times (default 2) for each kind of crash:
 *
 *   - kill -9 of the app on the embedded database, during draft saves only, then during saves and posts;
 *   - on a private PostgreSQL cluster (initdb + pg_ctl in a temporary folder, never the shared server):
 *     kill -9 of the app, kill -9 of every PostgreSQL process, and `pg_ctl stop -m immediate`, each during
 *     draft saves only and during saves and posts.
 *
 * After each crash the app or the database is started again, every write that got no answer is sent again with
 * its Idempotency-Key, and the books are checked: every acknowledged entry is there in its acknowledged state,
 * no save made two entries, no retry was refused, and each organization's numbers run from 1 without a gap.
 *
 *   npx tsx bench/accounting-crash.ts
 */
import { rmSync } from "node:fs";
import {
  checkBooks,
  closeAgent,
  createCluster,
  killApp,
  postgresBinDir,
  retryUnanswered,
  signInOwners,
  startApp,
  startLoad,
  tempDataDir,
  type Action,
  type AppProcess,
  type Owner,
} from "../tests/support/crash-harness.ts";

const CLIENTS = Number(process.env.CRASH_CLIENTS ?? 8);
const ORGS = Number(process.env.CRASH_ORGS ?? 2);
const SECONDS = Number(process.env.CRASH_SECONDS ?? 4);
const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 2);
const APP_PORT = Number(process.env.CRASH_APP_PORT ?? 3991);
const PG_PORT = Number(process.env.CRASH_PG_PORT ?? 15432 + 100);

interface Row {
  database: string;
  crash: string;
  load: string;
  "acknowledged before the crash": number;
  "unanswered, sent again": number;
  "lost (acknowledged, missing after)": number;
  "refused retries": number;
}

const rows: Row[] = [];

/** One crash: load for SECONDS, crash, restart, retry the unanswered writes. */
async function crashRound(
  database: string,
  crash: string,
  post: boolean,
  base: () => string,
  owners: Owner[],
  actions: Action[],
  doCrash: () => Promise<void>,
  restart: () => Promise<void>,
) {
  const fromAction = actions.length;
  const load = startLoad(base(), owners, CLIENTS, { post }, actions);
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  await doCrash();
  load.stop();
  await load.done;
  const round = actions.slice(fromAction);
  const acknowledged = round.filter((a) => a.ack).length;
  const unanswered = round.filter((a) => !a.ack).length;
  await restart();
  const still = await retryUnanswered(base(), owners, actions);
  const books = await checkBooks(base(), owners, actions);
  rows.push({
    database,
    crash,
    load: post ? "saves and posts" : "draft saves",
    "acknowledged before the crash": acknowledged,
    "unanswered, sent again": unanswered,
    "lost (acknowledged, missing after)": books.lost.length,
    "refused retries": books.refusals.length,
  });
  const saves = actions.filter((a) => a.kind === "save").length;
  const entries = books.numbering.reduce((s, n) => s + n.entries, 0);
  const problems = [
    ...books.lost.map((l) => `lost: ${l}`),
    ...books.duplicates.map((d) => `two entries for: ${d}`),
    ...books.refusals.map((r) => `refused: ${r}`),
    ...still.map((a) => `still unanswered: ${a.kind} ${a.path}`),
    ...books.numbering.filter((n) => !n.gapless).map((n) => `organization ${n.owner}: numbers with a gap`),
    ...(entries !== saves ? [`${entries} entries for ${saves} saves`] : []),
    ...(books.drafts ? [`${books.drafts} drafts left`] : []),
  ];
  console.log(
    `${database}, ${crash}, ${post ? "saves and posts" : "draft saves"}: ${acknowledged} acknowledged, ${unanswered} unanswered; ${problems.length ? problems.join("; ") : "nothing lost, numbers gapless"}`,
  );
  return problems.length;
}

async function main() {
  let problems = 0;

  // The embedded database: kill -9 of the app.
  {
    const dataDir = tempDataDir();
    let app: AppProcess = await startApp({ port: APP_PORT, dataDir, seedUsers: ORGS });
    const owners = await signInOwners(app.base, ORGS);
    const actions: Action[] = [];
    try {
      for (let r = 0; r < ROUNDS; r++) {
        for (const post of [false, true]) {
          problems += await crashRound(
            "embedded",
            "kill -9 of the app",
            post,
            () => app.base,
            owners,
            actions,
            () => killApp(app),
            async () => {
              app = await startApp({ port: APP_PORT, dataDir, seedUsers: ORGS });
            },
          );
        }
      }
    } finally {
      await killApp(app);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  // PostgreSQL, a private cluster.
  const binDir = postgresBinDir();
  if (!binDir) {
    console.log("PostgreSQL's server programs (initdb, pg_ctl) not found: PostgreSQL runs skipped");
  } else {
    const cluster = createCluster(binDir, PG_PORT);
    let app: AppProcess = await startApp({ port: APP_PORT, databaseUrl: cluster.url, seedUsers: ORGS });
    const owners = await signInOwners(app.base, ORGS);
    const actions: Action[] = [];
    try {
      for (let r = 0; r < ROUNDS; r++) {
        for (const post of [false, true]) {
          problems += await crashRound(
            "PostgreSQL",
            "kill -9 of the app",
            post,
            () => app.base,
            owners,
            actions,
            () => killApp(app),
            async () => {
              app = await startApp({ port: APP_PORT, databaseUrl: cluster.url, seedUsers: ORGS });
            },
          );
          problems += await crashRound(
            "PostgreSQL",
            "kill -9 of PostgreSQL",
            post,
            () => app.base,
            owners,
            actions,
            () => cluster.kill9(),
            async () => cluster.start(),
          );
          problems += await crashRound(
            "PostgreSQL",
            "immediate stop of PostgreSQL",
            post,
            () => app.base,
            owners,
            actions,
            () => cluster.stopImmediate(),
            async () => cluster.start(),
          );
        }
      }
    } finally {
      await killApp(app);
      cluster.destroy();
    }
  }
  closeAgent();
  console.table(rows);
  console.log(problems ? `${problems} problem(s)` : "every acknowledged write survived every crash; numbers gapless; no retry refused");
  process.exit(problems ? 1 : 0);
}

await main();

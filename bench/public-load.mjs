/* global process, console, fetch, setTimeout, Buffer */
// Public pages under load: the production build against nginx serving the very bytes the build sends.
//   node bench/public-load.mjs          builds (npm run build), starts BUILD_DIR's server (default ./build) on a temporary
//                                       embedded database, writes what it answers for each page to a temporary folder,
//                                       serves that folder with nginx on another port, then runs wrk in turns.
// Knobs: BENCH_SKIP_BUILD=1, BENCH_SECONDS (20), BENCH_CONNECTIONS (50), BENCH_THREADS (2), BENCH_PAGES (comma list),
// BENCH_NGINX_WORKERS (1; `auto` for one per core), BENCH_RUNS (1: the whole comparison that many times in a row),
// BENCH_DATABASE_URL (a PostgreSQL database for the app instead of the embedded one: it then runs WORKERS processes,
// one per core by default, as deployed on a database server; decision 093).
// Targets (decision 111): the app at >= 60% of nginx's requests/s, p99 < 50 ms, no errors. Exit code 1 when one is
// missed. Beside them, a plain `http.createServer` in one Node process answering the same bytes and headers from memory
// ("node"): the most any app on one Node process could reach here, so app/node is what the app itself costs.
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const THREADS = Number(process.env.BENCH_THREADS ?? 2);
const PAGES = (process.env.BENCH_PAGES ?? "/,/pricing,/blog/quarterly-estimated-taxes-guide").split(",");
// nginx's worker processes: one by default, the fair pairing for the app's one process on the embedded database.
const NGINX_WORKERS = process.env.BENCH_NGINX_WORKERS ?? "1";
const RUNS = Number(process.env.BENCH_RUNS ?? 1);

async function freePort() {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

const temp = mkdtempSync(path.join(tmpdir(), "public-load-"));
chmodSync(temp, 0o755);
const children = [];
function cleanup() {
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  rmSync(temp, { recursive: true, force: true });
}
process.on("exit", cleanup);
process.on("SIGINT", () => process.exit(130));

if (process.env.BENCH_SKIP_BUILD !== "1") {
  console.log("building…");
  const r = spawnSync("npm", ["run", "build"], { stdio: ["ignore", "ignore", "inherit"] });
  if (r.status !== 0) throw new Error("npm run build failed");
}

// The app, alone, as in production (one process on the embedded database; WORKERS processes on PostgreSQL).
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const appPort = await freePort();
const app = `http://127.0.0.1:${appPort}`;
const dataDir = path.join(temp, "data");
mkdirSync(dataDir);
const server = spawn(process.execPath, [path.join(buildDir, "server", "main.js")], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(appPort),
    PUBLIC_URL: app,
    DATA_DIR: dataDir,
    APP_SECRET: "public-load-bench-secret-0123456789abcdef",
    LOG_LEVEL: "warn",
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  },
  stdio: ["ignore", "inherit", "inherit"],
});
children.push(server);
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${app}/api/health`)).ok) break;
  } catch {
    /* starting */
  }
  if (i > 300 || server.exitCode !== null) throw new Error("the app did not start");
  await new Promise((r) => setTimeout(r, 200));
}

// nginx serving what the app answers for each page (uncompressed, as wrk asks).
const root = path.join(temp, "www");
const answers = {};
for (const page of PAGES) {
  // As wrk asks: no Accept-Encoding, so the stored page's uncompressed bytes and the headers that go with them.
  const res = await fetch(app + page, { headers: { "accept-encoding": "identity" } });
  if (res.status !== 200) throw new Error(`${page}: ${res.status}`);
  const file = path.join(root, page === "/" ? "index.html" : `${page.slice(1)}.html`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  const headers = Object.fromEntries([...res.headers].filter(([name]) => !["date", "connection", "keep-alive"].includes(name)));
  answers[page] = { file, headers };
}

// A plain Node server answering the same bytes with the same headers from memory: Node's own HTTP cost, nothing else.
const nodePort = await freePort();
const plainNode = `http://127.0.0.1:${nodePort}`;
writeFileSync(path.join(temp, "answers.json"), JSON.stringify(answers));
const plain = spawn(
  process.execPath,
  [
    "--input-type=module",
    "-e",
    `import http from "node:http"; import { readFileSync } from "node:fs";
const answers = JSON.parse(readFileSync(${JSON.stringify(path.join(temp, "answers.json"))}, "utf8"));
const pages = new Map(Object.entries(answers).map(([page, a]) => [page, { headers: a.headers, body: readFileSync(a.file) }]));
const server = http.createServer((req, res) => {
  const page = pages.get(req.url);
  if (!page) return res.writeHead(404).end();
  res.writeHead(200, page.headers);
  res.end(page.body);
});
server.keepAliveTimeout = 65000;
server.listen(${nodePort}, "127.0.0.1");`,
  ],
  { stdio: ["ignore", "inherit", "inherit"] },
);
children.push(plain);
spawnSync("chmod", ["-R", "a+rX", root]);
const nginxPort = await freePort();
const nginx = `http://127.0.0.1:${nginxPort}`;
writeFileSync(
  path.join(temp, "nginx.conf"),
  `worker_processes ${NGINX_WORKERS};
pid ${temp}/nginx.pid;
error_log ${temp}/nginx-error.log warn;
daemon off;
events { worker_connections 1024; }
http {
  access_log off;
  default_type text/html;
  client_body_temp_path ${temp}/body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
  server {
    listen 127.0.0.1:${nginxPort};
    root ${root};
    location / { try_files $uri.html /index.html =404; }
    location = / { try_files /index.html =404; }
  }
}
`,
);
const ngx = spawn("nginx", ["-c", path.join(temp, "nginx.conf"), "-p", temp], { stdio: ["ignore", "inherit", "inherit"] });
children.push(ngx);
for (let i = 0; ; i++) {
  try {
    if ((await fetch(nginx + PAGES[0])).ok) break;
  } catch {
    /* starting */
  }
  if (i > 50 || ngx.exitCode !== null) throw new Error("nginx did not start");
  await new Promise((r) => setTimeout(r, 100));
}
for (let i = 0; ; i++) {
  try {
    if ((await fetch(plainNode + PAGES[0])).ok) break;
  } catch {
    /* starting */
  }
  if (i > 50 || plain.exitCode !== null) throw new Error("the plain Node server did not start");
  await new Promise((r) => setTimeout(r, 100));
}
for (const page of PAGES) {
  const [a, b, c] = await Promise.all(
    [app, nginx, plainNode].map(async (base) => Buffer.from(await (await fetch(base + page)).arrayBuffer())),
  );
  if (!a.equals(b)) throw new Error(`${page}: nginx does not serve the app's bytes`);
  if (!a.equals(c)) throw new Error(`${page}: the plain Node server does not serve the app's bytes`);
}

function parseWrk(out) {
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
  const p99 = /\s99%\s+([\d.]+)(us|ms|s)\b/.exec(out);
  const p99ms = p99 ? Number(p99[1]) * { us: 0.001, ms: 1, s: 1000 }[p99[2]] : NaN;
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const errors = (socket ? socket.slice(1).reduce((s, n) => s + Number(n), 0) : 0) + non2xx;
  return { rps, p99ms, errors };
}

function wrk(url) {
  const r = spawnSync("wrk", [`-t${THREADS}`, `-c${CONNECTIONS}`, `-d${SECONDS}s`, "--latency", url], { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`wrk failed: ${r.stderr}`);
  return parseWrk(r.stdout);
}

// Warm-up (JIT, the page cache), then each page against the app, nginx and the plain Node server in turns.
for (const page of PAGES) for (const base of [app, plainNode]) spawnSync("wrk", ["-t1", "-c10", "-d2s", base + page]);
const loadavg = async () =>
  (await import("node:os"))
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(" ");
let failed = false;
for (let run = 1; run <= RUNS; run++) {
  console.log(
    `run ${run} of ${RUNS}: wrk -t${THREADS} -c${CONNECTIONS} -d${SECONDS}s --latency, in turns; load average before: ${await loadavg()}`,
  );
  console.log(
    "page                                    app req/s   app p99   nginx req/s   nginx p99   app/nginx   node req/s   app/node   node/nginx   errors (app/nginx)",
  );
  for (const page of PAGES) {
    const a = wrk(app + page);
    const n = wrk(nginx + page);
    const p = wrk(plainNode + page);
    const ratio = a.rps / n.rps;
    const ok = ratio >= 0.6 && a.p99ms < 50 && a.errors === 0;
    if (!ok) failed = true;
    const percent = (x) => `${(x * 100).toFixed(0)}%`;
    console.log(
      `${page.padEnd(40)}${a.rps.toFixed(0).padStart(11)}${`${a.p99ms.toFixed(1)} ms`.padStart(10)}${n.rps.toFixed(0).padStart(14)}${`${n.p99ms.toFixed(1)} ms`.padStart(12)}${percent(ratio).padStart(12)}${p.rps.toFixed(0).padStart(13)}${percent(a.rps / p.rps).padStart(11)}${percent(p.rps / n.rps).padStart(13)}${`${a.errors}/${n.errors}`.padStart(21)}${ok ? "" : "  MISSED"}`,
    );
  }
}
// The children (app, nginx, the plain server) would keep this process alive: the exit handler stops them.
process.exit(failed ? 1 : 0);

#!/bin/bash
# The database alone: pgbench runs the API's statements for one entry (entry.sql) with 16 clients over the 16
# organizations that bench/accounting-bench.ts seeds, durable commits, and reports entries/s and PostgreSQL's CPU per
# entry (sampled from /proc in the middle of the run). Run bench/accounting-bench.ts once before (it leaves the
# database BENCH_DB_NAME, default bench_durable here).
#   bash bench/posting-sql/run.sh [seconds]
set -euo pipefail
cd "$(dirname "$0")"
DB=${BENCH_DB_NAME:-bench_durable}
T=${1:-15}
PSQL=(psql -h 127.0.0.1 -U postgres -d "$DB" -v ON_ERROR_STOP=1 -q)
"${PSQL[@]}" <<'SQL'
drop table if exists pb;
create table pb as
  select row_number() over (order by o.id) - 1 as c, o.id as org, m.user_id as uid,
         (select token from sessions s where s.user_id = m.user_id order by created_at limit 1) as token
    from organizations o join organization_memberships m on m.organization_id = o.id and m.role = 'owner'
   where exists (select 1 from sessions s where s.user_id = m.user_id) and o.id > 1
   order by o.id limit 16;
create unique index on pb (c);
SQL
[ "$("${PSQL[@]}" -Atc 'select count(*) from pb')" = 16 ] || { echo "needs 16 seeded organizations"; exit 1; }
pg_cpu() { local t=0; for p in $(pgrep -u postgres postgres); do read -r -a f < /proc/$p/stat 2>/dev/null || continue; t=$((t + f[13] + f[14])); done; echo $t; }
out=$(mktemp)
pgbench -h 127.0.0.1 -U postgres -n -M prepared -c 16 -j 1 -T "$T" -f entry.sql "$DB" > "$out" 2>&1 &
sleep 2; c0=$(pg_cpu); t0=$(date +%s.%N)
sleep $((T - 4)); c1=$(pg_cpu); t1=$(date +%s.%N)
wait
tps=$(grep -o 'tps = [0-9.]*' "$out" | grep -o '[0-9.]*$')
grep -E 'failed transactions' "$out" || true
echo "entries/s: $tps; PostgreSQL busy cores: $(echo "($c1-$c0)/100/($t1-$t0)" | bc -l | cut -c1-4); CPU per entry: $(echo "($c1-$c0)*10/($t1-$t0)/$tps" | bc -l | cut -c1-4) ms"
rm -f "$out"; "${PSQL[@]}" -c 'drop table pb'

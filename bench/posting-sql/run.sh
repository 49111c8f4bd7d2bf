#!/bin/bash
# The database alone: pgbench runs the API's statements for one entry (entry.sql) with 16 clients over the
# BENCH_ORGS (16) organizations that bench/accounting-bench.ts seeds (owners crash-1@example.com ...), durable
# commits, and reports entries/s and PostgreSQL's CPU per entry (sampled from /proc in the middle of the run); it fails
# when a transaction did not save and post its entry (entry.sql behind the schema). The accounting bench
# runs it after its posting; alone, run bench/accounting-bench.ts once before (it leaves the database BENCH_DB_NAME,
# default bench_accounting, with the owners signed in). Connects as PGHOST, PGPORT, PGUSER (PGPASSWORD honoured).
#   bash bench/posting-sql/run.sh [seconds]
set -euo pipefail
cd "$(dirname "$0")"
DB=${BENCH_DB_NAME:-bench_accounting}
T=${1:-15}
ORGS=${BENCH_ORGS:-16}
CONNECT=(-h "${PGHOST:-127.0.0.1}" -p "${PGPORT:-5432}" -U "${PGUSER:-postgres}")
PSQL=(psql "${CONNECT[@]}" -d "$DB" -v ON_ERROR_STOP=1 -q)
"${PSQL[@]}" -v orgs="$ORGS" <<'SQL'
drop table if exists pb;
create table pb as
  select row_number() over (order by o.id) - 1 as c, o.id as org, m.user_id as uid,
         (select token from sessions s where s.user_id = m.user_id and s.expires_at > now() order by s.created_at desc limit 1) as token,
         (select array_agg(a.id order by a.id) from chart_of_accounts a where a.organization_id = o.id and a.is_active) as acct
    from organizations o join organization_memberships m on m.organization_id = o.id and m.role = 'owner'
    join users u on u.id = m.user_id
   where u.email like 'crash-%@example.com' and exists (select 1 from sessions s where s.user_id = m.user_id and s.expires_at > now())
   order by o.id limit :orgs;
create unique index on pb (c);
SQL
[ "$("${PSQL[@]}" -Atc 'select count(*) from pb')" = "$ORGS" ] || { echo "needs $ORGS seeded organizations whose owners are signed in"; exit 1; }
entries() { "${PSQL[@]}" -Atc "select count(*) filter (where status = 'posted'), count(*) filter (where status <> 'posted') from journal_entries where description = 'pgbench'"; }
before=$(entries)
# PostgreSQL's CPU ticks per process; the run's CPU is summed over the processes alive at its end (a process that
# ended meanwhile, as another client's idle connection closed, would otherwise take its whole past off the sum).
pg_ticks() { for p in $(pgrep -u postgres postgres); do read -r -a f < /proc/$p/stat 2>/dev/null || continue; echo "$p $((f[13] + f[14]))"; done; }
out=$(mktemp)
pgbench "${CONNECT[@]}" -n -M prepared -c 16 -j 1 -T "$T" -D orgs="$ORGS" -f entry.sql "$DB" > "$out" 2>&1 &
bench=$!
sleep 2; s0=$(pg_ticks); t0=$(date +%s.%N)
sleep $((T - 4)); s1=$(pg_ticks); t1=$(date +%s.%N)
ticks=$(awk 'NR == FNR { a[$1] = $2; next } { d += $2 - ($1 in a ? a[$1] : 0) } END { print d + 0 }' <(echo "$s0") <(echo "$s1"))
wait "$bench" || { cat "$out"; echo "pgbench failed: entry.sql no longer matches the schema?"; exit 1; }
tps=$(grep -o 'tps = [0-9.]*' "$out" | grep -o '[0-9.]*$')
done_n=$(grep -o 'number of transactions actually processed: [0-9]*' "$out" | grep -o '[0-9]*$')
grep -E 'failed transactions' "$out" || true
# Every transaction saved and posted one entry: a statement that wrote nothing would count as done without its work.
after=$(entries)
[ "$((${after%|*} - ${before%|*}))" = "$done_n" ] && [ "${after#*|}" = 0 ] || {
  echo "pgbench: $done_n transactions but posted entries went from ${before%|*} to ${after%|*} (drafts left: ${after#*|})"; exit 1; }
printf 'entries/s: %.0f; PostgreSQL busy cores: %.2f; CPU per entry: %.2f ms\n' "$tps" "$(echo "$ticks/100/($t1-$t0)" | bc -l)" "$(echo "$ticks*10/($t1-$t0)/$tps" | bc -l)"
rm -f "$out"; "${PSQL[@]}" -c 'drop table pb'

-- One entry as the API writes it, for pgbench (see bench/README.md, "The database alone"): the session and membership
-- reads of the save and of the post, the save (counter, entry, 4 lines, audit row, idempotency answer) and the post.
-- Each client writes into its own organization (the pb table maps client -> organization, owner, session token).
\set c :client_id % 16
select org, uid, token from pb where c = :c \gset
\set base (:org - 1) * 15 + 1
\set k random(0, 10)
\set a0 :base + :k
\set a1 :base + :k + 1
\set a2 :base + :k + 2
\set a3 :base + :k + 3
select s.id as session_id, s.expires_at, u.id, u.name, u.email, u.email_verified, u.image, u.first_name, u.last_name, u.company_name, u.role, u.two_factor_enabled, u.created_at, u.updated_at, u.disabled_at, (not u.two_factor_enabled and coalesce((select case when u.role in ('staff','admin') then p.require_for_staff else p.require_for_clients end from two_factor_policy p where p.id = 1), false)) as enrolment_required from sessions s join users u on u.id = s.user_id where s.token = :token;
select o.name, m.role from organization_memberships m join organizations o on o.id = m.organization_id where m.user_id = :uid and m.organization_id = :org;
with x as (select * from jsonb_to_recordset(('[{"line_no":1,"account_id":' || cast(:a0 as text) || ',"debit_amount":"12.50","credit_amount":"0.00"},{"line_no":2,"account_id":' || cast(:a1 as text) || ',"debit_amount":"1.25","credit_amount":"0.00"},{"line_no":3,"account_id":' || cast(:a2 as text) || ',"debit_amount":"0.00","credit_amount":"12.50"},{"line_no":4,"account_id":' || cast(:a3 as text) || ',"debit_amount":"0.00","credit_amount":"1.25"}]')::jsonb) as x(line_no smallint, account_id integer, description text, debit_amount numeric, credit_amount numeric)
), bad as (select x.line_no from x where not exists (select 1 from chart_of_accounts a where a.organization_id = :org and a.id = x.account_id and a.is_active)
), n as (update journal_entry_counters c set last_number = c.last_number + 1 where c.organization_id = :org and not exists (select 1 from bad) returning c.last_number
), e as (insert into journal_entries (organization_id, entry_seq, description, entry_date, reference, total_amount, created_by)
   select cast(:org as integer), n.last_number, 'pgbench', '2026-06-30'::date, null, 13.75::numeric, cast(:uid as text) from n
   returning id, entry_number, entry_date::text as entry_date, description, reference, total_amount::text as total_amount, status, reversal_of, reversed_by
), l as (insert into journal_entry_lines (organization_id, journal_entry_id, line_no, account_id, description, debit_amount, credit_amount)
   select cast(:org as integer), e.id, x.line_no, x.account_id, x.description, x.debit_amount, x.credit_amount from e, x
), a as (insert into journal_entry_audit (organization_id, journal_entry_id, action, user_id) select cast(:org as integer), e.id, 'created', cast(:uid as text) from e
), k as (insert into idempotency_keys (organization_id, user_id, key, request_hash, status, body)
   select cast(:org as integer), cast(:uid as text), gen_random_uuid(), 'abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789', 201, json_build_object('entry', row_to_json(e)) from e
)
select e.id as eid from (select min(line_no) as bad_line from bad) b left join e on true \gset
select s.id as session_id, s.expires_at, u.id, u.name, u.email, u.email_verified, u.image, u.first_name, u.last_name, u.company_name, u.role, u.two_factor_enabled, u.created_at, u.updated_at, u.disabled_at, (not u.two_factor_enabled and coalesce((select case when u.role in ('staff','admin') then p.require_for_staff else p.require_for_clients end from two_factor_policy p where p.id = 1), false)) as enrolment_required from sessions s join users u on u.id = s.user_id where s.token = :token;
select o.name, m.role from organization_memberships m join organizations o on o.id = m.organization_id where m.user_id = :uid and m.organization_id = :org;
with e as (update journal_entries set status = 'posted', posted_at = now(), posted_by = cast(:uid as text) where id = :eid and organization_id = :org and status = 'draft'
   returning id, entry_number, entry_date::text as entry_date, description, reference, total_amount::text as total_amount, status, reversal_of, reversed_by
), a as (insert into journal_entry_audit (organization_id, journal_entry_id, action, user_id) select cast(:org as integer), e.id, 'posted', cast(:uid as text) from e
), k as (insert into idempotency_keys (organization_id, user_id, key, request_hash, status, body)
   select cast(:org as integer), cast(:uid as text), gen_random_uuid(), 'abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789', 200, json_build_object('entry', row_to_json(e)) from e
)
select * from e;

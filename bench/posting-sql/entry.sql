-- One entry as the API writes it, for pgbench (see bench/README.md, "The database alone"): the six statements the
-- API sends for a save and a post with an Idempotency-Key each, as PostgreSQL's statement log shows them (2026-11-27,
-- migrations up to 0039): the session and membership reads of the save, the save (counter, entry, 4 lines, audit row,
-- idempotency answer), the session and membership reads of the post, the post. When the API's statements change,
-- log them again (`alter database … set log_statement = 'all'`, one save and post) and copy them here.
-- Each client writes into its own organization (the pb table of run.sh maps client -> organization, owner, session
-- token and the organization's active accounts). In the lines' JSON, `": null` keeps its space: pgbench reads `:null`
-- as a variable.
\set c :client_id % :orgs
\set k random(0, 1000000)
select org, uid, token, acct[1 + :k % cardinality(acct)] as a0, acct[1 + (:k + 1) % cardinality(acct)] as a1,
       acct[1 + (:k + 2) % cardinality(acct)] as a2, acct[1 + (:k + 3) % cardinality(acct)] as a3 from pb where c = :c \gset
select s.id as session_id, s.expires_at, u.id, u.name, u.email, u.email_verified, u.image, u.first_name, u.last_name, u.company_name, u.role, u.two_factor_enabled, u.created_at, u.updated_at, u.disabled_at, (not u.two_factor_enabled and coalesce((select case when u.role = any('{staff,admin}'::text[]) then p.require_for_staff else p.require_for_clients end from two_factor_policy p where p.id = 1), false)) as enrolment_required from sessions s join users u on u.id = s.user_id where s.token = :token;
select o.name, o.currency, m.role, u.role = any('{staff,admin}'::text[]) as firm_side, exists (select 1 from organization_memberships k join users ku on ku.id = k.user_id where k.organization_id = m.organization_id and k.role = any('{owner,accountant}'::text[]) and ku.role = any('{staff,admin}'::text[]) and ku.disabled_at is null) as firm_keeps from organization_memberships m join organizations o on o.id = m.organization_id join users u on u.id = m.user_id where m.user_id = :uid and m.organization_id = :org;
with x as (select * from jsonb_to_recordset(('[{"line_no":1,"account_id":' || cast(:a0 as text) || ',"description": null,"debit_amount":"12.50","credit_amount":"0.00"},{"line_no":2,"account_id":' || cast(:a1 as text) || ',"description": null,"debit_amount":"1.25","credit_amount":"0.00"},{"line_no":3,"account_id":' || cast(:a2 as text) || ',"description": null,"debit_amount":"0.00","credit_amount":"12.50"},{"line_no":4,"account_id":' || cast(:a3 as text) || ',"description": null,"debit_amount":"0.00","credit_amount":"1.25"}]')::jsonb) as x(line_no smallint, account_id integer, description text, debit_amount numeric, credit_amount numeric)
), bad as (select x.line_no from x where not exists (select 1 from chart_of_accounts a where a.organization_id = :org and a.id = x.account_id and a.is_active)
), n as (update journal_entry_counters c set last_number = c.last_number + 1 where c.organization_id = :org and not exists (select 1 from bad) returning c.last_number
), e as (insert into journal_entries (organization_id, entry_seq, description, entry_date, reference, total_amount, created_by, reversal_of)
   select cast(:org as integer), n.last_number, 'pgbench', '2026-06-30'::date, null, 13.75::numeric, cast(:uid as text), null from n
   returning id, entry_number, entry_date::text as entry_date, description, reference, total_amount::text as total_amount, status, reversal_of, reversed_by
), l as (insert into journal_entry_lines (organization_id, journal_entry_id, line_no, account_id, description, debit_amount, credit_amount)
   select cast(:org as integer), e.id, x.line_no, x.account_id, x.description, x.debit_amount, x.credit_amount from e, x
), a as (insert into journal_entry_audit (organization_id, journal_entry_id, action, user_id, detail) select cast(:org as integer), e.id, 'created', cast(:uid as text), null from e
), k as (insert into idempotency_keys (caller, key, request_hash, route, organization_id, reserved_until, status, headers, body)
   select 'user:' || cast(:uid as text), gen_random_uuid(), 'abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789', 'POST /api/accounting/orgs/' || cast(:org as text) || '/entries',
          cast(:org as integer), null::timestamptz, 201, '[["content-type","application/json"]]'::json, (json_build_object('entry', row_to_json(e)))::text from e
)
select e.id as eid from (select min(line_no) as bad_line from bad) b left join e on true \gset
select s.id as session_id, s.expires_at, u.id, u.name, u.email, u.email_verified, u.image, u.first_name, u.last_name, u.company_name, u.role, u.two_factor_enabled, u.created_at, u.updated_at, u.disabled_at, (not u.two_factor_enabled and coalesce((select case when u.role = any('{staff,admin}'::text[]) then p.require_for_staff else p.require_for_clients end from two_factor_policy p where p.id = 1), false)) as enrolment_required from sessions s join users u on u.id = s.user_id where s.token = :token;
select o.name, o.currency, m.role, u.role = any('{staff,admin}'::text[]) as firm_side, exists (select 1 from organization_memberships k join users ku on ku.id = k.user_id where k.organization_id = m.organization_id and k.role = any('{owner,accountant}'::text[]) and ku.role = any('{staff,admin}'::text[]) and ku.disabled_at is null) as firm_keeps from organization_memberships m join organizations o on o.id = m.organization_id join users u on u.id = m.user_id where m.user_id = :uid and m.organization_id = :org;
with e as (update journal_entries set status = 'posted', posted_at = now(), posted_by = cast(:uid as text) where id = :eid and organization_id = :org and status = 'draft'
   returning id, entry_number, entry_date::text as entry_date, description, reference, total_amount::text as total_amount, status, reversal_of, reversed_by
), a as (insert into journal_entry_audit (organization_id, journal_entry_id, action, user_id, detail) select cast(:org as integer), e.id, 'posted', cast(:uid as text), null from e
), k as (insert into idempotency_keys (caller, key, request_hash, route, organization_id, reserved_until, status, headers, body)
   select 'user:' || cast(:uid as text), gen_random_uuid(), 'abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789', 'POST /api/accounting/orgs/' || cast(:org as text) || '/entries/' || cast(:eid as text) || '/post',
          cast(:org as integer), null::timestamptz, 200, '[["content-type","application/json"]]'::json, (json_build_object('entry', row_to_json(e)))::text from e
)
select * from e;

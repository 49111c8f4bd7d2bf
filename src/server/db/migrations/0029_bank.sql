-- Bank accounts, their statements and reconciliation (issue 29, decision 092).
--
-- A bank or card account of an organization is tied to one Asset (a card: Liability) account of its chart. A file a
-- bank sent becomes a `bank_statements` row and its transactions `bank_lines`; a line already imported (same key) is
-- skipped, so overlapping statements are safe. Statement lines are tied to posted ledger lines of the bank's account
-- in `bank_matches` (many to many, amounts agreeing to the cent); a finished reconciliation locks its matches.

create table bank_accounts (
  id integer generated always as identity primary key,
  organization_id integer not null references organizations (id) on delete cascade,
  name text not null check (length(btrim(name)) between 1 and 100),
  kind text not null check (kind in ('bank', 'card')),
  account_id integer not null,
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  -- The account number or IBAN as the bank writes it (optional).
  number text check (number is null or length(number) <= 50),
  -- The CSV layout last used for this account's statements (mapping, formats), offered for the next file.
  csv_settings jsonb,
  created_by text references users (id) on delete set null,
  created_at timestamptz not null default now(),
  unique (organization_id, id),
  -- One bank account per ledger account: the ledger account's lines are the book side of its reconciliation.
  unique (organization_id, account_id),
  foreign key (organization_id, account_id) references chart_of_accounts (organization_id, id)
);

create table bank_statements (
  id integer generated always as identity primary key,
  organization_id integer not null,
  bank_account_id integer not null,
  file_name text not null check (length(file_name) between 1 and 200),
  format text not null check (format in ('csv', 'ofx', 'camt053', 'mt940', 'qif')),
  file_sha256 text not null,
  -- The balances the file states (null when it states none), and the sum of all its lines.
  opening_balance numeric(16, 2),
  opening_date date,
  closing_balance numeric(16, 2),
  closing_date date,
  lines_total numeric(16, 2) not null,
  line_count integer not null check (line_count >= 0),
  new_count integer not null check (new_count >= 0),
  first_date date,
  last_date date,
  imported_by text references users (id) on delete set null,
  imported_at timestamptz not null default now(),
  unique (organization_id, id),
  foreign key (organization_id, bank_account_id) references bank_accounts (organization_id, id) on delete cascade
);
create index bank_statements_account_idx on bank_statements (bank_account_id, imported_at desc);

create table bank_reconciliations (
  id integer generated always as identity primary key,
  organization_id integer not null,
  bank_account_id integer not null,
  statement_date date not null,
  statement_balance numeric(16, 2) not null,
  book_balance numeric(16, 2) not null,
  cleared_balance numeric(16, 2) not null,
  -- A reconciliation is finished only when the statement and the cleared items agree to the cent.
  check (statement_balance = cleared_balance),
  finished_by text references users (id) on delete set null,
  finished_at timestamptz not null default now(),
  undone_by text references users (id) on delete set null,
  undone_at timestamptz,
  -- What the reconciliation cleared and what stayed uncleared, as they were when it was finished (its report).
  items jsonb not null default '[]'::jsonb,
  unique (organization_id, id),
  foreign key (organization_id, bank_account_id) references bank_accounts (organization_id, id) on delete cascade
);
-- At most one finished (not undone) reconciliation per account and date.
create unique index bank_reconciliations_date_idx on bank_reconciliations (bank_account_id, statement_date) where undone_at is null;

-- A match ties statement lines to ledger lines whose amounts agree; `kind` says how it was made: matched to existing
-- entries, categorized (the entry was made from the statement line), or a ledger line marked cleared with no
-- statement line (an opening balance, a line from before the first statement).
create table bank_matches (
  id integer generated always as identity primary key,
  organization_id integer not null,
  bank_account_id integer not null,
  kind text not null check (kind in ('matched', 'categorized', 'cleared')),
  reconciliation_id integer,
  created_by text references users (id) on delete set null,
  created_at timestamptz not null default now(),
  unique (organization_id, id),
  foreign key (organization_id, bank_account_id) references bank_accounts (organization_id, id) on delete cascade,
  foreign key (organization_id, reconciliation_id) references bank_reconciliations (organization_id, id)
);
create index bank_matches_reconciliation_idx on bank_matches (reconciliation_id);

create table bank_lines (
  id bigint generated always as identity primary key,
  organization_id integer not null,
  bank_account_id integer not null,
  statement_id integer not null,
  -- Where the transaction starts in its file (1-based line).
  file_line integer not null check (file_line > 0),
  booked_on date not null,
  value_on date,
  amount numeric(14, 2) not null,
  description text not null check (length(description) <= 1000),
  payee text check (payee is null or length(payee) <= 300),
  reference text check (reference is null or length(reference) <= 200),
  bank_ref text check (bank_ref is null or length(bank_ref) <= 200),
  -- What makes a transaction the same in two files: the bank's id with date and amount, else date, amount, text and
  -- its place among the file's identical lines. A second import of the same line is skipped.
  dedupe_key text not null,
  match_id integer,
  unique (bank_account_id, dedupe_key),
  foreign key (organization_id, bank_account_id) references bank_accounts (organization_id, id) on delete cascade,
  foreign key (organization_id, statement_id) references bank_statements (organization_id, id) on delete cascade,
  foreign key (organization_id, match_id) references bank_matches (organization_id, id) on delete set null (match_id)
);
create index bank_lines_account_date_idx on bank_lines (bank_account_id, booked_on, id);
create index bank_lines_unmatched_idx on bank_lines (bank_account_id, amount) where match_id is null;
create index bank_lines_bank_ref_idx on bank_lines (bank_account_id, bank_ref) where bank_ref is not null;
create index bank_lines_match_idx on bank_lines (match_id) where match_id is not null;

-- The ledger side of a match: each ledger line is in at most one match.
create table bank_match_ledger_lines (
  match_id integer not null,
  organization_id integer not null,
  journal_entry_line_id bigint not null unique references journal_entry_lines (id) on delete cascade,
  foreign key (organization_id, match_id) references bank_matches (organization_id, id) on delete cascade,
  primary key (match_id, journal_entry_line_id)
);

-- A reconciled match cannot be undone, and the statement lines and ledger lines in it cannot leave it, until its
-- reconciliation is undone.
create function bank_guard_reconciled_match() returns trigger language plpgsql as $$
declare
  rid integer;
begin
  if tg_table_name = 'bank_matches' then
    if tg_op = 'DELETE' and old.reconciliation_id is not null then
      raise exception 'a reconciled match cannot be undone: undo the reconciliation first' using errcode = 'restrict_violation';
    end if;
    return coalesce(new, old);
  end if;
  if tg_table_name = 'bank_lines' then
    if old.match_id is not null and new.match_id is distinct from old.match_id then
      select reconciliation_id into rid from bank_matches where id = old.match_id;
      if rid is not null then
        raise exception 'a reconciled statement line cannot be unmatched: undo the reconciliation first' using errcode = 'restrict_violation';
      end if;
    end if;
    return new;
  end if;
  -- bank_match_ledger_lines
  select reconciliation_id into rid from bank_matches where id = old.match_id;
  if rid is not null then
    raise exception 'a reconciled ledger line cannot be unmatched: undo the reconciliation first' using errcode = 'restrict_violation';
  end if;
  return old;
end $$;

create trigger bank_matches_guard before delete on bank_matches
  for each row execute function bank_guard_reconciled_match();
create trigger bank_lines_guard before update of match_id on bank_lines
  for each row execute function bank_guard_reconciled_match();
create trigger bank_match_ledger_lines_guard before delete on bank_match_ledger_lines
  for each row execute function bank_guard_reconciled_match();

-- An entry with a reconciled line cannot be reversed until the reconciliation is undone; an entry matched to statement
-- lines that is reversed leaves its matches (the statement lines are to match again).
create function bank_guard_reconciled_entry() returns trigger language plpgsql as $$
begin
  if old.reversed_by is null and new.reversed_by is not null then
    if exists (
      select 1 from journal_entry_lines l
        join bank_match_ledger_lines ml on ml.journal_entry_line_id = l.id
        join bank_matches m on m.id = ml.match_id
       where l.journal_entry_id = old.id and m.reconciliation_id is not null
    ) then
      raise exception 'journal entry % is reconciled to a bank statement: undo the reconciliation first', old.entry_number
        using errcode = 'restrict_violation';
    end if;
    delete from bank_matches m
     where exists (select 1 from bank_match_ledger_lines ml join journal_entry_lines l on l.id = ml.journal_entry_line_id
                    where ml.match_id = m.id and l.journal_entry_id = old.id);
  end if;
  return new;
end $$;

create trigger journal_entries_bank_guard before update of reversed_by on journal_entries
  for each row execute function bank_guard_reconciled_entry();

-- Suggestions the bookkeeper turned down: not offered again for that statement line.
create table bank_rejected_suggestions (
  bank_line_id bigint not null references bank_lines (id) on delete cascade,
  journal_entry_line_id bigint not null references journal_entry_lines (id) on delete cascade,
  primary key (bank_line_id, journal_entry_line_id)
);

-- Suggestions look for a posted line of the bank's ledger account with the statement line's amount.
create index journal_entry_lines_bank_amount_idx on journal_entry_lines (organization_id, account_id, (debit_amount - credit_amount));

-- Rules choose the account for statement lines whose text, payee, direction and amount they describe; the first rule
-- by position that fits a line proposes its account. A rule may hold for one bank account or for all of them.
create table bank_rules (
  id integer generated always as identity primary key,
  organization_id integer not null references organizations (id) on delete cascade,
  position integer not null check (position >= 0),
  name text not null check (length(btrim(name)) between 1 and 100),
  field text not null check (field in ('text', 'payee')),
  operator text not null check (operator in ('contains', 'equals', 'matches')),
  value text not null check (length(value) between 1 and 200),
  direction text not null default 'any' check (direction in ('any', 'in', 'out')),
  amount_min numeric(14, 2) check (amount_min is null or amount_min >= 0),
  amount_max numeric(14, 2) check (amount_max is null or amount_max >= 0),
  account_id integer not null,
  bank_account_id integer,
  created_by text references users (id) on delete set null,
  created_at timestamptz not null default now(),
  check (amount_min is null or amount_max is null or amount_min <= amount_max),
  unique (organization_id, id),
  foreign key (organization_id, account_id) references chart_of_accounts (organization_id, id),
  foreign key (organization_id, bank_account_id) references bank_accounts (organization_id, id) on delete cascade
);
create index bank_rules_org_idx on bank_rules (organization_id, position, id);

-- A statement line sent as a question to the organization's owners: they answer with an account or a note, and the
-- answer comes back to the bookkeeper.
create table bank_questions (
  id integer generated always as identity primary key,
  organization_id integer not null,
  bank_line_id bigint not null unique references bank_lines (id) on delete cascade,
  question text check (question is null or length(question) <= 1000),
  asked_by text references users (id) on delete set null,
  asked_at timestamptz not null default now(),
  answer_account_id integer,
  answer_note text check (answer_note is null or length(answer_note) <= 1000),
  answered_by text references users (id) on delete set null,
  answered_at timestamptz,
  check ((answered_at is null) = (answer_account_id is null and answer_note is null)),
  unique (organization_id, id),
  foreign key (organization_id) references organizations (id) on delete cascade,
  foreign key (organization_id, answer_account_id) references chart_of_accounts (organization_id, id)
);
create index bank_questions_open_idx on bank_questions (organization_id) where answered_at is null;

-- The owners are mailed about open questions once a day at most: one row per organization, person and day, written in
-- the transaction that queues the mail, so that several processes send it once.
create table bank_question_mails (
  organization_id integer not null references organizations (id) on delete cascade,
  user_id text not null references users (id) on delete cascade,
  sent_on date not null,
  primary key (organization_id, user_id, sent_on)
);

-- Sales tax and VAT (decision 112, issue 40).
--
-- A tax code is what a line is taxed with: its kind, whether it applies to sales or purchases, the dates it is valid
-- between (a rate change is a new code from a date; history is not rewritten) and the return boxes its taxable base
-- feeds. Its parts are the taxes it makes: each a rate (percent, up to 4 decimals), the account the tax is posted
-- to, the boxes the tax feeds and its role: `due` (owed to the authority) or `deductible` (reclaimed). A US code
-- combines jurisdictions (state, county, city: one part and one liability account each); an EU reverse charge has a
-- due part and a deductible part that cancel; a partly deductible input tax has a recoverable share below 100.
create table tax_codes (
  id integer generated always as identity primary key,
  organization_id integer not null references organizations (id) on delete cascade,
  code text not null check (code ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,19}$'),
  name text not null check (length(btrim(name)) between 1 and 120),
  kind text not null check (kind in ('output', 'input', 'reverse_charge', 'exempt', 'zero_rated', 'out_of_scope')),
  applies_to text not null check (applies_to in ('sales', 'purchases')),
  valid_from date,
  valid_to date,
  base_boxes text[] not null default '{}',
  archived_at timestamptz,
  created_at timestamptz not null default now(),
  unique (organization_id, code),
  unique (organization_id, id),
  check (valid_from is null or valid_to is null or valid_from <= valid_to),
  check ((kind = 'output') <= (applies_to = 'sales')),
  check ((kind in ('input', 'reverse_charge')) <= (applies_to = 'purchases'))
);

create table tax_code_parts (
  organization_id integer not null,
  tax_code_id integer not null,
  part_no smallint not null check (part_no between 1 and 9),
  name text not null check (length(btrim(name)) between 1 and 120),
  rate numeric(8, 4) not null check (rate >= 0 and rate <= 100),
  role text not null check (role in ('due', 'deductible')),
  recoverable_percent numeric(7, 4) not null default 100 check (recoverable_percent >= 0 and recoverable_percent <= 100),
  account_id integer not null,
  boxes text[] not null default '{}',
  primary key (tax_code_id, part_no),
  foreign key (organization_id, tax_code_id) references tax_codes (organization_id, id) on delete cascade,
  foreign key (organization_id, account_id) references chart_of_accounts (organization_id, id),
  check (role = 'deductible' or recoverable_percent = 100)
);

-- How an organization's tax is entered and rounded, and when it is due.
alter table organizations
  add column tax_amounts text not null default 'exclusive' check (tax_amounts in ('exclusive', 'inclusive')),
  add column tax_rounding text not null default 'line' check (tax_rounding in ('line', 'document')),
  add column tax_basis text not null default 'invoice' check (tax_basis in ('invoice', 'cash'));

-- A journal line's tax: the code it is taxed with and, on the line that carries the taxable amount, its base
-- (signed, debit positive; it differs from the line's amount by the tax that is not recoverable); on a tax line the
-- code's part it posts, and the base it was computed on.
alter table journal_entry_lines
  add column tax_code_id integer,
  add column tax_part_no smallint,
  add column tax_base numeric(14, 2),
  add constraint journal_entry_lines_tax_code_fk foreign key (organization_id, tax_code_id) references tax_codes (organization_id, id),
  add constraint journal_entry_lines_tax_check check ((tax_code_id is null) = (tax_base is null) and (tax_part_no is null or tax_code_id is not null));

create index journal_entry_lines_tax_idx on journal_entry_lines (organization_id, tax_code_id) where tax_code_id is not null;

-- A filed return: its period, the figures as filed, who filed it and when, the PDF kept byte for byte (as month-end
-- packs are), and the settlement entry that moved its tax accounts to the authority's account.
create table tax_returns (
  id integer generated always as identity primary key,
  organization_id integer not null references organizations (id) on delete cascade,
  name text not null check (length(btrim(name)) between 1 and 120),
  period_start date not null,
  period_end date not null check (period_start <= period_end),
  figures jsonb not null,
  net_amount numeric(14, 2) not null,
  authority_account_id integer not null,
  settlement_entry_id integer references journal_entries (id),
  file_name text not null check (length(file_name) between 1 and 200),
  sha256 text not null,
  pdf bytea not null check (length(pdf) between 1 and 10485760),
  filed_by text references users (id) on delete set null,
  filed_at timestamptz not null default now(),
  foreign key (organization_id, authority_account_id) references chart_of_accounts (organization_id, id)
);

-- Filed periods never overlap: checked here, under a lock on the organization's row, whoever writes.
create function tax_guard_return_overlap() returns trigger language plpgsql as $$
begin
  perform 1 from organizations where id = new.organization_id for update;
  if exists (select 1 from tax_returns r
              where r.organization_id = new.organization_id and r.id <> new.id
                and r.period_start <= new.period_end and new.period_start <= r.period_end) then
    raise exception 'tax return period overlaps a filed return' using errcode = 'TXOVL';
  end if;
  return new;
end $$;

create trigger tax_returns_overlap_guard
  before insert or update on tax_returns
  for each row execute function tax_guard_return_overlap();

-- A tax-coded line dated in a filed return's period can be neither added, changed nor removed (SQLSTATE 'TXFIL', a
-- message naming the return): a correction is dated in an open period and reported in the next return.
create function tax_filed_return(org integer, d date) returns text language sql stable as $$
  select name || ' (' || to_char(period_start, 'YYYY-MM-DD') || ' to ' || to_char(period_end, 'YYYY-MM-DD') || ')'
    from tax_returns where organization_id = org and d between period_start and period_end
$$;

create function tax_guard_filed_line() returns trigger language plpgsql as $$
declare
  d date;
  filed text;
begin
  if tg_op in ('UPDATE', 'DELETE') and old.tax_code_id is not null then
    select e.entry_date into d from journal_entries e where e.id = old.journal_entry_id;
    filed := tax_filed_return(old.organization_id, d);
    if filed is not null then
      raise exception 'tax return filed: %', filed using errcode = 'TXFIL';
    end if;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    if new.tax_code_id is not null then
      select e.entry_date into d from journal_entries e where e.id = new.journal_entry_id;
      filed := tax_filed_return(new.organization_id, d);
      if filed is not null then
        raise exception 'tax return filed: %', filed using errcode = 'TXFIL';
      end if;
    end if;
    return new;
  end if;
  return old;
end $$;

create trigger journal_entry_lines_tax_filed_guard
  before insert or update or delete on journal_entry_lines
  for each row execute function tax_guard_filed_line();

-- An entry with tax-coded lines cannot be moved into (or out of) a filed period either.
create function tax_guard_filed_entry() returns trigger language plpgsql as $$
declare
  filed text;
begin
  if new.entry_date is distinct from old.entry_date
     and exists (select 1 from journal_entry_lines l where l.journal_entry_id = new.id and l.tax_code_id is not null) then
    filed := coalesce(tax_filed_return(new.organization_id, new.entry_date), tax_filed_return(new.organization_id, old.entry_date));
    if filed is not null then
      raise exception 'tax return filed: %', filed using errcode = 'TXFIL';
    end if;
  end if;
  return new;
end $$;

create trigger journal_entries_tax_filed_guard
  before update of entry_date on journal_entries
  for each row execute function tax_guard_filed_entry();

create index tax_returns_organization_idx on tax_returns (organization_id, period_end desc);

-- Customers and suppliers (issue 42, decision 116): contacts; sales invoices, credit notes, bills and supplier credits
-- (documents) numbered gaplessly per organization and series when approved, posted through the one posting path; open
-- items and their allocations. An open item is the receivable or payable line of a posted entry (a journal line with a
-- contact, on the organization's control account); what is still owed on it is its amount less its allocations dated on
-- or before the day asked about, never a stored counter (the Odoo model).

create table contacts (
  id integer generated always as identity primary key,
  organization_id integer not null references organizations (id) on delete cascade,
  name text not null check (length(btrim(name)) between 1 and 200),
  is_customer boolean not null default true,
  is_supplier boolean not null default false,
  tax_id text check (tax_id is null or length(tax_id) <= 50),
  email text check (email is null or length(email) <= 254),
  address text check (address is null or length(address) <= 1000),
  -- Days from the document's date to its due date.
  payment_terms_days integer not null default 30 check (payment_terms_days between 0 and 365),
  default_revenue_account_id integer,
  default_expense_account_id integer,
  default_tax_code_id integer,
  -- A duplicate merged into another contact keeps its history: its lines and documents are read as the other's.
  merged_into integer,
  created_by text references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (is_customer or is_supplier),
  check (merged_into is null or merged_into <> id),
  unique (organization_id, id),
  foreign key (organization_id, merged_into) references contacts (organization_id, id),
  foreign key (organization_id, default_revenue_account_id) references chart_of_accounts (organization_id, id),
  foreign key (organization_id, default_expense_account_id) references chart_of_accounts (organization_id, id),
  foreign key (organization_id, default_tax_code_id) references tax_codes (organization_id, id)
);
create index contacts_name_idx on contacts (organization_id, lower(name), id) where merged_into is null;

-- The organization's receivables and payables: the control accounts, whether a bill is approved before it is posted,
-- and whether the client's owner may send her own invoices when the firm keeps the books.
create table sales_settings (
  organization_id integer primary key references organizations (id) on delete cascade,
  receivable_account_id integer not null,
  payable_account_id integer not null,
  bills_need_approval boolean not null default false,
  client_may_send boolean not null default true,
  updated_at timestamptz not null default now(),
  foreign key (organization_id, receivable_account_id) references chart_of_accounts (organization_id, id),
  foreign key (organization_id, payable_account_id) references chart_of_accounts (organization_id, id),
  check (receivable_account_id <> payable_account_id)
);

-- A journal line may name the contact it is owed by or to.
alter table journal_entry_lines
  add column contact_id integer,
  add constraint journal_entry_lines_contact_fk foreign key (organization_id, contact_id) references contacts (organization_id, id);
create index journal_entry_lines_open_items_idx on journal_entry_lines (organization_id, account_id, contact_id)
  include (journal_entry_id, debit_amount, credit_amount) where contact_id is not null;

-- One gapless counter per organization and series: taken (row-locked) in the transaction that approves a document.
create table document_series (
  organization_id integer not null references organizations (id) on delete cascade,
  kind text not null check (kind in ('invoice', 'credit_note', 'bill', 'supplier_credit')),
  prefix text not null check (length(prefix) <= 12),
  last_number integer not null default 0 check (last_number >= 0),
  primary key (organization_id, kind)
);

create table sales_documents (
  id integer generated always as identity primary key,
  organization_id integer not null references organizations (id) on delete cascade,
  kind text not null check (kind in ('invoice', 'credit_note', 'bill', 'supplier_credit')),
  contact_id integer not null,
  -- A template is the recurring invoice's model: never approved itself.
  status text not null default 'draft' check (status in ('template', 'draft', 'awaiting_approval', 'approved', 'void')),
  -- Given at approval from the series: "INV-0001".
  number text,
  issue_date date not null,
  due_date date not null check (due_date >= issue_date),
  -- The customer's order number, or the supplier's own invoice number on a bill.
  reference text check (reference is null or length(reference) <= 100),
  amounts_are text not null default 'exclusive' check (amounts_are in ('exclusive', 'inclusive')),
  notes text check (notes is null or length(notes) <= 2000),
  -- A credit note may say which invoice it credits (and a supplier credit which bill).
  credits_document_id integer,
  -- Set from the posted entry at approval; the document is not edited afterwards.
  subtotal numeric(14, 2),
  tax_total numeric(14, 2),
  total numeric(14, 2),
  journal_entry_id integer,
  void_entry_id integer,
  sent_at timestamptz,
  -- The run of a recurring invoice it was made by.
  recurring_invoice_id integer,
  created_by text references users (id) on delete set null,
  created_at timestamptz not null default now(),
  approved_by text references users (id) on delete set null,
  approved_at timestamptz,
  voided_by text references users (id) on delete set null,
  voided_at timestamptz,
  unique (organization_id, id),
  unique (organization_id, kind, number),
  check ((status in ('approved', 'void')) = (journal_entry_id is not null)),
  check ((status in ('approved', 'void')) = (number is not null)),
  check ((status = 'void') = (void_entry_id is not null)),
  foreign key (organization_id, contact_id) references contacts (organization_id, id),
  foreign key (organization_id, credits_document_id) references sales_documents (organization_id, id),
  foreign key (organization_id, journal_entry_id) references journal_entries (organization_id, id),
  foreign key (organization_id, void_entry_id) references journal_entries (organization_id, id)
);
create index sales_documents_list_idx on sales_documents (organization_id, kind, issue_date desc, id desc);
create index sales_documents_contact_idx on sales_documents (organization_id, contact_id);
create unique index sales_documents_entry_idx on sales_documents (journal_entry_id) where journal_entry_id is not null;

create table sales_document_lines (
  document_id integer not null references sales_documents (id) on delete cascade,
  organization_id integer not null,
  line_no smallint not null check (line_no between 1 and 500),
  description text not null check (length(btrim(description)) between 1 and 500),
  quantity numeric(14, 4) not null check (quantity > 0),
  unit_price numeric(14, 4) not null check (unit_price >= 0),
  discount_percent numeric(7, 4) not null default 0 check (discount_percent between 0 and 100),
  account_id integer not null,
  tax_code_id integer,
  -- quantity x unit price less the discount, to the cent (half away from zero), as typed (exclusive or inclusive).
  amount numeric(14, 2) not null check (amount >= 0),
  primary key (document_id, line_no),
  foreign key (organization_id, account_id) references chart_of_accounts (organization_id, id),
  foreign key (organization_id, tax_code_id) references tax_codes (organization_id, id)
);

-- A file kept with a document: the supplier's PDF a bill was entered from.
create table sales_document_files (
  id integer generated always as identity primary key,
  organization_id integer not null,
  document_id integer not null,
  file_name text not null check (length(file_name) between 1 and 255),
  content_type text not null,
  size_bytes integer not null check (size_bytes > 0),
  storage_key text not null unique,
  uploaded_by text references users (id) on delete set null,
  created_at timestamptz not null default now(),
  foreign key (organization_id, document_id) references sales_documents (organization_id, id) on delete cascade
);
create index sales_document_files_document_idx on sales_document_files (document_id);

-- What settles what: an amount of a debit open item settled by a credit one (an invoice by a payment, a credit note or
-- its void), dated the day it takes effect (the later of the two entries' dates unless a later day is chosen).
-- Undone allocations stay, marked, for the audit; they never count.
create table allocations (
  id bigint generated always as identity primary key,
  organization_id integer not null references organizations (id) on delete cascade,
  debit_line_id bigint not null references journal_entry_lines (id),
  credit_line_id bigint not null references journal_entry_lines (id),
  amount numeric(14, 2) not null check (amount > 0),
  allocated_on date not null,
  created_by text references users (id) on delete set null,
  created_at timestamptz not null default now(),
  undone_at timestamptz,
  undone_by text references users (id) on delete set null,
  check (debit_line_id <> credit_line_id)
);
create index allocations_debit_idx on allocations (debit_line_id) include (amount, allocated_on) where undone_at is null;
create index allocations_credit_idx on allocations (credit_line_id) include (amount, allocated_on) where undone_at is null;
create index allocations_organization_idx on allocations (organization_id, allocated_on) where undone_at is null;

-- The database's own check of an allocation: both lines posted, of the organization, on the same account, the debit
-- one a debit and the credit one a credit, neither over-allocated, and its date after the lock date (made or undone).
create function allocations_guard() returns trigger language plpgsql as $$
declare
  d record;
  c record;
  lock date;
  used numeric;
begin
  lock := books_lock_date(new.organization_id);
  if tg_op = 'UPDATE' then
    if (to_jsonb(new) - 'undone_at' - 'undone_by') <> (to_jsonb(old) - 'undone_at' - 'undone_by') or old.undone_at is not null then
      raise exception 'an allocation is only undone' using errcode = 'restrict_violation';
    end if;
    if lock is not null and old.allocated_on <= lock then
      perform books_refuse_locked(lock);
    end if;
    return new;
  end if;
  if lock is not null and new.allocated_on <= lock then
    perform books_refuse_locked(lock);
  end if;
  select l.organization_id, l.account_id, l.debit_amount - l.credit_amount as amount, e.status, e.entry_date
    into d from journal_entry_lines l join journal_entries e on e.id = l.journal_entry_id
   where l.id = new.debit_line_id for update of l;
  select l.organization_id, l.account_id, l.credit_amount - l.debit_amount as amount, e.status, e.entry_date
    into c from journal_entry_lines l join journal_entries e on e.id = l.journal_entry_id
   where l.id = new.credit_line_id for update of l;
  if d.organization_id is distinct from new.organization_id or c.organization_id is distinct from new.organization_id
     or d.status <> 'posted' or c.status <> 'posted' or d.account_id <> c.account_id or d.amount <= 0 or c.amount <= 0 then
    raise exception 'an allocation settles a posted debit line with a posted credit line of the same account'
      using errcode = 'check_violation';
  end if;
  if new.allocated_on < greatest(d.entry_date, c.entry_date) then
    raise exception 'an allocation is dated on or after both of its entries' using errcode = 'check_violation';
  end if;
  select coalesce(sum(amount), 0) into used from allocations where debit_line_id = new.debit_line_id and undone_at is null;
  if used + new.amount > d.amount then
    raise exception 'allocations exceed the debit line' using errcode = 'check_violation', constraint = 'allocations_debit_over';
  end if;
  select coalesce(sum(amount), 0) into used from allocations where credit_line_id = new.credit_line_id and undone_at is null;
  if used + new.amount > c.amount then
    raise exception 'allocations exceed the credit line' using errcode = 'check_violation', constraint = 'allocations_credit_over';
  end if;
  return new;
end $$;
create trigger allocations_guard before insert or update on allocations for each row execute function allocations_guard();
create function allocations_no_delete() returns trigger language plpgsql as $$
begin
  raise exception 'an allocation is undone, never deleted' using errcode = 'restrict_violation';
end $$;
create trigger allocations_no_delete before delete on allocations for each row execute function allocations_no_delete();

-- A link to one document for someone outside the firm: only the SHA-256 of its secret is kept; it expires and can be
-- revoked.
create table document_links (
  id integer generated always as identity primary key,
  organization_id integer not null,
  document_id integer not null,
  token_hash bytea not null unique,
  expires_at timestamptz not null,
  revoked_at timestamptz,
  created_by text references users (id) on delete set null,
  created_at timestamptz not null default now(),
  last_viewed_at timestamptz,
  foreign key (organization_id, document_id) references sales_documents (organization_id, id) on delete cascade
);
create index document_links_document_idx on document_links (document_id);

-- Recurring invoices: a draft invoice kept as the template, made again on the recurring engine's schedule (exactly
-- once per run date: the primary key of the run).
create table recurring_invoices (
  id integer generated always as identity primary key,
  organization_id integer not null references organizations (id) on delete cascade,
  template_document_id integer not null,
  frequency text not null check (frequency in ('weekly', 'monthly', 'quarterly', 'yearly')),
  day_of_month integer not null default 1 check (day_of_month between 1 and 31),
  start_date date not null,
  end_date date,
  next_run_on date,
  -- Approve (and so number and post) each invoice made, or leave it a draft.
  approve boolean not null default false,
  status text not null default 'active' check (status in ('active', 'paused', 'ended')),
  paused_reason text,
  created_by text references users (id) on delete set null,
  created_at timestamptz not null default now(),
  unique (organization_id, id),
  foreign key (organization_id, template_document_id) references sales_documents (organization_id, id) on delete cascade
);
create index recurring_invoices_due_idx on recurring_invoices (next_run_on) where status = 'active';
create table recurring_invoice_runs (
  recurring_invoice_id integer not null references recurring_invoices (id) on delete cascade,
  run_on date not null,
  document_id integer references sales_documents (id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (recurring_invoice_id, run_on)
);
alter table sales_documents
  add constraint sales_documents_recurring_fk foreign key (organization_id, recurring_invoice_id) references recurring_invoices (organization_id, id) on delete set null (recurring_invoice_id);

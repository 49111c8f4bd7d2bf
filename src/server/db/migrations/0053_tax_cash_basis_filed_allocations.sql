-- Tax on the cash basis (decision 112 with the open items of decision 116): the tax of an invoice or bill counts in the
-- return of the period its allocations are dated in. A filed return stays filed: on the cash basis an allocation dated
-- in a filed period that settles an entry with tax-coded lines can be neither made nor undone (SQLSTATE 'TXFIL', the
-- return named), as a tax-coded line dated there cannot.

-- The filed return (named with its period) an allocation dated `on_day` between the two lines would change, or null.
create function tax_filed_allocation(org integer, on_day date, debit_line bigint, credit_line bigint) returns text
language plpgsql stable as $$
declare
  filed text;
begin
  filed := tax_filed_return(org, on_day);
  if filed is null then
    return null;
  end if;
  if not exists (select 1 from organizations where id = org and tax_basis = 'cash') then
    return null;
  end if;
  if not exists (select 1 from journal_entry_lines i join journal_entry_lines l on l.journal_entry_id = i.journal_entry_id
                  where i.id in (debit_line, credit_line) and l.tax_code_id is not null) then
    return null;
  end if;
  return filed;
end $$;

create function tax_guard_filed_allocation() returns trigger language plpgsql as $$
declare
  filed text;
begin
  if tg_op = 'INSERT' then
    filed := tax_filed_allocation(new.organization_id, new.allocated_on, new.debit_line_id, new.credit_line_id);
  elsif old.undone_at is null and new.undone_at is not null then
    filed := tax_filed_allocation(old.organization_id, old.allocated_on, old.debit_line_id, old.credit_line_id);
  end if;
  if filed is not null then
    raise exception 'tax return filed: %', filed using errcode = 'TXFIL';
  end if;
  return new;
end $$;

create trigger allocations_tax_filed_guard
  before insert or update on allocations
  for each row execute function tax_guard_filed_allocation();

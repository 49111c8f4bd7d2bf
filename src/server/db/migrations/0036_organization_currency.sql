-- Each organization keeps its books in one currency of its own (decision 102): chosen when its books are made, USD
-- unless chosen, changeable only while nothing is posted. Books that already have bank accounts take the currency of
-- their first one (until now the bank accounts of an organization all had to share one currency).
alter table organizations add column currency text not null default 'USD' check (currency ~ '^[A-Z]{3}$');

update organizations o
   set currency = b.currency
  from (select distinct on (organization_id) organization_id, currency from bank_accounts order by organization_id, id) b
 where b.organization_id = o.id;

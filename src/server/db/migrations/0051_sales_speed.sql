-- What is owed, read fast (issue 42, decision 116; bench/sales-bench.ts). The aging of a control account as of a day
-- reads every line of the account with what its live allocations dated on or before the day take off it: set-based,
-- the account's lines in line order beside each side of the organization's allocations summed per line in the same
-- order (merge joins, no hash of the whole account, no lookup per line).

-- A control account's lines in line order, with what the aging reads of each (an index-only scan). It takes the place
-- of journal_entry_lines_account_entry_idx (0025), whose columns it holds: the journal's search by account reads it
-- the same way.
create index journal_entry_lines_account_line_idx on journal_entry_lines (organization_id, account_id, id)
  include (journal_entry_id, contact_id, debit_amount, credit_amount);
drop index journal_entry_lines_account_entry_idx;

-- An organization's live allocations by the line they settle, one index per side (0049's by line alone serve the
-- lookups of one line and the database's own check).
create index allocations_organization_debit_idx on allocations (organization_id, debit_line_id) include (amount, allocated_on)
  where undone_at is null;
create index allocations_organization_credit_idx on allocations (organization_id, credit_line_id) include (amount, allocated_on)
  where undone_at is null;

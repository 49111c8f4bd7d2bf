-- The journal's search (GET /entries, the Journal screen) over an organization of 250,000 entries:
-- * pages in entry order from an index that holds the order and the id, so a deep page skips index entries only;
-- * words found through a trigram index over the entry's number, description and reference (the expression the
--   query filters on, written the same way: journal-entry-queries.server.ts).
-- pg_trgm is a trusted extension: the database's owner may create it (the embedded database loads it at start).
create extension if not exists pg_trgm;

create index journal_entries_order_idx on journal_entries (organization_id, entry_date desc, entry_seq desc) include (id, status);
drop index journal_entries_date_idx;

create index journal_entries_search_idx on journal_entries
  using gin ((entry_number || ' ' || description || ' ' || coalesce(reference, '')) gin_trgm_ops);

-- An account's entries (the journal's account filter) from its lines alone: the index holds the entry's id.
create index journal_entry_lines_account_entry_idx on journal_entry_lines (organization_id, account_id) include (journal_entry_id);
drop index journal_entry_lines_account_idx;

-- A search for an amount finds the entries of that total.
create index journal_entries_amount_idx on journal_entries (organization_id, total_amount);

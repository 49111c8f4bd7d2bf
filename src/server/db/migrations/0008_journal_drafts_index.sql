-- The journal list counts an organization's drafts on every load and can list drafts alone, newest first:
-- a partial index keeps both to the drafts (few) rather than every entry of the organization.
create index journal_entries_drafts_idx on journal_entries (organization_id, entry_date desc, entry_seq desc) where status = 'draft';

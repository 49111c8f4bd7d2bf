-- Clients at a glance (/firm/clients, issue 41): every column is read from the books whenever the list is shown, so
-- that nothing stored can drift from them; these indexes keep it fast at a thousand clients.

-- A client's next work due: its open instances in due order, without walking the done ones of past periods.
create index work_instances_open_org_due_idx on work_instances (organization_id, due_on, id) where status <> 'done';

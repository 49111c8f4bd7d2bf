-- Statement lines set aside (decision 092, issue 38): a line that is not the account's money (the same transaction
-- imported twice from two formats, a line of another account) is excluded with a reason, and can be brought back. An
-- excluded line stays with its statement and counts nowhere: not to match, not suggested, not for rules, questions or
-- a reconciliation. Only a line in no match can be excluded.
alter table bank_lines
  add column excluded_at timestamptz,
  add column excluded_by text references users (id) on delete set null,
  add column exclusion_reason text,
  add constraint bank_lines_exclusion_check check (
    (excluded_at is null) = (exclusion_reason is null)
    and (exclusion_reason is null or length(btrim(exclusion_reason)) between 1 and 500)
    and (excluded_at is null or match_id is null)
  );

-- A statement's lines (whether any of them still counts; the cascade when a statement goes).
create index bank_lines_statement_idx on bank_lines (statement_id);

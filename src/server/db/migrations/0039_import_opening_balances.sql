-- Opening balances imported from a CSV (decision 086): their layouts are remembered as the chart's and the journal's are.
alter table import_mappings drop constraint import_mappings_kind_check;
alter table import_mappings add constraint import_mappings_kind_check check (kind in ('chart', 'journal', 'opening'));

-- A bank rule may name a tax code (decision 112): the entries it posts are taxed with it, the statement line's amount
-- being the gross (tax-inclusive). A code in use by a rule cannot be deleted; archiving it leaves the rule, which is
-- then refused when applied, naming the code.
alter table bank_rules
  add column tax_code_id integer,
  add constraint bank_rules_tax_code_fk foreign key (organization_id, tax_code_id) references tax_codes (organization_id, id);

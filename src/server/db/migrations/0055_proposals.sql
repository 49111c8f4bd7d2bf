-- Proposals and signing them online (issue 43, decision 118). The firm writes engagement letter templates with
-- placeholders; a proposal to a lead or a client organization copies its lines (name, description, price in cents,
-- billing, quantity: a later change of the catalogue never changes a proposal) and a template's text. Sending freezes the
-- letter with its placeholders filled in and the fees (document_text, its SHA-256) and mails a link whose secret is kept
-- only as its SHA-256. Accepting keeps the evidence (the name typed, the time, the IP address, the user agent, the address
-- the link was sent to, the options chosen) and the signed PDF with its SHA-256. "Expired" is read from expires_on.

create table proposal_letter_templates (
  id integer generated always as identity primary key,
  name text not null check (length(btrim(name)) between 1 and 200),
  body text not null check (length(body) between 1 and 50000),
  created_by text references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table proposals (
  id integer generated always as identity primary key,
  lead_id uuid references leads (id) on delete cascade,
  organization_id integer references organizations (id) on delete cascade,
  title text not null check (length(btrim(title)) between 1 and 200),
  -- Whom it is addressed to: filled in from the lead or the client's owner, editable while a draft.
  client_name text not null check (length(btrim(client_name)) between 1 and 200),
  client_email text not null check (length(client_email) between 3 and 254),
  company text not null check (length(company) <= 200),
  currency text not null default 'USD' check (currency ~ '^[A-Z]{3}$'),
  start_date date not null,
  minimum_term_months integer not null check (minimum_term_months between 0 and 120),
  expires_on date not null,
  template_id integer references proposal_letter_templates (id) on delete set null,
  -- The letter with its placeholders, as composed (copied from a template, editable while a draft).
  letter text not null check (length(letter) <= 50000),
  status text not null default 'draft' check (status in ('draft', 'sent', 'viewed', 'accepted', 'declined')),
  -- Frozen at sending: the exact document the client reads and signs, and its SHA-256 (hex).
  document_text text,
  document_sha256 text check (document_sha256 is null or document_sha256 ~ '^[0-9a-f]{64}$'),
  sent_at timestamptz,
  sent_to text,
  viewed_at timestamptz,
  declined_at timestamptz,
  decline_reason text check (decline_reason is null or length(decline_reason) <= 2000),
  -- The evidence of acceptance.
  accepted_at timestamptz,
  signer_name text,
  signer_email text,
  signer_ip text,
  signer_user_agent text,
  chosen_line_ids integer[],
  signed_pdf bytea,
  signed_pdf_sha256 text check (signed_pdf_sha256 is null or signed_pdf_sha256 ~ '^[0-9a-f]{64}$'),
  created_by text references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (lead_id is not null or organization_id is not null),
  check (status = 'draft' or (document_text is not null and document_sha256 is not null and sent_at is not null)),
  check (status <> 'accepted' or (accepted_at is not null and signer_name is not null and signed_pdf is not null
                                  and signed_pdf_sha256 is not null)),
  check (start_date <= '9999-01-01' and expires_on <= '9999-01-01')
);
create index proposals_list_idx on proposals (created_at desc, id desc);
create index proposals_lead_idx on proposals (lead_id) where lead_id is not null;
create index proposals_organization_idx on proposals (organization_id) where organization_id is not null;

-- A proposal's lines: copies, never references to the catalogue (catalogue_item_id is where a line came from, if it did).
-- An optional line is an add-on the client may choose when she signs.
create table proposal_lines (
  id integer generated always as identity primary key,
  proposal_id integer not null references proposals (id) on delete cascade,
  position integer not null check (position >= 0),
  catalogue_item_id integer,
  name text not null check (length(btrim(name)) between 1 and 200),
  description text check (description is null or length(description) <= 2000),
  price_cents bigint not null check (price_cents between 0 and 99999999999),
  billing text not null check (billing in ('monthly', 'yearly', 'one_off', 'on_completion')),
  quantity integer not null check (quantity between 1 and 10000),
  optional boolean not null default false,
  unique (proposal_id, position)
);

-- Links for the client: the secret's SHA-256 only; open while not revoked and the proposal not expired.
create table proposal_links (
  id integer generated always as identity primary key,
  proposal_id integer not null references proposals (id) on delete cascade,
  token_hash bytea not null unique,
  sent_to text not null,
  revoked_at timestamptz,
  created_by text references users (id) on delete set null,
  created_at timestamptz not null default now(),
  last_viewed_at timestamptz
);
create index proposal_links_proposal_idx on proposal_links (proposal_id);

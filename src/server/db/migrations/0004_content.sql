-- Site content (SPEC §3 site_content): stored text that overrides the home page's built-in copy.
create table site_content (
  id bigserial primary key,
  content_key text not null unique,
  content_value text not null,
  content_type text not null default 'text' check (content_type in ('text', 'html', 'markdown')),
  description text,
  updated_by text references users (id) on delete set null,
  updated_at timestamptz not null default now()
);

-- Newsletter subscriptions from the footer's 'Stay Updated' box, the blog and the resources page.
-- One row per address: email is stored lower-cased and trimmed.
create table newsletter_subscriptions (
  id bigserial primary key,
  email text not null unique check (email = lower(btrim(email))),
  source text not null check (source in ('footer', 'blog', 'resources')),
  created_at timestamptz not null default now()
);

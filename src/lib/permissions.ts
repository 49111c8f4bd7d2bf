/** The site's roles (a user's `role`), defined once. */
export const SITE_ROLES = ["client", "staff", "admin"] as const;
export type SiteRole = (typeof SITE_ROLES)[number];

/**
 * What each site role may do, by name, defined once. Guards on the server (src/server/http/guards.ts,
 * page-guards.ts) and screens in the browser ask by name (`can(user, "firm.team.manage")`), never by listing roles.
 * A role within one client's books (owner, accountant, viewer) is another matter: see the accounting feature.
 */
export const PERMISSIONS = {
  /** The firm's workspace: its overview and navigation. */
  "firm.workspace": ["staff", "admin"],
  /** Leads: the inbox, a lead, its notes, status, owner and conversion. */
  "firm.leads": ["staff", "admin"],
  /** Clients and the books the firm keeps for them. */
  "firm.clients": ["staff", "admin"],
  /** Giving a client's books to the firm's accountants (and seeing the staff to choose from). */
  "firm.clients.assign": ["admin"],
  /** Reads every client's conversation, also those of clients one does not work on (read only; decision 100). */
  "firm.messages.all": ["admin"],
  /** The site's stored texts (home page copy) and their versions. */
  "firm.content": ["staff", "admin"],
  /** The firm's catalogue: the plans and add-ons it sells, their prices, as the pricing page shows them. */
  "firm.catalogue": ["admin"],
  /** The team: invitations, roles, disabling accounts. */
  "firm.team.manage": ["admin"],
  /** The firm's two-factor policy. */
  "firm.security.manage": ["admin"],
  /** The audit log. */
  "firm.audit.read": ["admin"],
  /** Recurring work: the work views, an instance's checklist, its status, assignee and snooze. */
  "firm.work": ["staff", "admin"],
  /** The templates of recurring work, applying them to clients, the firm's horizon and holidays. */
  "firm.work.templates": ["staff", "admin"],
  /** Marking work done while a bound item is unticked, with a reason (a reviewer's override). */
  "firm.work.override": ["admin"],
  /** Proposals to leads and clients, their engagement letter templates, sending them and their signed PDFs. */
  "firm.proposals": ["staff", "admin"],
  /** The firm's own books and its billing: its fee invoices, what clients owe it, the collection settings. */
  "firm.billing": ["admin"],
  /** Keeps clients' books instead of books of one's own (no organization is made for them on first use). */
  "books.keepClients": ["staff", "admin"],
} as const satisfies Record<string, readonly SiteRole[]>;

export type Permission = keyof typeof PERMISSIONS;

/** Whether this user (signed in; a role as stored or sent) holds the permission. */
export function can(user: { role: string } | null | undefined, permission: Permission): boolean {
  return !!user && (PERMISSIONS[permission] as readonly string[]).includes(user.role);
}

/** The roles that hold a permission, for a query: `u.role = any(${pgArray(rolesHolding(p))}::text[])`. */
export function rolesHolding(permission: Permission): readonly SiteRole[] {
  return PERMISSIONS[permission];
}

import { Hono } from "hono";
import { accountRoutes } from "~/features/account/account.routes.server.ts";
import { ledgerRoutes } from "~/features/ledger/ledger.routes.server.ts";
import { reportsRoutes } from "~/features/reports/reports.routes.server.ts";
import { dashboardRoutes } from "~/features/insight/index.server.ts";
import { commentaryRoutes } from "~/features/insight/commentary.routes.server.ts";
import { budgetsCsvRoutes, budgetsRoutes } from "~/features/insight/budgets.routes.server.ts";
import { yearEndPackageRoutes } from "~/features/yearend/index.server.ts";
import { taxRoutes } from "~/features/tax/tax-codes.routes.server.ts";
import { taxReturnRoutes } from "~/features/tax/tax-return.routes.server.ts";
import { documentFilesRoutes, recurringInvoicesJob, salesRoutes } from "~/features/sales/index.server.ts";
import { sharedDocumentRoutes } from "~/features/sales/sales-sharing.routes.server.ts";
import { membersRoutes, organizationsRoutes } from "~/features/tenancy/members.routes.server.ts";
import { booksMember, type BooksMemberEnv } from "~/features/tenancy/index.server.ts";
import { workInstancesJob, workRoutes } from "~/features/work/index.server.ts";
import { firmClientsRoutes } from "~/features/tenancy/firm-clients.routes.server.ts";
import { importRoutes } from "~/features/import-export/import.routes.server.ts";
import { bankRoutes } from "~/features/bank/bank.routes.server.ts";
import { bankQuestionsJob } from "~/features/bank/bank-questions.server.ts";
import { entryDocumentsRoutes } from "~/features/ledger/entry-documents.routes.server.ts";
import { recurringEntriesJob } from "~/features/ledger/recurring-entries.server.ts";
import { authRoutes } from "~/features/auth/auth.routes.server.ts";
import { createAuth, type Auth } from "~/features/auth/auth.server.ts";
import { createSessionReader } from "~/features/auth/session-reader.server.ts";
import { userCreateOperation } from "~/features/auth/user-admin.server.ts";
import { calculatorsRoutes } from "~/features/calculators/calculators.routes.server.ts";
import { auditLogRoutes } from "~/features/audit/audit-log.routes.server.ts";
import { contentRoutes } from "~/features/content/content.routes.server.ts";
import { firmSiteContentRoutes } from "~/features/content/site-content.routes.server.ts";
import { createSiteContentService, type SiteContentService } from "~/features/content/site-content.server.ts";
import {
  clientBillingRoutes,
  createCatalogueService,
  feeCollectionJob,
  firmCatalogueRoutes,
  paymentsWebhookRoutes,
  receiveWebhook,
  type CatalogueService,
} from "~/features/billing/index.server.ts";
import { createPaymentProcessor, testProcessorRoutes, type PaymentProcessor } from "~/features/payments/index.server.ts";
import { firmLeadsRoutes } from "~/features/leads/leads-inbox.routes.server.ts";
import { firmProposalsRoutes, proposalLinkRoutes, proposalRemindersJob } from "~/features/proposals/index.server.ts";
import { leadsRoutes } from "~/features/leads/leads.routes.server.ts";
import { publicPagePaths } from "~/features/marketing/public-pages.ts";
import { firmRequestsRoutes, remindersOperation, requestRemindersJob, requestsRoutes } from "~/features/requests/index.server.ts";
import { messageMailsJob } from "~/features/messages/message-mails.server.ts";
import { messagesRoutes } from "~/features/messages/messages.routes.server.ts";
import { activityRoutes, clientActivityMailsJob } from "~/features/activity/index.server.ts";
import { teamRoutes } from "~/features/team/team.routes.server.ts";
import type { Composition } from "~/server/composition.ts";
import type { ApiMount } from "~/server/context.ts";
import type { AppContext, AppEnv } from "~/server/context.ts";
import { devMailRoutes } from "~/server/mail/dev-mail.routes.server.ts";
import { errorLogFields } from "~/server/errors.ts";

/**
 * The site as assembled from its features: the one place that knows which features exist. The platform
 * (src/server) receives this and mounts what it is given; it imports no feature.
 */

declare module "~/server/context.ts" {
  interface AppServices {
    /** The auth library, configured for this site (sessions, sign-in, two-factor, the user's own changes). */
    auth: Auth;
    /** Stored home-page copy (site_content), cached per process. */
    siteContent: SiteContentService;
    /** The firm's plans and add-ons (the pricing page), cached per process. */
    catalogue: CatalogueService;
    /** The payment processor the firm's billing collects through (decision 119), or null when none is configured. */
    payments: PaymentProcessor | null;
  }
}

/**
 * The books' API under /api/accounting: the caller's organizations and invitations, then everything under
 * `/orgs/:orgId/`, scoped to that organization behind its member guard (a caller who is not a member gets 404, whatever
 * the id): the ledger, the reports and the members. Nothing of it is cached.
 */
function accountingRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  r.use(async (c, next) => {
    await next();
    c.header("Cache-Control", "private, no-store");
  });
  r.route("/", organizationsRoutes(ctx));
  const books = new Hono<BooksMemberEnv>();
  books.use(booksMember(ctx.db));
  books.route("/", ledgerRoutes(ctx));
  // Budgets before the reports: their `/reports/budget_actual` is not one of the reports' `/reports/:type` (decision 123).
  books.route("/", budgetsRoutes(ctx));
  books.route("/", reportsRoutes(ctx));
  books.route("/", dashboardRoutes(ctx));
  books.route("/", yearEndPackageRoutes(ctx));
  books.route("/", membersRoutes(ctx));
  books.route("/", taxRoutes(ctx));
  books.route("/", taxReturnRoutes(ctx));
  books.route("/", salesRoutes(ctx));
  books.route("/", clientBillingRoutes(ctx));
  books.route("/", commentaryRoutes(ctx));
  r.route("/orgs/:orgId", books);
  return r;
}

/** Each feature's JSON API under /api, with the body limit it needs when the default 32 KB is not enough. */
const API: ApiMount[] = [
  { path: "/auth", routes: authRoutes },
  { path: "/account", routes: accountRoutes },
  // Room for an entry of the largest allowed size, so that too many lines is answered 400 by the schema.
  { path: "/accounting", routes: accountingRoutes, maxBodyBytes: 1024 * 1024 },
  // CSV import of the books: a file of up to 20 MB, read as it arrives (decision 086).
  { path: "/books-csv", routes: importRoutes, maxBodyBytes: 20 * 1024 * 1024 },
  // A budget as CSV: a file of up to 20 MB, read as it arrives like the books' (decision 123).
  { path: "/budgets-csv", routes: budgetsCsvRoutes, maxBodyBytes: 20 * 1024 * 1024 },
  // Documents on journal entries: a file of up to 10 MB, read as it arrives (decision 089).
  { path: "/entry-documents", routes: entryDocumentsRoutes, maxBodyBytes: 10 * 1024 * 1024 + 1024 },
  // Files kept with bills and supplier credits: a PDF of up to 10 MB, read as it arrives (decision 116).
  { path: "/sales-documents", routes: documentFilesRoutes, maxBodyBytes: 10 * 1024 * 1024 + 1024 },
  // Bank accounts, statements (a file of up to 20 MB), matching and reconciliation (decision 092).
  { path: "/bank", routes: bankRoutes, maxBodyBytes: 20 * 1024 * 1024 },
  { path: "/firm/clients", routes: firmClientsRoutes },
  // Document requests to clients, a file of up to 10 MB per upload (decision 099).
  { path: "/requests", routes: requestsRoutes, maxBodyBytes: 10 * 1024 * 1024 + 1024 },
  { path: "/firm/requests", routes: firmRequestsRoutes },
  // Recurring work: templates, schedules per client, instances and their checklists (decision 113).
  { path: "/firm/work", routes: workRoutes },
  // Messages between a client and the firm, their files up to 10 MB each (decision 100).
  { path: "/messages", routes: messagesRoutes, maxBodyBytes: 10 * 1024 * 1024 + 1024 },
  // What the clients did, told to the firm's people on them (decision 115).
  { path: "/activity", routes: activityRoutes },
  // The one document a customer's link opens, without a session (decision 116).
  { path: "/shared", routes: sharedDocumentRoutes },
  { path: "/calculators", routes: calculatorsRoutes },
  { path: "/content", routes: contentRoutes },
  { path: "/leads", routes: leadsRoutes },
  { path: "/firm/leads", routes: firmLeadsRoutes },
  // Proposals and their engagement letters; the one proposal a client's link opens, without a session (decision 118).
  { path: "/firm/proposals", routes: firmProposalsRoutes },
  { path: "/proposal-links", routes: proposalLinkRoutes },
  // The payment processor's events (decision 119); the local test processor's own page where it runs.
  { path: "/payments", routes: paymentsWebhookRoutes },
  { path: "/test-processor", routes: (ctx: AppContext) => testProcessorRoutes({ config: ctx.config, paymentProcessor: ctx.payments }) },
  { path: "/firm/site-content", routes: firmSiteContentRoutes },
  // The firm's plans and add-ons, which the pricing page shows (decision 117).
  { path: "/firm/catalogue", routes: firmCatalogueRoutes },
  { path: "/firm/team", routes: teamRoutes },
  { path: "/firm/audit-log", routes: auditLogRoutes },
  {
    path: "/dev/mail",
    routes: (ctx: AppContext) => (ctx.config.mailCatcher && !ctx.config.isProduction ? devMailRoutes(ctx) : new Hono<AppEnv>()),
  },
];

/**
 * The public pages' version (decision 111): one object per pair of copies (site content, catalogue), the same object
 * while neither changed, so that a page is rendered again only when what it shows changed.
 */
function pageVersionOf(siteContent: SiteContentService, catalogue: CatalogueService): () => unknown {
  let last: { content: unknown; catalogue: unknown; version: object } | null = null;
  const versionOf = (content: unknown, published: unknown) => {
    if (last && last.content === content && last.catalogue === published) return last.version;
    last = { content, catalogue: published, version: {} };
    return last.version;
  };
  return () => {
    const content = siteContent.fresh();
    const published = catalogue.fresh();
    if (content && published) return versionOf(content, published);
    return Promise.all([content ?? siteContent.getAll(), published ?? catalogue.published()]).then(([c, p]) => versionOf(c, p));
  };
}

export const composition: Composition = {
  services: async ({ db, config, logger, mail }) => {
    const auth = createAuth({ db, config, logger, mail });
    const siteContent = createSiteContentService(db, logger);
    const catalogue = createCatalogueService(db, logger);
    const readSession = await createSessionReader(auth, db, config.appSecret);
    // The public pages show the site content and the catalogue: a new copy of either (a save, or another process's
    // save once this process's copy is read again) renders them again. The copies in hand while fresh, without waiting.
    const pageVersion = pageVersionOf(siteContent, catalogue);
    // The test processor hands its events to the same way in as the webhook's (decision 119).
    const payments: PaymentProcessor | null = createPaymentProcessor(
      config,
      db,
      (raw, signature) =>
        receiveWebhook({ db, processor: payments!, publicUrl: config.publicUrl, kick: () => mail.kick() }, raw, signature, null).then(
          () => undefined,
        ),
      (err) => logger.error(errorLogFields(err), "test processor: an event was not applied"),
    );
    return { auth, siteContent, catalogue, payments, readSession, pageVersion };
  },
  api: API,
  publicPages: publicPagePaths,
  jobs: (ctx) => [
    { name: "recurring-entries", everyMs: 60_000, run: () => recurringEntriesJob(ctx.db, ctx.logger) },
    { name: "recurring-invoices", everyMs: 60_000, run: () => recurringInvoicesJob(ctx.db, ctx.logger) },
    {
      name: "fee-collection",
      everyMs: 60_000,
      run: () =>
        feeCollectionJob(
          ctx.db,
          { processor: ctx.payments, publicUrl: ctx.config.publicUrl, firmEmail: ctx.config.firmEmail },
          ctx.logger,
          () => ctx.mail.kick(),
        ),
    },
    {
      name: "work-instances",
      everyMs: 15 * 60_000,
      run: () => workInstancesJob(ctx.db, (made) => ctx.logger.info({ made }, "work instances made")),
    },
    {
      name: "request-reminders",
      everyMs: 5 * 60_000,
      run: async () => void (await requestRemindersJob(ctx.db, ctx.config.publicUrl, () => ctx.mail.kick(), ctx.logger)),
    },
    { name: "message-mails", everyMs: 60_000, run: () => messageMailsJob(ctx.db, ctx.config.publicUrl, () => ctx.mail.kick()) },
    {
      name: "client-activity-mails",
      everyMs: 60_000,
      run: () => clientActivityMailsJob(ctx.db, ctx.config.publicUrl, () => ctx.mail.kick()),
    },
    {
      name: "proposal-reminders",
      everyMs: 5 * 60_000,
      run: () => proposalRemindersJob(ctx.db, ctx.config.publicUrl, () => ctx.mail.kick(), ctx.logger),
    },
    { name: "bank-questions", everyMs: 5 * 60_000, run: () => bankQuestionsJob(ctx.db, ctx.config.publicUrl, () => ctx.mail.kick()) },
  ],
  adminOperations: (ctx) => ({
    "user:create": (input) => userCreateOperation(ctx, input),
    "requests:remind": (input) => remindersOperation(ctx, input),
  }),
};

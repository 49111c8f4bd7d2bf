import { Hono, type Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Config } from "~/server/config.ts";
import type { AppEnv } from "~/server/context.ts";
import type { PaymentProcessor } from "./processor.ts";
import { isTestProcessor, onSiteOrigin, type SetupSession, type TestProcessor } from "./test-processor.server.ts";

/**
 * The test processor's own hosted page (decision 120), where a client "gives" her payment method with a test number,
 * under /api/test-processor: GET /setup/:sessionId shows it, POST /setup/:sessionId saves the method and sends her back
 * to the site. Plain HTML with no script and no style, so that it needs nothing the site's policy forbids. Mounted only
 * while the test processor is the site's processor (never in production); otherwise every path here is not found.
 */

export interface TestProcessorRoutesContext {
  config: Pick<Config, "publicUrl">;
  paymentProcessor: PaymentProcessor | null;
}

const SESSION_ID = /^cs_test_[0-9a-f]{24}$/;
const TITLE = "Test payment processor";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch);

function page(body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${TITLE}</title>
</head>
<body>
<main>
<h1>${TITLE}</h1>
<p>This is a local stand-in for the payment processor: it saves a test card or bank account, and moves no money.</p>
${body}
</main>
</body>
</html>
`;
}

/** The form: the number field with its hint (the test numbers) and, after a refused number, the error and the number typed. */
function setupForm(session: SetupSession, error?: string, typed = ""): string {
  const describedBy = error ? "number-error number-hint" : "number-hint";
  return `<form method="post">
<p><label for="number">Card or bank account number</label></p>
${error ? `<p id="number-error" role="alert">${escapeHtml(error)}</p>\n` : ""}<p><input id="number" name="number" type="text" inputmode="numeric" autocomplete="off" required aria-describedby="${describedBy}"${error ? ' aria-invalid="true"' : ""} value="${escapeHtml(typed)}"></p>
<div id="number-hint">
<p>Test numbers:</p>
<ul>
<li>4242 4242 4242 4242: a card whose payments succeed</li>
<li>4000 0000 0000 0341: a card whose payments are declined</li>
<li>000123456789: a bank account whose payments succeed</li>
</ul>
</div>
<p><button type="submit">Save</button> <a href="${escapeHtml(session.cancelUrl)}">Cancel</a></p>
</form>`;
}

const NOT_OPEN = "<p>This set-up page is not open: it was used already, it has expired, or its address is wrong.</p>";
const OFF_SITE = "<p>This set-up would send you to an address outside the site, so it is refused.</p>";

export function testProcessorRoutes(ctx: TestProcessorRoutesContext) {
  const r = new Hono<AppEnv>();
  const processor = ctx.paymentProcessor;
  if (!isTestProcessor(processor)) return r;
  const { publicUrl } = ctx.config;
  const siteOrigin = new URL(publicUrl).origin;

  r.use(async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
    c.header("X-Robots-Tag", "noindex, nofollow");
    // The session's id is in the address: never sent on as a referrer.
    c.header("Referrer-Policy", "no-referrer");
    // Nothing but the page itself: no script, no style, no frame; its form posts only to the site.
    c.header("Content-Security-Policy", `default-src 'none'; form-action 'self' ${siteOrigin}; frame-ancestors 'none'; base-uri 'none'`);
  });

  const html = (c: Context, body: string, status: ContentfulStatusCode) => c.html(page(body), status);

  /** The open session of the path, checked to return only to the site; else the page that says why not. */
  async function sessionOf(c: Context, p: TestProcessor): Promise<SetupSession | Response> {
    const id = c.req.param("sessionId") ?? "";
    const session = SESSION_ID.test(id) ? await p.openSession(id) : null;
    if (!session) return html(c, NOT_OPEN, 404);
    if (!onSiteOrigin(session.successUrl, publicUrl) || !onSiteOrigin(session.cancelUrl, publicUrl)) return html(c, OFF_SITE, 400);
    return session;
  }

  r.get("/setup/:sessionId", async (c) => {
    const session = await sessionOf(c, processor);
    return session instanceof Response ? session : html(c, setupForm(session), 200);
  });

  r.post("/setup/:sessionId", async (c) => {
    const session = await sessionOf(c, processor);
    if (session instanceof Response) return session;
    const form = await c.req.parseBody();
    const number = typeof form.number === "string" ? form.number.slice(0, 64) : "";
    const result = await processor.completeSetup(session.id, number);
    if (!result) return html(c, NOT_OPEN, 404);
    if (!result.ok) return html(c, setupForm(session, result.error, number), 400);
    return c.redirect(result.successUrl, 303);
  });

  return r;
}

import type { MailAttachment } from "~/server/mail/outbox.server.ts";
import type { OutgoingMail } from "~/server/mail/outbox.server.ts";
import { escapeHtml, renderMail } from "~/server/mail/html.ts";
import { CALCULATOR_PATHS, reportFor, type Calculation, type CalculatorReport } from "./calculators.ts";
import { formatLongDate, todayIso } from "~/lib/format.ts";

export const FIRM_DISCLAIMER =
  "These figures are estimates from the inputs you entered, for planning only; they are not tax or investment advice. " +
  "Eligibility for the R&D tax credit depends on your activities and records. Ledgerline Advisors can review your numbers in a free 30-minute consultation.";

export interface AnalysisDocument {
  title: string;
  subtitle: string;
  createdAt: Date;
  report: CalculatorReport;
}

export function analysisDocument(calc: Calculation, createdAt: Date, name: string | null): AnalysisDocument {
  const report = reportFor(calc);
  const who = name ? `Prepared for ${name}` : "Prepared for you";
  return { title: `${report.title}: your analysis`, subtitle: `${who} on ${formatLongDate(createdAt)}`, createdAt, report };
}

export function analysisFilename(calc: Calculation, createdAt: Date): string {
  const kind = calc.calculatorType === "roi" ? "roi-analysis" : "rd-tax-credit-analysis";
  return `ledgerline-${kind}-${todayIso(createdAt)}.pdf`;
}

const FOOTER = "Ledgerline Advisors · 120 Broadway, Suite 1800, New York, NY 10271";

function htmlTable(caption: string, rows: { label: string; value: string }[]): string {
  return `<h2 style="font-size:16px;margin-top:24px">${escapeHtml(caption)}</h2>
<table cellpadding="6" style="border-collapse:collapse">${rows
    .map(
      (r) =>
        `<tr><th align="left" style="font-weight:normal;color:#475569">${escapeHtml(r.label)}</th><td align="right"><strong>${escapeHtml(r.value)}</strong></td></tr>`,
    )
    .join("")}</table>`;
}

/** The analysis for the person who saved it: results and inputs in HTML and text, the PDF attached. */
export function analysisMail(opts: {
  calc: Calculation;
  doc: AnalysisDocument;
  to: string;
  name: string | null;
  pdf: MailAttachment;
  publicUrl: string;
  firmEmail: string;
}): OutgoingMail {
  const { doc } = opts;
  const greeting = opts.name ? `Hello ${opts.name},` : "Hello,";
  const intro = `Thank you for using the ${doc.report.title}. Here is the detailed analysis of the figures you entered; a PDF copy is attached.`;
  const link = `${opts.publicUrl}${CALCULATOR_PATHS[opts.calc.calculatorType]}`;
  const html = `<!doctype html><html lang="en"><body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a;line-height:1.5">
<h1 style="font-size:20px">${escapeHtml(doc.title)}</h1>
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
${htmlTable("Results", doc.report.results)}
${htmlTable("Your inputs", doc.report.inputs)}
${doc.report.method ? `<h2 style="font-size:16px;margin-top:24px">${escapeHtml(doc.report.method.heading)}</h2>\n${doc.report.method.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}` : ""}
<p style="margin-top:24px">${escapeHtml(FIRM_DISCLAIMER)}</p>
<p><a href="${escapeHtml(link)}">Open the calculators</a></p>
<p style="color:#475569;font-size:12px">${escapeHtml(FOOTER)}</p>
</body></html>`;
  const text = [
    doc.title,
    "",
    greeting,
    "",
    intro,
    "",
    "Results",
    ...doc.report.results.map((r) => `${r.label}: ${r.value}`),
    "",
    "Your inputs",
    ...doc.report.inputs.map((r) => `${r.label}: ${r.value}`),
    "",
    ...(doc.report.method ? [doc.report.method.heading, ...doc.report.method.paragraphs, ""] : []),
    FIRM_DISCLAIMER,
    "",
    `Open the calculators: ${link}`,
    "",
    FOOTER,
  ].join("\n");
  return {
    kind: "calculator-analysis",
    to: opts.to,
    replyTo: opts.firmEmail,
    subject: `Your ${doc.report.title.replace(/ Calculator$/, "")} analysis from Ledgerline Advisors`,
    html,
    text,
    attachments: [opts.pdf],
  };
}

/** Tells the firm about the new lead. */
export function leadNotificationMail(opts: {
  calc: Calculation;
  doc: AnalysisDocument;
  email: string;
  name: string | null;
  account: { email: string; name: string } | null;
  firmEmail: string;
}): OutgoingMail {
  const { doc } = opts;
  const { html, text } = renderMail({
    heading: `New calculator lead: ${doc.report.title}`,
    paragraphs: [`${opts.name ?? opts.email} saved results from the ${doc.report.title}; the analysis was sent to ${opts.email}.`],
    rows: [
      ["Name", opts.name],
      ["Email", opts.email],
      ["Signed-in account", opts.account ? `${opts.account.name} <${opts.account.email}>` : null],
      ["Saved", opts.doc.createdAt.toISOString()],
      ...doc.report.inputs.map((r) => [r.label, r.value] as [string, string]),
      ...doc.report.results.map((r) => [r.label, r.value] as [string, string]),
    ],
  });
  return {
    kind: "calculator-lead",
    to: opts.firmEmail,
    replyTo: opts.email,
    subject: `New calculator lead: ${doc.report.title} (${opts.email})`,
    html,
    text,
  };
}

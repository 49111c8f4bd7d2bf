/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value ?? "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

export interface MailLayoutInput {
  heading: string;
  /** Paragraphs of plain text (escaped here). */
  paragraphs?: string[];
  /** Label/value rows shown as a table (escaped here). */
  rows?: [string, string | null | undefined][];
  /** Paragraphs of plain text after the rows (escaped here). */
  after?: string[];
  action?: { label: string; url: string };
  footer?: string;
}

/** One mail, both parts: a simple, accessible HTML layout and the same content as plain text. */
export function renderMail(input: MailLayoutInput): { html: string; text: string } {
  const paragraphs = input.paragraphs ?? [];
  const rows = (input.rows ?? []).map(([k, v]) => [k, v == null || v === "" ? "-" : v] as const);
  const html = `<!doctype html><html lang="en"><body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a;line-height:1.5">
<h1 style="font-size:20px">${escapeHtml(input.heading)}</h1>
${paragraphs.map((p) => `<p style="white-space:pre-wrap">${escapeHtml(p)}</p>`).join("\n")}
${
  rows.length
    ? `<table cellpadding="6" style="border-collapse:collapse">${rows
        .map(
          ([k, v]) =>
            `<tr><th align="left" style="vertical-align:top">${escapeHtml(k)}</th><td style="white-space:pre-wrap">${escapeHtml(v)}</td></tr>`,
        )
        .join("")}</table>`
    : ""
}
${(input.after ?? []).map((p) => `<p style="white-space:pre-wrap">${escapeHtml(p)}</p>`).join("\n")}
${input.action ? `<p><a href="${escapeHtml(input.action.url)}">${escapeHtml(input.action.label)}</a></p>` : ""}
<p style="color:#475569;font-size:12px">${escapeHtml(input.footer ?? "Ledgerline Advisors · 120 Broadway, Suite 1800, New York, NY 10271")}</p>
</body></html>`;
  const text = [
    input.heading,
    "",
    ...paragraphs.flatMap((p) => [p, ""]),
    ...rows.map(([k, v]) => `${k}: ${v}`),
    ...(input.after ?? []).flatMap((p) => ["", p]),
    ...(input.action ? ["", `${input.action.label}: ${input.action.url}`] : []),
    "",
    input.footer ?? "Ledgerline Advisors · 120 Broadway, Suite 1800, New York, NY 10271",
  ].join("\n");
  return { html, text };
}

import { buttonClass } from "~/ui/button.tsx";
import { reportPdfUrl } from "../reports.api.ts";
import { useBooks, useBooksOrgId } from "~/features/ledger/index.ts";

/**
 * The report on screen as a PDF (title, organization, period, page numbers): a plain link to the API, which answers
 * with an attachment, so the browser saves it. Disabled (not a link) while there is no report to print.
 */
export function ReportPdfLink({
  type,
  start,
  end,
  compare,
  month,
  disabled,
}: {
  type: string;
  start: string;
  end: string;
  /** The comparison columns shown beside the period, printed too. */
  compare?: string;
  /** The budget against actual's month (decision 123): its PDF takes the month, not a period. */
  month?: string;
  disabled: boolean;
}) {
  const orgId = useBooksOrgId();
  const className = buttonClass("secondary", "md", disabled ? "pointer-events-none opacity-60" : undefined);
  if (disabled)
    return (
      <span className={className} aria-disabled="true">
        Download PDF
      </span>
    );
  const query = month
    ? new URLSearchParams({ month })
    : new URLSearchParams({ start, end, ...(compare && type !== "trial_balance" ? { compare } : {}) });
  return (
    <a className={className} href={reportPdfUrl(orgId, type, query)} download>
      Download PDF
    </a>
  );
}

/** Whose books, above a printed report's title: shown on paper only (the screen says it in the books' head). */
export function PrintedOrganization() {
  const { organization } = useBooks();
  return <p className="hidden px-3 pt-3 text-base font-semibold text-ink print:block">{organization.name}</p>;
}

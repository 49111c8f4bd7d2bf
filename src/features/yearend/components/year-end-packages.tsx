import { useId } from "react";
import { Button } from "~/ui/button.tsx";
import { useAction } from "~/ui/use-action.ts";
import { formatDateTime, formatFileSize } from "~/lib/format.ts";
import { useBooks, useBooksOrgId } from "~/features/ledger/index.ts";
import { packageFileUrl, preparePackage } from "../year-end-package.api.ts";
import type { YearEndPackage } from "../year-end-package.types.ts";

/** A closed fiscal year as the packages' section offers it. */
export interface ClosedYear {
  fiscal_year: number;
  label: string;
}

const yearName = (label: string) => (/^\d+$/.test(label) ? `fiscal year ${label}` : label);

const LINK = "font-semibold text-brand-700 underline hover:text-brand-900";

function PrepareButton({ year }: { year: ClosedYear }) {
  const orgId = useBooksOrgId();
  const { act, pending } = useAction();
  const prepare = () =>
    act(() => preparePackage(orgId, { fiscal_year: year.fiscal_year }), {
      failure: "Package not prepared",
      success: `Year-end package for ${yearName(year.label)} prepared`,
    });
  return (
    <Button type="button" onClick={() => void prepare()} disabled={pending}>
      {pending ? "Preparing..." : "Prepare the year-end package"}
      <span className="sr-only"> for {yearName(year.label)}</span>
    </Button>
  );
}

function KeptPackage({ p }: { p: YearEndPackage }) {
  const orgId = useBooksOrgId();
  const name = `fiscal year ${p.fiscal_year}`;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-3">
      <div className="min-w-0">
        <p className="font-semibold text-ink">Fiscal year {p.fiscal_year}</p>
        <p className="text-muted">
          {p.start} to {p.end} · prepared by {p.prepared_by ?? "a former member"}, {formatDateTime(p.created_at)}
        </p>
      </div>
      <div className="flex gap-4">
        <a className={LINK} href={packageFileUrl(orgId, p.id, "pdf")} download>
          PDF<span className="sr-only"> of the package for {name}</span> ({formatFileSize(p.pdf_size_bytes)})
        </a>
        <a className={LINK} href={packageFileUrl(orgId, p.id, "zip")} download>
          ZIP<span className="sr-only"> of the package for {name}</span> ({formatFileSize(p.zip_size_bytes)})
        </a>
      </div>
    </li>
  );
}

/**
 * The year-end packages (decision 124): every package kept, with its PDF and its ZIP for every member; in the Closing
 * section (`closed` given) also, for each closed fiscal year, "Prepare the year-end package" for those who hold
 * "books.yearend.prepare" (the firm when it keeps the books). The Month-end packs section lists them only, so that a
 * client who is not offered Closing finds them there.
 */
export function YearEndPackages({ closed, packages }: { closed?: ClosedYear[]; packages: YearEndPackage[] }) {
  const uid = useId();
  const { can, firmKeeps } = useBooks();
  const mayPrepare = closed !== undefined && can["books.yearend.prepare"];
  return (
    <section aria-labelledby={`${uid}-title`} className="space-y-4 rounded-lg border border-slate-200 p-4" data-testid="year-end-packages">
      <div>
        <h3 id={`${uid}-title`} className="text-lg font-semibold text-ink">
          Year-end packages
        </h3>
        <p className="mt-1 max-w-3xl text-sm text-muted">
          For the tax preparer, a closed year in one PDF and one ZIP: the trial balances before and after the adjusting entries, the
          adjusting entries, the statements, the general ledger, the fixed assets, receivables and payables at year end, the payments to
          1099 contractors and the tax returns. Each package is kept as it was prepared.
        </p>
      </div>
      {closed === undefined ? null : mayPrepare ? (
        closed.length === 0 ? (
          <p className="text-sm text-muted">Close a fiscal year to prepare its package.</p>
        ) : (
          <ul className="space-y-2 text-sm" aria-label="Closed fiscal years">
            {closed.map((y) => (
              <li key={y.fiscal_year} className="flex flex-wrap items-center justify-between gap-3">
                <span className="font-semibold text-ink">Fiscal year {y.label}</span>
                <PrepareButton year={y} />
              </li>
            ))}
          </ul>
        )
      ) : firmKeeps && can["books.write"] ? (
        <p className="text-sm text-muted">The firm keeps these books: it prepares the year-end packages, which you download here.</p>
      ) : null}
      <div>
        <h4 id={`${uid}-kept`} className="text-base font-semibold text-ink">
          Kept packages
        </h4>
        {packages.length === 0 ? (
          <p className="mt-2 text-sm text-muted">No year-end package has been prepared yet.</p>
        ) : (
          <ul aria-labelledby={`${uid}-kept`} className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 text-sm" data-testid="kept-packages">
            {packages.map((p) => (
              <KeptPackage key={p.id} p={p} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

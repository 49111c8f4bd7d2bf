import { Link } from "react-router";
import { CALCULATOR_PATHS, type SavedSubmission } from "../calculators.ts";

import { SavedResultsList } from "./saved-results-list.tsx";

const CARDS = [
  {
    path: CALCULATOR_PATHS.roi,
    title: "ROI Calculator",
    text: "See what an investment in your business returns: annual savings, return on investment and payback period.",
    cta: "Open the ROI Calculator",
  },
  {
    path: CALCULATOR_PATHS.rnd_tax_credit,
    title: "R&D Tax Credit Calculator",
    text: "Estimate your qualified research expenses and the federal R&D tax credit your business may claim.",
    cta: "Open the R&D Tax Credit Calculator",
  },
];

/** /calculators: the two calculators and the user's saved results. */
export function CalculatorPicker({ submissions }: { submissions: SavedSubmission[] }) {
  return (
    <>
      <h1 className="text-4xl font-bold text-ink">Financial Calculators</h1>
      <p className="mt-4 max-w-3xl text-lg text-muted">
        Quick, exact estimates to support your next decision. Save any result to receive a detailed analysis by email.
      </p>
      <ul className="mt-10 grid gap-6 md:grid-cols-2">
        {CARDS.map((c) => (
          <li key={c.path} className="flex flex-col rounded-xl border border-slate-200 p-6 shadow-sm">
            <h2 className="text-2xl font-semibold text-ink">{c.title}</h2>
            <p className="mt-3 flex-1 text-muted">{c.text}</p>
            <Link
              to={c.path}
              className="mt-6 inline-flex w-fit items-center rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
            >
              {c.cta}
            </Link>
          </li>
        ))}
      </ul>
      <SavedResultsList submissions={submissions} />
    </>
  );
}

import { data, useLocation } from "react-router";
import { requirePageUser } from "~/server/http/page-guards.ts";
import type { Route } from "./+types/calculators";
import { pageMeta } from "~/app/seo.ts";
import type { CalculatorType } from "~/features/calculators/calculators.ts";
import { calculatorFromQuery } from "~/features/calculators/calculators.schema.ts";
import { getSubmission, listSubmissions } from "~/features/calculators/calculators.server.ts";
import { CalculatorPicker } from "~/features/calculators/components/calculator-picker.tsx";
import { CalculatorScreen } from "~/features/calculators/components/calculator-screen.tsx";

/** One module for /calculators, /calculators/roi and /calculators/rd-tax-credit: the last path segment decides. */
function calculatorFor(pathname: string): CalculatorType | null {
  const last = pathname.replace(/\/+$/, "").split("/").pop();
  return last === "roi" ? "roi" : last === "rd-tax-credit" ? "rnd_tax_credit" : null;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // The protected layout redirects too, but its loader runs beside this one, not before it.
  const user = requirePageUser(context, request);
  const db = context.app.db;
  const calculator = calculatorFor(url.pathname);
  const id = url.searchParams.get("submission");
  const email = user.email;
  if (!calculator) return { calculator, submissions: await listSubmissions(db, user.id), opened: null, prefill: null, email };
  const opened = id ? await getSubmission(db, user.id, id, calculator) : null;
  if (id && !opened) throw data("Saved result not found", { status: 404 });
  // The form posts here by GET when JavaScript has not run yet; the same schema checks it.
  const prefill = opened ? null : calculatorFromQuery(calculator, url.searchParams);
  return { calculator, submissions: [], opened, prefill, email };
}

const TITLES = {
  picker: ["Financial Calculators", "ROI and R&D tax credit calculators from Ledgerline Advisors."],
  roi: ["ROI Calculator", "Estimate annual savings, return on investment and payback period of a business investment."],
  rnd_tax_credit: ["R&D Tax Credit Calculator", "Estimate your qualified research expenses and federal R&D tax credit."],
} as const;

export const meta: Route.MetaFunction = ({ location }) => {
  const [title, description] = TITLES[calculatorFor(location.pathname) ?? "picker"];
  return pageMeta({ title: `${title} | Ledgerline Advisors`, description, path: location.pathname, noindex: true });
};

export default function Calculators({ loaderData }: Route.ComponentProps) {
  const { calculator, submissions, opened, prefill, email } = loaderData;
  const { search } = useLocation();
  return (
    <section className="mx-auto max-w-5xl px-4 py-16 sm:px-6 lg:px-8">
      {calculator ? (
        <CalculatorScreen key={`${calculator}${search}`} type={calculator} opened={opened} prefill={prefill} accountEmail={email} />
      ) : (
        <CalculatorPicker submissions={submissions} />
      )}
    </section>
  );
}

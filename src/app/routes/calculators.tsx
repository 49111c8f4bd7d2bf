import type { Route } from "./+types/calculators";

export const meta: Route.MetaFunction = () => [{ title: "Calculators | Ledgerline Advisors" }, { name: "robots", content: "noindex" }];

export default function Calculators() {
  return (
    <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <h1 className="text-4xl font-bold text-ink">Financial Calculators</h1>
    </section>
  );
}

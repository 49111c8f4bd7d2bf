import type { Route } from "./+types/accounting";

export const meta: Route.MetaFunction = () => [{ title: "Accounting | Ledgerline Advisors" }, { name: "robots", content: "noindex" }];

export default function Accounting() {
  return (
    <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <h1 className="text-4xl font-bold text-ink">Accounting</h1>
    </section>
  );
}

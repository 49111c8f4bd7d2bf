import type { Route } from "./+types/home";
import { pageMeta } from "../seo.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: "Home | Ledgerline Advisors", description: "Home at Ledgerline Advisors.", path: "/", publicUrl: (matches[0]?.data as { publicUrl?: string } | undefined)?.publicUrl });

export default function Page() {
  return (
    <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <h1 className="text-4xl font-bold text-ink">Transform Your Business with Expert Financial Guidance</h1>
    </section>
  );
}

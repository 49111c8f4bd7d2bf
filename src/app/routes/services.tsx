import type { Route } from "./+types/services";
import { pageMeta } from "../seo.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: "Services | Ledgerline Advisors", description: "Services at Ledgerline Advisors.", path: "/services", publicUrl: (matches[0]?.data as { publicUrl?: string } | undefined)?.publicUrl });

export default function Page() {
  return (
    <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <h1 className="text-4xl font-bold text-ink">Our Services</h1>
    </section>
  );
}

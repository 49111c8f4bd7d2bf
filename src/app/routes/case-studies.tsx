import type { Route } from "./+types/case-studies";
import { pageMeta } from "../seo.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: "Success Stories | Ledgerline Advisors", description: "Success Stories at Ledgerline Advisors.", path: "/case-studies", publicUrl: (matches[0]?.data as { publicUrl?: string } | undefined)?.publicUrl });

export default function Page() {
  return (
    <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <h1 className="text-4xl font-bold text-ink">Success Stories</h1>
    </section>
  );
}

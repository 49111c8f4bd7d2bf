import type { Route } from "./+types/consultation";
import { pageMeta } from "../seo.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: "Free Consultation | Ledgerline Advisors", description: "Free Consultation at Ledgerline Advisors.", path: "/consultation", publicUrl: (matches[0]?.data as { publicUrl?: string } | undefined)?.publicUrl });

export default function Page() {
  return (
    <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <h1 className="text-4xl font-bold text-ink">Free 30-Minute Consultation</h1>
    </section>
  );
}

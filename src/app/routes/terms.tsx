import type { Route } from "./+types/terms";
import { pageMeta } from "../seo.ts";
import { publicUrlOf } from "~/features/marketing/meta.ts";
import { LEGAL_LAST_UPDATED, termsSections } from "~/features/marketing/legal-content.ts";
import { LegalScreen } from "~/features/marketing/components/legal-screen.tsx";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Terms of Service | Ledgerline Advisors",
    description:
      "The terms that apply to the Ledgerline Advisors website and client portal, governed by the laws of the State of New York.",
    path: "/terms",
    publicUrl: publicUrlOf(matches),
  });

export default function Terms() {
  return <LegalScreen title="Terms of Service" updated={LEGAL_LAST_UPDATED} sections={termsSections} />;
}

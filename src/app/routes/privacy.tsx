import type { Route } from "./+types/privacy";
import { pageMeta } from "../seo.ts";
import { publicUrlOf } from "~/features/marketing/meta.ts";
import { LEGAL_LAST_UPDATED, privacySections } from "~/features/marketing/legal-content.ts";
import { LegalScreen } from "~/features/marketing/components/legal-screen.tsx";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Privacy Policy | Ledgerline Advisors",
    description: "How Ledgerline Advisors collects, uses, protects and retains personal information, and the choices and rights you have.",
    path: "/privacy",
    publicUrl: publicUrlOf(matches),
  });

export default function Privacy() {
  return <LegalScreen title="Privacy Policy" updated={LEGAL_LAST_UPDATED} sections={privacySections} />;
}

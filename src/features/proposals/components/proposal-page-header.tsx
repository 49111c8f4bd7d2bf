import type { ReactNode } from "react";
import { Link } from "react-router";

/** The head of a proposal's page (a new one, or one composed): the way back to all proposals, then its title and lines. */
export function ProposalPageHeader({ children }: { children: ReactNode }) {
  return (
    <header className="space-y-2">
      <p className="text-sm">
        <Link to="/firm/proposals" className="text-brand-700 underline">
          All proposals
        </Link>
      </p>
      {children}
    </header>
  );
}

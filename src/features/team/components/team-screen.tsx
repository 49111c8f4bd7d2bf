import type { ReactNode } from "react";

/** The Team page: a heading and a column of sections (users, invitations, and whatever the firm adds). */
export function TeamScreen({ children }: { children: ReactNode }) {
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-ink">Team</h1>
        <p className="mt-1 text-slate-700">Who can sign in, with which role. Every change is recorded in the audit log.</p>
      </header>
      {children}
    </div>
  );
}

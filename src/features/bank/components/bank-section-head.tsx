import type { ReactNode } from "react";
import { Link } from "react-router";

/** The head of a bank screen: a link back to where it was opened from, the title, and what stands beside it. */
export function BankSectionHead({
  back,
  backText,
  title,
  children,
}: {
  back: string;
  backText: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div>
      <p className="text-sm">
        <Link className="text-brand-700 underline" to={back}>
          {backText}
        </Link>
      </p>
      <h2 className="text-xl font-semibold text-ink">{title}</h2>
      {children}
    </div>
  );
}

import { Link } from "react-router";
import { firm } from "~/features/marketing/firm.ts";

/** The footer of the signed-in portal and the firm's workspace: no marketing columns or newsletter box. */
export function AppFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white text-slate-600">
      <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-4 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
        <p>
          © {new Date().getFullYear()} {firm.legalName}
        </p>
        <div className="flex gap-4">
          <Link to="/privacy" className="underline-offset-2 hover:text-ink hover:underline">
            Privacy Policy
          </Link>
          <Link to="/terms" className="underline-offset-2 hover:text-ink hover:underline">
            Terms of Service
          </Link>
        </div>
      </div>
    </footer>
  );
}

import { useEffect } from "react";
import { Link, useLocation } from "react-router";

export function NotFoundPage() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", pathname);
  }, [pathname]);
  return (
    <section className="flex min-h-[60vh] items-center justify-center px-4 py-24">
      <div className="text-center">
        <p className="text-6xl font-bold text-brand-800">404</p>
        <h1 className="mt-4 text-2xl font-semibold text-ink">Oops! Page not found</h1>
        <Link to="/" className="mt-6 inline-block font-semibold text-brand-700 underline hover:text-brand-900">
          Return to Home
        </Link>
      </div>
    </section>
  );
}

import { isRouteErrorResponse } from "react-router";
import { NotFoundPage } from "./not-found-page.tsx";

/** What the root error boundary shows: the 404 page, "temporarily unavailable" for a 503, or a generic failure. */
export default function ErrorPage({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (isRouteErrorResponse(error) && error.status === 503) {
    return (
      <section className="mx-auto max-w-3xl px-4 py-24 text-center">
        <h1 className="text-3xl font-bold">Temporarily unavailable</h1>
        <p className="mt-4 text-muted">The service is temporarily unavailable. Please try again in a moment.</p>
        <a href="" className="mt-6 inline-block font-semibold text-brand-700 underline">
          Try again
        </a>
      </section>
    );
  }
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : "Something went wrong";
  return (
    <section className="mx-auto max-w-3xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{message}</h1>
      <p className="mt-4 text-muted">Something went wrong. Please try again later.</p>
      <a href="/" className="mt-6 inline-block font-semibold text-brand-700 underline">
        Return to Home
      </a>
    </section>
  );
}

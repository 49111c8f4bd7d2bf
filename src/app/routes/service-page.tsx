import { data } from "react-router";
import type { Route } from "./+types/service-page";
import { services } from "~/features/marketing/firm.ts";

export function loader({ params }: Route.LoaderArgs) {
  const service = services.find((s) => s.slug === params.service);
  if (!service) throw data(null, { status: 404 });
  return { service };
}

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <h1 className="text-4xl font-bold text-ink">{loaderData.service.name}</h1>
    </section>
  );
}

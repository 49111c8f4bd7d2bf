import type { Route } from "./+types/robots-txt";
import { robotsTxt } from "~/features/marketing/public-pages.ts";

export function loader({ context }: Route.LoaderArgs) {
  return new Response(robotsTxt(context.app.config.publicUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

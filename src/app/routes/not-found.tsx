import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFoundPage } from "../layout/not-found-page.tsx";

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: "Page not found | Ledgerline Advisors" }, { name: "robots", content: "noindex" }];

export default function NotFound() {
  return <NotFoundPage />;
}

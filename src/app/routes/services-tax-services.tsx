import { redirect } from "react-router";

/** The home hero links to /services/tax-services; the page lives at /services/tax. */
export function loader() {
  return redirect("/services/tax", 301);
}

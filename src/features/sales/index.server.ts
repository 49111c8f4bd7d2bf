/** What the site's composition and other features may use of sales and purchases, on the server. */
export { salesRoutes } from "./sales.routes.server.ts";

/** What the site's composition and the pages may use of the year-end package on the server (server-only). */
export { yearEndPackageRoutes } from "./year-end-package.routes.server.ts";
export { listPackages } from "./year-end-package.server.ts";

/** The billing feature on the server: the firm's catalogue (decision 117). */
export { createCatalogueService, type CatalogueService } from "./catalogue.server.ts";
export { firmCatalogueRoutes } from "./catalogue.routes.server.ts";

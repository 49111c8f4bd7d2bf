import type { TestApp, TestUser } from "./test-app.ts";
import type { Json, ValidRequest } from "./api-requests.ts";

/*
 * The firm's catalogue in the route catalogue (api-requests.ts): a plan of its own for the edit and archive routes, an
 * archived one for the restore route, and the add-ons' ids for the order route (the create route makes plans only, so
 * the add-ons' list stays whole).
 */

export interface CatalogueFixtures {
  planId: number;
  archivedId: number;
  addOnIds: number[];
}

export function cataloguePlanBody(name = "Fuzz plan"): Json {
  return {
    name,
    description: "For the checks.",
    features: ["Monthly close", "A named accountant"],
    price: "199.50",
    price_prefix: "",
    price_suffix: "/month",
    billing: "monthly",
    featured: false,
  };
}

export async function createCatalogueFixtures(t: TestApp, admin: TestUser): Promise<CatalogueFixtures> {
  const call = async (path: string, json?: Json) => {
    const res = await t.request(`/api/firm/catalogue${path}`, { cookie: admin.cookie, ...(json ? { json } : { method: "POST" }) });
    if (!res.ok) throw new Error(`catalogue fixture ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { item: { id: number } };
  };
  const planId = (await call("", { kind: "plan", ...cataloguePlanBody() })).item.id;
  const archivedId = (await call("", { kind: "plan", ...cataloguePlanBody("Fuzz archived") })).item.id;
  await call(`/${archivedId}/archive`);
  const list = (await (await t.request("/api/firm/catalogue", { cookie: admin.cookie })).json()) as {
    items: { id: number; kind: string }[];
  };
  return { planId, archivedId, addOnIds: list.items.filter((i) => i.kind === "add_on").map((i) => i.id) };
}

export function catalogueRequests(c: () => CatalogueFixtures): ValidRequest[] {
  const plan = { id: () => String(c().planId) };
  return [
    { method: "GET", path: "/api/firm/catalogue" },
    {
      method: "POST",
      path: "/api/firm/catalogue",
      body: () => ({ kind: "plan", ...cataloguePlanBody(`Fuzz new ${Math.random()}`) }),
      deep: ["features.0"],
    },
    { method: "PUT", path: "/api/firm/catalogue/order", body: () => ({ kind: "add_on", ids: c().addOnIds }), deep: ["ids.0"] },
    { method: "PUT", path: "/api/firm/catalogue/:id", params: plan, body: () => cataloguePlanBody(), deep: ["features.0"] },
    { method: "POST", path: "/api/firm/catalogue/:id/archive", params: plan },
    { method: "POST", path: "/api/firm/catalogue/:id/restore", params: { id: () => String(c().archivedId) } },
  ];
}

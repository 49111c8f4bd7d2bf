import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { issueFormToken } from "~/features/leads/form-token.server.ts";
import { queryRows } from "~/server/db/client.ts";
import type { TestApp } from "./test-app.ts";

/**
 * A visitor's consultation request through the public form's API (a valid form token, from her own address), and the
 * lead it made: its id. `person` overrides the fields (her name, email, company…).
 */
export async function consultationLead(t: TestApp, person: Record<string, unknown> = {}, ip = "10.0.0.9"): Promise<string> {
  const json = {
    firstName: "Maria",
    lastName: "Lopez",
    email: "maria@example.com",
    phone: "+1 212 555 0100",
    companyName: "Lopez Bakery",
    annualRevenueRange: "1m-5m",
    servicesInterested: ["tax"],
    challenges: "Payroll every month.",
    preferredTime: "afternoon",
    website: "",
    formToken: issueFormToken(t.config.appSecret, Date.now() - 10_000),
    ...person,
  };
  const res = await t.request("/api/leads/consultation", { headers: { "x-forwarded-for": ip }, json });
  expect(res.status, await res.clone().text()).toBe(201);
  const [lead] = await queryRows<{ id: string }>(
    t.ctx.db,
    sql`select id from leads where email = ${json.email} order by created_at desc limit 1`,
  );
  return lead!.id;
}

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { issueFormToken } from "~/features/leads/form-token.server.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

/** "Your data" holds what was sent from the account's verified address before the account existed (decision 084). */
describe("your data: what was sent before the account", () => {
  let t: TestApp;
  const formToken = () => issueFormToken(t.config.appSecret, Date.now() - 10_000);
  const consultation = (email: string, challenges: string) =>
    t.request("/api/leads/consultation", {
      json: {
        firstName: "Dana",
        lastName: "Baker",
        email,
        companyName: "Sunrise Bakery",
        servicesInterested: ["bookkeeping"],
        challenges,
        website: "",
        formToken: formToken(),
      },
    });
  const contact = (email: string, message: string) =>
    t.request("/api/leads/contact", {
      json: { firstName: "Dana", lastName: "Baker", email, message, website: "", formToken: formToken() },
    });
  const calculatorResult = (email: string, marker: string) =>
    t.ctx.db.execute(sql`insert into calculator_submissions (calculator_type, email, inputs, results)
                         values ('roi', ${email}, ${JSON.stringify({ marker })}::jsonb, '{"roi":"3.00"}'::jsonb)`);
  const exported = async (u: TestUser) => {
    const res = await t.request("/api/account/export", { cookie: u.cookie });
    expect(res.status).toBe(200);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const json = (name: string) => JSON.parse(strFromU8(files[name]!)) as Record<string, unknown>[];
    return {
      contacts: json("contact-messages.json").map((r) => r.message),
      consultations: json("consultations.json").map((r) => r.challenges),
      results: json("calculator-results.json").map((r) => (r.inputs as { marker: string }).marker),
    };
  };

  beforeAll(async () => {
    t = await createTestApp();
    await t.ctx.mail.stop();
  });
  afterAll(() => t.close());

  it("includes the consultation, message and calculator result sent from her address before she signed up", async () => {
    expect((await consultation("Owner@Bakery.example", "Before: our books are two years behind.")).status).toBe(201);
    expect((await contact("owner@bakery.example", "Before: a question about payroll.")).status).toBe(201);
    await calculatorResult("owner@bakery.example", "before");
    expect((await consultation("someone@else.example", "Someone else's challenges.")).status).toBe(201);

    const owner = await createSignedInUser(t, { email: "owner@bakery.example" });
    // Sent from her address by anyone while she has an account, signed out: not hers to read.
    expect((await contact("owner@bakery.example", "After: sent signed out.")).status).toBe(201);
    expect(
      (
        await t.request("/api/leads/contact", {
          cookie: owner.cookie,
          json: {
            firstName: "Dana",
            lastName: "Baker",
            email: "owner@bakery.example",
            message: "Signed in.",
            website: "",
            formToken: formToken(),
          },
        })
      ).status,
    ).toBe(201);

    expect(await exported(owner)).toEqual({
      contacts: ["Before: a question about payroll.", "Signed in."],
      consultations: ["Before: our books are two years behind."],
      results: ["before"],
    });
  });

  it("leaves them out while the address is not verified", async () => {
    expect((await contact("unverified@bakery.example", "Before, unverified.")).status).toBe(201);
    const user = await createSignedInUser(t, { email: "unverified@bakery.example" });
    await t.ctx.db.execute(sql`update users set email_verified = false where id = ${user.id}`);
    expect((await exported(user)).contacts).toEqual([]);
  });
});

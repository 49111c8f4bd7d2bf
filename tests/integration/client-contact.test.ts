import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "~/server/db/client.ts";
import { addMember } from "~/features/tenancy/organizations.server.ts";
import { issueFormToken } from "~/features/leads/form-token.server.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

const FIRM = "firm@ledgerline.test";

/** A signed-in client's contact message is hers: it goes into her conversation with the staff who keep her books. */
describe("a contact message from a signed-in client", () => {
  let t: TestApp;
  let client: TestUser;
  let keeper: TestUser;
  let other: TestUser;
  let orgId: number;

  const send = (u: TestUser | null, email: string) =>
    t.request("/api/leads/contact", {
      cookie: u?.cookie,
      json: {
        firstName: "Dana",
        lastName: "Baker",
        email,
        message: "Can you look at last month's bank fees?",
        website: "",
        formToken: issueFormToken(t.config.appSecret, Date.now() - 10_000),
      },
    });
  const leadOf = async (email: string) =>
    (
      await queryRows<{ id: string; user_id: string | null; organization_id: number | null }>(
        t.ctx.db,
        sql`select id, user_id, organization_id from leads where email = ${email}`,
      )
    )[0]!;
  const mailsTo = (kind: string) =>
    queryRows<{ to_address: string; subject: string; text_body: string }>(
      t.ctx.db,
      sql`select to_address, subject, text_body from mail_outbox where kind = ${kind} order by id`,
    );

  beforeAll(async () => {
    t = await createTestApp({ FIRM_EMAIL: FIRM });
    await t.ctx.mail.stop();
    client = await createSignedInUser(t, { firstName: "Dana", lastName: "Baker", companyName: "Sunrise Bakery" });
    keeper = await createSignedInUser(t, { role: "staff", email: "bea@firm.example" });
    other = await createSignedInUser(t, { role: "staff", email: "other@firm.example" });
    orgId = ((await (await t.request("/api/accounting/orgs", { cookie: client.cookie })).json()) as { organizations: { id: number }[] })
      .organizations[0]!.id;
    await addMember(t.ctx.db, orgId, keeper.id, "accountant");
  });
  afterAll(() => t.close());

  it("goes into her conversation with the firm, not to the leads; her accountant is told of it (decisions 100, 115)", async () => {
    const res = await send(client, "dana@bakery.example");
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ conversation: `/accounting/${orgId}/messages` });
    expect(await queryRows(t.ctx.db, sql`select id from leads where email = 'dana@bakery.example'`)).toEqual([]);
    const conversation = (await (await t.request(`/api/messages/${orgId}/messages`, { cookie: keeper.cookie })).json()) as {
      messages: { body: string; source: string }[];
    };
    expect(conversation.messages).toEqual([
      expect.objectContaining({ body: "Can you look at last month's bank fees?", source: "contact" }),
    ]);
    expect(await mailsTo("contact-notification")).toEqual([]);
    // The firm's people hear of a client's message as client activity, not by a message mail too.
    expect(await mailsTo("message-notification")).toEqual([]);
    const staff = await mailsTo("client-activity");
    expect(staff.map((m) => m.to_address)).toEqual(["bea@firm.example"]);
    expect(staff[0]!.text_body).toContain("/firm/activity");
    // The firm's people who do not keep her books do not read it.
    expect((await t.request(`/api/messages/${orgId}/messages`, { cookie: other.cookie })).status).toBe(404);
  });

  it("a visitor's message, and a staff member's, stay as they were: no link, the firm's inbox only", async () => {
    expect((await send(null, "visitor@example.com")).status).toBe(201);
    expect((await send(other, "other-sent@example.com")).status).toBe(201);
    expect(await leadOf("visitor@example.com")).toMatchObject({ user_id: null, organization_id: null });
    expect(await leadOf("other-sent@example.com")).toMatchObject({ user_id: other.id, organization_id: null });
    const firm = await mailsTo("contact-notification");
    expect(firm.map((m) => m.subject)).toEqual(["New contact message from Dana Baker", "New contact message from Dana Baker"]);
    expect(await mailsTo("contact-client-notification")).toHaveLength(0);
    const lead = await leadOf("visitor@example.com");
    expect(await (await t.request(`/api/firm/leads/${lead.id}`, { cookie: other.cookie })).json()).toMatchObject({ client: null });
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "~/server/db/client.ts";
import { addMember } from "~/features/tenancy/organizations.server.ts";
import { createOrUpdateUser } from "~/features/auth/user-admin.server.ts";
import { booksPath } from "../support/books.ts";
import { cookieFrom, createSignedInUser, createTestApp, type TestApp } from "../support/test-app.ts";

/**
 * Mail from a person names that person: `npm run user:create` gives the account a first and last name, and an
 * invitation says who sent it by name, by address only when the account has no name. Runs on PGlite, and on
 * PostgreSQL with TEST_DATABASE_URL.
 */
describe("the sender's name in mail", () => {
  let t: TestApp;
  const PASSWORD = "Named-sender-Lantern-31";

  beforeAll(async () => {
    t = await createTestApp();
    await t.ctx.mail.stop();
  });
  afterAll(() => t.close());

  const invitationText = async (to: string) =>
    (
      await queryRows<{ text_body: string }>(
        t.ctx.db,
        sql`select text_body from mail_outbox where to_address = ${to} and kind = 'organization-invitation' order by id desc limit 1`,
      )
    )[0]?.text_body;
  const signIn = async (email: string) => {
    const res = await t.request("/api/auth/sign-in/email", { json: { email, password: PASSWORD } });
    expect(res.status).toBe(200);
    return cookieFrom(res);
  };
  const namesOf = async (email: string) =>
    (await queryRows(t.ctx.db, sql`select name, first_name, last_name from users where email = ${email}`))[0];

  it("user:create sets the name; a later run with a name replaces it, one without leaves it", async () => {
    await createOrUpdateUser(t.ctx, {
      email: "ada@example.com",
      role: "admin",
      password: PASSWORD,
      firstName: " Ada ",
      lastName: "Lovelace",
    });
    expect(await namesOf("ada@example.com")).toEqual({ name: "Ada Lovelace", first_name: "Ada", last_name: "Lovelace" });
    await createOrUpdateUser(t.ctx, { email: "ada@example.com", role: "staff" });
    expect(await namesOf("ada@example.com")).toEqual({ name: "Ada Lovelace", first_name: "Ada", last_name: "Lovelace" });
    await createOrUpdateUser(t.ctx, { email: "ada@example.com", role: "admin", firstName: "Augusta", lastName: "King" });
    expect(await namesOf("ada@example.com")).toEqual({ name: "Augusta King", first_name: "Augusta", last_name: "King" });
    await expect(createOrUpdateUser(t.ctx, { email: "ada@example.com", role: "admin", firstName: "A\u0007da" })).rejects.toThrow(
      "First name must be a single line without control characters",
    );
  });

  it("an invitation names its sender, and falls back to the address when the account has no name", async () => {
    const owner = await createSignedInUser(t, { firstName: "Grace", lastName: "Hopper", companyName: "Hopper Books" });
    const orgs = (await (await t.request("/api/accounting/orgs", { cookie: owner.cookie })).json()) as { organizations: { id: number }[] };
    const org = orgs.organizations[0]!.id;
    const invite = (cookie: string, email: string) =>
      t.request(`${booksPath(org)}/invitations`, { cookie, json: { email, role: "viewer" } });

    expect((await invite(owner.cookie, "first-invitee@example.com")).status).toBe(201);
    expect(await invitationText("first-invitee@example.com")).toContain("Grace Hopper invited you to the books of Hopper Books");

    // An operator's account made without a name: the mail names its address, never a made-up name.
    const made = await createOrUpdateUser(t.ctx, { email: "owner@ledgerline.example", role: "admin", password: PASSWORD });
    await addMember(t.ctx.db, org, made.id, "owner");
    expect((await invite(await signIn("owner@ledgerline.example"), "second-invitee@example.com")).status).toBe(201);
    expect(await invitationText("second-invitee@example.com")).toContain("owner@ledgerline.example invited you");

    // Given a name by user:create, the same account's next invitation names the person.
    await createOrUpdateUser(t.ctx, { email: "owner@ledgerline.example", role: "admin", firstName: "Olive", lastName: "Owner" });
    expect((await invite(await signIn("owner@ledgerline.example"), "third-invitee@example.com")).status).toBe(201);
    expect(await invitationText("third-invitee@example.com")).toContain("Olive Owner invited you");
  });

  it("a staff invitation names the admin who sent it", async () => {
    const admin = await createSignedInUser(t, { firstName: "Katherine", lastName: "Johnson", role: "admin" });
    const res = await t.request("/api/firm/team/invitations", { cookie: admin.cookie, json: { email: "new-staff@example.com" } });
    expect(res.status).toBe(201);
    const [mail] = await queryRows<{ text_body: string }>(
      t.ctx.db,
      sql`select text_body from mail_outbox where to_address = 'new-staff@example.com' and kind = 'staff-invite'`,
    );
    expect(mail?.text_body).toContain("Katherine Johnson has created a staff account for you");
  });
});

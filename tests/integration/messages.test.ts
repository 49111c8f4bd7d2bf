import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/server/db/client.ts";
import { addMember } from "~/features/tenancy/organizations.server.ts";
import { issueFormToken } from "~/features/leads/form-token.server.ts";
import { mailNewMessages } from "~/features/messages/message-mails.server.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

const PDF = "%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n";
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

interface Conversation {
  messages: {
    seq: number;
    body: string;
    author_name: string;
    from_firm: boolean;
    source: string;
    attachments: { id: number; file_name: string }[];
  }[];
  last_seq: number;
  last_read_seq: number;
  can_send: boolean;
}

describe("messages between a client and the firm", () => {
  let t: TestApp;
  let owner: TestUser;
  let viewer: TestUser;
  let keeper: TestUser;
  let outsider: TestUser;
  let admin: TestUser;
  let stranger: TestUser;
  let orgId: number;
  let otherOrgId: number;

  const api = (u: TestUser, path: string, init: RequestInit & { json?: unknown } = {}) =>
    t.request(`/api/messages${path}`, { ...init, cookie: u.cookie });
  const send = (u: TestUser, body: string, org = orgId, attachment_ids: number[] = []) =>
    api(u, `/${org}/messages`, { json: { body, attachment_ids } });
  const read = async (u: TestUser, org = orgId) => (await (await api(u, `/${org}/messages`)).json()) as Conversation;
  const unread = async (u: TestUser) => (await (await api(u, "/unread")).json()) as { unread: number; href: string };
  const upload = (u: TestUser, body: BodyInit, name = "receipt.pdf", org = orgId) =>
    api(u, `/${org}/attachments?name=${encodeURIComponent(name)}`, { method: "POST", body });
  const mails = (to?: string) =>
    queryRows<{ to_address: string; subject: string; text_body: string; html_body: string }>(
      t.ctx.db,
      sql`select to_address, subject, text_body, html_body from mail_outbox where kind = 'message-notification'
           ${to ? sql`and to_address = ${to}` : sql``} order by id`,
    );
  const audit = (action: string) =>
    queryRows<{ actor_id: string; after: Record<string, unknown> }>(
      t.ctx.db,
      sql`select actor_id, after from audit_log where action = ${action} order by id`,
    );
  const orgOf = async (u: TestUser) =>
    ((await (await t.request("/api/accounting/orgs", { cookie: u.cookie })).json()) as { organizations: { id: number }[] })
      .organizations[0]!.id;

  beforeAll(async () => {
    t = await createTestApp();
    await t.ctx.mail.stop();
    owner = await createSignedInUser(t, {
      firstName: "Dana",
      lastName: "Baker",
      companyName: "Sunrise Bakery",
      email: "dana@bakery.example",
    });
    viewer = await createSignedInUser(t, { firstName: "Vic", lastName: "Viewer", email: "vic@bakery.example" });
    stranger = await createSignedInUser(t, { companyName: "Other Co" });
    keeper = await createSignedInUser(t, { role: "staff", firstName: "Bea", lastName: "Keeper", email: "bea@firm.example" });
    outsider = await createSignedInUser(t, { role: "staff", email: "out@firm.example" });
    admin = await createSignedInUser(t, { role: "admin", email: "boss@firm.example" });
    orgId = await orgOf(owner);
    otherOrgId = await orgOf(stranger);
    await orgOf(viewer);
    await addMember(t.ctx.db, orgId, viewer.id, "viewer");
    await addMember(t.ctx.db, orgId, keeper.id, "accountant");
  });
  afterAll(() => t.close());

  it("lets the members read and write, a viewer read only; anyone else gets 404", async () => {
    expect((await send(keeper, "Hello Dana, could you send October's bank statement?")).status).toBe(201);
    expect((await send(owner, "Sure, tomorrow.")).status).toBe(201);
    const seen = await read(viewer);
    expect(seen.messages.map((m) => [m.author_name, m.body, m.from_firm])).toEqual([
      ["Bea Keeper", "Hello Dana, could you send October's bank statement?", true],
      ["Dana Baker", "Sure, tomorrow.", false],
    ]);
    expect(seen.can_send).toBe(false);
    const older = (await (await api(viewer, `/${orgId}/messages?before=2`)).json()) as Conversation;
    expect(older.messages.map((m) => m.body)).toEqual(["Hello Dana, could you send October's bank statement?"]);
    expect((await api(viewer, `/${orgId}/messages?before=x`)).status).toBe(400);
    const refused = await send(viewer, "me too");
    expect(refused.status).toBe(403);
    expect((await upload(viewer, PDF)).status).toBe(403);
    for (const u of [outsider, stranger]) {
      expect((await api(u, `/${orgId}/messages`)).status).toBe(404);
      expect((await send(u, "let me in")).status).toBe(404);
    }
    expect((await send(owner, "not mine", otherOrgId)).status).toBe(404);
    expect((await t.request(`/api/messages/${orgId}/messages`)).status).toBe(401);
    // An admin who does not work on the client reads (oversight) and does not write.
    expect((await read(admin)).can_send).toBe(false);
    expect((await send(admin, "hi")).status).toBe(403);
    // The inbox: the staff member's clients; the outsider sees none of them.
    const inbox = async (u: TestUser, q = "") =>
      (await (await api(u, `/inbox${q}`)).json()) as {
        rows: { organization_id: number; unread: number; mine: boolean; preview: string }[];
      };
    expect((await inbox(keeper)).rows).toEqual([
      expect.objectContaining({ organization_id: orgId, unread: 1, mine: true, preview: "Sure, tomorrow." }),
    ]);
    expect((await inbox(outsider)).rows).toEqual([]);
    expect((await inbox(admin)).rows.map((r) => [r.organization_id, r.mine])).toEqual([[orgId, false]]);
    expect((await inbox(admin, "?mine=1")).rows).toEqual([]);
    expect((await inbox(keeper, "?unread=1")).rows).toHaveLength(1);
    expect((await inbox(keeper, `?client=${otherOrgId}`)).rows).toEqual([]);
    expect((await api(owner, "/inbox")).status).toBe(404);
    expect((await api(keeper, "/inbox?unread=yes")).status).toBe(400);
    expect((await audit("message.sent")).map((a) => a.actor_id)).toEqual([keeper.id, owner.id]);
  });

  it("a removed member loses the conversation at once", async () => {
    const leaver = await createSignedInUser(t, { email: "leaver@bakery.example" });
    await addMember(t.ctx.db, orgId, leaver.id, "accountant");
    expect((await api(leaver, `/${orgId}/messages`)).status).toBe(200);
    const res = await t.request(`/api/accounting/orgs/${orgId}/members/${leaver.id}`, { method: "DELETE", cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect((await api(leaver, `/${orgId}/messages`)).status).toBe(404);
    expect((await send(leaver, "still here?")).status).toBe(404);
  });

  it("keeps a member's messages and files when she deletes her account", async () => {
    const writer = await createSignedInUser(t, { firstName: "Wren", lastName: "Writer", email: "wren@bakery.example" });
    await addMember(t.ctx.db, orgId, writer.id, "accountant");
    const { attachment } = (await (await upload(writer, PDF, "wren.pdf")).json()) as { attachment: { id: number } };
    expect((await send(writer, "Leaving soon, here is the lease.", orgId, [attachment.id])).status).toBe(201);
    const gone = await t.request("/api/account/delete", { cookie: writer.cookie, json: { confirmOrganizations: [] } });
    expect(gone.status, await gone.clone().text()).toBe(200);
    const last = (await read(owner)).messages.at(-1)!;
    expect(last).toMatchObject({ author_name: "Wren Writer", author_id: null, body: "Leaving soon, here is the lease." });
    expect(last.attachments.map((a) => a.file_name)).toEqual(["wren.pdf"]);
    expect((await api(owner, `/${orgId}/attachments/${attachment.id}`)).status).toBe(200);
  });

  it("counts unread messages exactly under messages sent at the same time by two people", async () => {
    const conv = await read(owner);
    await api(owner, `/${orgId}/read`, { json: { seq: conv.last_seq } });
    await api(keeper, `/${orgId}/read`, { json: { seq: conv.last_seq } });
    expect((await unread(owner)).unread).toBe(0);
    const N = 12;
    const results = await Promise.all(Array.from({ length: N }, (_, i) => [send(owner, `owner ${i}`), send(keeper, `keeper ${i}`)]).flat());
    expect(results.map((r) => r.status)).toEqual(Array(2 * N).fill(201));
    expect(await unread(owner)).toEqual({ unread: N, href: `/accounting/${orgId}/messages` });
    expect(await unread(keeper)).toEqual({ unread: N, href: "/firm/messages?unread=1" });
    expect((await unread(viewer)).unread).toBe(2 * N + 0 + (conv.last_seq - 0));
    const after = await read(owner);
    expect(after.messages.map((m) => m.seq)).toEqual(Array.from({ length: after.messages.length }, (_, i) => after.messages[0]!.seq + i));
    // Read up to the last: nothing unread; a mark never goes back.
    const marked = (await (await api(owner, `/${orgId}/read`, { json: { seq: after.last_seq } })).json()) as { unread: number };
    expect(marked.unread).toBe(0);
    await api(owner, `/${orgId}/read`, { json: { seq: 1 } });
    expect((await unread(owner)).unread).toBe(0);
    expect((await api(owner, `/${orgId}/read`, { json: {} })).status).toBe(400);
    await api(keeper, `/${orgId}/read`, { json: { seq: after.last_seq } });
    await api(viewer, `/${orgId}/read`, { json: { seq: after.last_seq } });
  });

  it("mails at most once per conversation and person per 15 minutes, a short preview and a link back", async () => {
    await t.ctx.db.execute(sql`delete from mail_outbox`);
    await t.ctx.db.execute(sql`delete from message_mail_state`);
    const long = `Your October statement is missing a page. ${"x".repeat(200)} SECRET-TAIL`;
    expect((await send(keeper, long)).status).toBe(201);
    const first = await mails("dana@bakery.example");
    expect(first).toHaveLength(1);
    expect(first[0]!.text_body).toContain(`/accounting/${orgId}/messages`);
    expect(first[0]!.text_body).toContain("Your October statement is missing a page.");
    expect(first[0]!.text_body).not.toContain("SECRET-TAIL");
    expect(first[0]!.html_body).not.toContain("SECRET-TAIL");
    // The viewer hears too; the author does not.
    expect((await mails("vic@bakery.example")).length).toBe(1);
    expect(await mails("bea@firm.example")).toEqual([]);
    // Two more within the quarter hour: no mail now, even when two processes run the job.
    await send(keeper, "And the receipt for the printer.");
    await send(keeper, "Thanks!");
    const now = Date.now();
    await Promise.all([
      mailNewMessages(t.ctx.db, t.config.publicUrl, new Date(now + 60_000)),
      mailNewMessages(t.ctx.db, t.config.publicUrl, new Date(now + 60_000)),
    ]);
    expect(await mails("dana@bakery.example")).toHaveLength(1);
    // The clock moved past 15 minutes: one mail for both, however many processes run the job.
    const later = new Date(now + 16 * 60_000);
    const queued = await Promise.all([1, 2, 3].map(() => mailNewMessages(t.ctx.db, t.config.publicUrl, later)));
    expect(queued.reduce((a, b) => a + b, 0)).toBe(2);
    const dana = await mails("dana@bakery.example");
    expect(dana).toHaveLength(2);
    expect(dana[1]!.text_body).toContain("2 new messages");
    expect(dana[1]!.text_body).toContain("Thanks!");
    // Nothing new: nothing more.
    expect(await mailNewMessages(t.ctx.db, t.config.publicUrl, new Date(now + 40 * 60_000))).toBe(0);
    // Read in the portal: no mail for what was read.
    await send(keeper, "One more thing.");
    const conv = await read(owner);
    await api(owner, `/${orgId}/read`, { json: { seq: conv.last_seq } });
    expect(await mailNewMessages(t.ctx.db, t.config.publicUrl, new Date(now + 60 * 60_000))).toBe(1); // the viewer's
    expect(await mails("dana@bakery.example")).toHaveLength(2);
  });

  it("follows each person's choice: at once, one a day, or none", async () => {
    expect(await (await api(owner, "/preferences")).json()).toEqual({ notify: "immediate" });
    expect((await api(owner, "/preferences", { method: "PUT", json: { notify: "weekly" } })).status).toBe(400);
    expect((await api(owner, "/preferences", { method: "PUT", json: {} })).status).toBe(400);
    expect(await (await api(owner, "/preferences", { method: "PUT", json: { notify: "none" } })).json()).toEqual({ notify: "none" });
    expect(await (await api(viewer, "/preferences", { method: "PUT", json: { notify: "daily" } })).json()).toEqual({ notify: "daily" });
    expect((await audit("message.preferences_changed")).length).toBe(2);
    await t.ctx.db.execute(sql`delete from mail_outbox`);
    await t.ctx.db.execute(sql`delete from message_mail_state`);
    await send(keeper, "Daily news");
    const today = new Date();
    expect(await mails()).toEqual([]);
    // An hour later, or the day's last millisecond when the day ends sooner (UTC days, as the daily mail's).
    const endOfToday = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 1) - 1;
    await mailNewMessages(t.ctx.db, t.config.publicUrl, new Date(Math.min(today.getTime() + 60 * 60_000, endOfToday)));
    expect(await mails()).toEqual([]);
    // The next day: the viewer's daily mail, once; the owner who chose none gets nothing.
    const tomorrow = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 1, 7));
    await Promise.all([mailNewMessages(t.ctx.db, t.config.publicUrl, tomorrow), mailNewMessages(t.ctx.db, t.config.publicUrl, tomorrow)]);
    expect((await mails()).map((m) => m.to_address)).toEqual(["vic@bakery.example"]);
    await api(owner, "/preferences", { method: "PUT", json: { notify: "immediate" } });
    await api(viewer, "/preferences", { method: "PUT", json: { notify: "immediate" } });
  });

  it("sends files with a message: type from the content, 10 MB at most, downloaded as attachments, audited", async () => {
    const pdf = await upload(owner, PDF, "statement.pdf");
    expect(pdf.status).toBe(201);
    const { attachment } = (await pdf.json()) as { attachment: { id: number } };
    const png = (await (await upload(owner, PNG, "photo.png")).json()) as { attachment: { id: number; content_type: string } };
    expect(png.attachment.content_type).toBe("image/png");
    const html = await upload(owner, "<html><script>alert(1)</script></html>", "evil.pdf");
    expect(html.status).toBe(415);
    const big = Buffer.concat([Buffer.from(PDF), Buffer.alloc(10 * 1024 * 1024)]);
    expect((await upload(owner, big, "big.pdf")).status).toBe(413);
    expect((await upload(owner, "", "empty.pdf")).status).toBe(400);
    // Someone else's upload cannot be sent, nor seen before it is sent.
    expect((await send(keeper, "mine now", orgId, [attachment.id])).status).toBe(400);
    expect((await api(keeper, `/${orgId}/attachments/${attachment.id}`)).status).toBe(404);
    const sent = await send(owner, "", orgId, [attachment.id, png.attachment.id]);
    expect(sent.status).toBe(201);
    const { message } = (await sent.json()) as { message: Conversation["messages"][number] };
    expect(message.attachments.map((a) => a.file_name)).toEqual(["statement.pdf", "photo.png"]);
    expect((await send(owner, "again", orgId, [attachment.id])).status).toBe(400);
    const dl = await api(keeper, `/${orgId}/attachments/${attachment.id}`);
    expect(dl.status).toBe(200);
    expect(dl.headers.get("content-disposition")).toMatch(/^attachment;/);
    expect(dl.headers.get("content-type")).toBe("application/pdf");
    expect(dl.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await dl.text()).toBe(PDF);
    expect((await api(outsider, `/${orgId}/attachments/${attachment.id}`)).status).toBe(404);
    expect((await api(stranger, `/${otherOrgId}/attachments/${attachment.id}`)).status).toBe(404);
    expect((await send(owner, "", orgId, [])).status).toBe(400);
    expect((await send(owner, "x".repeat(5001))).status).toBe(400);
    expect((await audit("message.attachment_uploaded")).filter((a) => a.actor_id === owner.id)).toHaveLength(2);
    expect((await audit("message.attachment_downloaded")).map((a) => [a.actor_id, a.after.file_name])).toEqual([
      [owner.id, "wren.pdf"],
      [keeper.id, "statement.pdf"],
    ]);
  });

  it("puts a signed-in client's contact message into her conversation, not the leads", async () => {
    const contact = (u: TestUser | null, email: string) =>
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
    const before = (await read(keeper)).last_seq;
    const res = await contact(owner, "dana@bakery.example");
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ conversation: `/accounting/${orgId}/messages` });
    const conv = await read(keeper);
    expect(conv.last_seq).toBe(before + 1);
    expect(conv.messages.at(-1)).toMatchObject({
      body: "Can you look at last month's bank fees?",
      source: "contact",
      author_name: "Dana Baker",
    });
    expect(await queryRows(t.ctx.db, sql`select id from leads where email = 'dana@bakery.example'`)).toEqual([]);
    expect((await audit("message.sent_from_contact_form")).map((a) => a.actor_id)).toEqual([owner.id]);
    // A visitor and the firm's people still make leads.
    expect((await contact(null, "visitor@example.com")).status).toBe(201);
    expect((await contact(outsider, "out@firm.example")).status).toBe(201);
    expect(await queryRows(t.ctx.db, sql`select email from leads order by email`)).toEqual([
      { email: "out@firm.example" },
      { email: "visitor@example.com" },
    ]);
  });
});

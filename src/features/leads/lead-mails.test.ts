import { describe, expect, it } from "vitest";
import { consultationSchema, type ConsultationInput } from "./consultation.schema.ts";
import { contactSchema } from "./contact.schema.ts";
import { consultationMails, contactMails } from "./lead-mails.ts";

const ctx = {
  id: "0f8e2a3c-1111-4222-8333-444455556666",
  firmEmail: "firm@example.com",
  receivedAt: new Date("2024-05-01T10:00:00Z"),
  account: null,
};

describe("contact mails", () => {
  const input = contactSchema.parse({
    firstName: "Ann",
    lastName: "<b>Lee</b>",
    email: "ann@example.com",
    company: "Acme & Co",
    service: "erp",
    message: "Line one\n<script>alert(1)</script>",
  });
  const [firm, visitor] = contactMails(input, ctx);

  it("notifies the firm with every field, reply-to the visitor, text as typed and HTML escaped", () => {
    expect(firm!.to).toBe("firm@example.com");
    expect(firm!.replyTo).toBe("ann@example.com");
    expect(firm!.subject).toBe("New contact message from Ann <b>Lee</b>");
    for (const v of ["Ann", "ann@example.com", "Acme & Co", "ERP Consulting", "Line one\n<script>alert(1)</script>", ctx.id]) {
      expect(firm!.text).toContain(v);
    }
    expect(firm!.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(firm!.html).toContain("Acme &amp; Co");
    expect(firm!.html).not.toMatch(/<script|<b>/);
  });

  it("confirms to the visitor without repeating their free text", () => {
    expect(visitor!.to).toBe("ann@example.com");
    expect(visitor!.text).toContain("within 24 hours");
    expect(visitor!.text).not.toContain("Line one");
  });
});

describe("consultation mails", () => {
  it("carries the company, service names, revenue and time labels; subject is one line", () => {
    const fields = {
      firstName: "Raj",
      lastName: "Patel",
      email: "raj@example.com",
      companyName: "Northwind\r\nBcc: x@evil.example",
      annualRevenueRange: "1m-5m",
      servicesInterested: ["tax", "advisory"],
      challenges: "Month-end close takes 3 weeks",
      preferredTime: "evening",
    } as const;
    // The schema refuses a line break in the company name; the mail stays one line even if one got through.
    expect(consultationSchema.safeParse(fields).success).toBe(false);
    const input: ConsultationInput = { ...fields, phone: undefined, servicesInterested: [...fields.servicesInterested] };
    const [firm, visitor] = consultationMails(input, { ...ctx, account: { id: "u1", email: "raj@example.com" } });
    expect(firm!.subject).toBe("New consultation request: Northwind Bcc: x@evil.example (Raj Patel)");
    expect(firm!.text).toContain("Services interested: Tax Services, Financial Advisory");
    expect(firm!.text).toContain("Annual revenue: $1M - $5M");
    expect(firm!.text).toContain("Preferred time: Evening (5PM-7PM)");
    expect(firm!.text).toContain("Phone: -");
    expect(firm!.text).toContain("Signed-in account: raj@example.com (u1)");
    expect(visitor!.to).toBe("raj@example.com");
    expect(visitor!.subject).not.toMatch(/[\r\n]/);
    expect(visitor!.text).not.toContain("Month-end");
  });
});

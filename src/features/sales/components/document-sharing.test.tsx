import { describe, expect, it } from "vitest";
import type { BooksStanding } from "~/features/tenancy/tenancy.types.ts";
import { buttonTexts as buttons, renderInBooks as render } from "../../../../tests/support/books-screen.tsx";
import type { DocumentDetails } from "../sales.types.ts";
import { DocumentSharing } from "./document-sharing.tsx";
import { StatementActions } from "./statement-actions.tsx";
import { FIRM_SENDS_TEXT } from "./sending.ts";

const invoice = {
  id: 7,
  kind: "invoice",
  status: "approved",
  state: "unpaid",
  number: "INV-0001",
  contact_id: 3,
  contact_name: "Maria's Café",
  contact_email: "maria@example.com",
  sent_at: null,
  links: [],
} as unknown as DocumentDetails;

const CLIENT_OWNER_KEPT: BooksStanding = { role: "owner", side: "client", firmKeeps: true };

describe("sending from the books' screens", () => {
  it("the client's owner of books the firm keeps is told the firm sends, when the settings do not let her", () => {
    const html = render(<DocumentSharing document={invoice} clientMaySend={false} />, CLIENT_OWNER_KEPT);
    expect(html).toContain("Download PDF");
    expect(buttons(html)).not.toContain("Send");
    expect(buttons(html)).not.toContain("Create link");
    expect(html).toContain(FIRM_SENDS_TEXT);
    const statement = render(
      <StatementActions contactId={3} side="receivable" from="2026-01-01" to="2026-01-31" clientMaySend={false} />,
      CLIENT_OWNER_KEPT,
    );
    expect(buttons(statement)).not.toContain("Send by mail");
    expect(statement).toContain(FIRM_SENDS_TEXT);
  });

  it("she sends when the settings let her; the firm and the owner of books she keeps herself always do", () => {
    for (const [standing, clientMaySend] of [
      [CLIENT_OWNER_KEPT, true],
      [{ role: "owner", side: "client", firmKeeps: false }, false],
      [{ role: "accountant", side: "firm", firmKeeps: true }, false],
    ] as [BooksStanding, boolean][]) {
      const html = render(<DocumentSharing document={invoice} clientMaySend={clientMaySend} />, standing);
      expect(buttons(html), JSON.stringify(standing)).toEqual(expect.arrayContaining(["Send", "Create link"]));
      expect(html).not.toContain(FIRM_SENDS_TEXT);
      const statement = render(
        <StatementActions contactId={3} side="receivable" from="2026-01-01" to="2026-01-31" clientMaySend={clientMaySend} />,
        standing,
      );
      expect(buttons(statement)).toContain("Send by mail");
    }
  });
});

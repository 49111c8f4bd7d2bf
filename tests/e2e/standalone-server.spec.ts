import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startSmtpServer } from "../support/smtp.ts";
import { freePort, runServer, waitHealthy } from "./support/server-process.ts";
import { MIN_SUBMIT_MS } from "../../src/features/leads/spam.ts";

// A journey that needs a server of its own: its mail server goes away. (A server without Google configured: sign-up.spec.ts.)
test.describe("a server of its own", () => {
  test.describe.configure({ timeout: 120_000 });

  test("the SMTP server is down while a visitor writes: they still see success, and the mail arrives once it is back", async ({ page }) => {
    const smtpPort = await freePort();
    let smtp = await startSmtpServer({ port: smtpPort });
    await smtp.stop();
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(tmpdir(), "smtp-down-"));
    const server = runServer({
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${port}`,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      FIRM_EMAIL: "firm@ledgerline.test",
      MAIL_CATCHER: "1",
    });
    try {
      await waitHealthy(port);
      await page.goto(`http://localhost:${port}/contact`);
      const form = page.getByRole("form", { name: "Contact form" });
      const email = `down-${Date.now()}@example.com`;
      await form.getByLabel("First Name").fill("Ines");
      await form.getByLabel("Last Name").fill("Okafor");
      await form.getByLabel("Email").fill(email);
      await form.getByLabel("Message").fill("Sent while your mail server was down.");
      // The server refuses a form sent sooner than this after it was drawn (anti-spam, timed by the server's clock, so
      // the page's clock cannot stand in for it): never faster than a person.
      await page.waitForTimeout(MIN_SUBMIT_MS);
      await form.getByRole("button", { name: "Send Message" }).click();
      await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Message Sent!" })).toBeVisible();

      // The mail waits in the outbox (listed by the local mail catcher) until SMTP answers again.
      const readOutbox = async () =>
        ((await (await fetch(`http://127.0.0.1:${port}/api/dev/mail`)).json()) as { mail: { to: string; status: string }[] }).mail;
      const waiting = (await readOutbox()).filter((m) => m.to === "firm@ledgerline.test" || m.to === email);
      expect(waiting.length).toBe(2);
      expect(waiting.every((m) => m.status === "pending")).toBe(true);

      smtp = await startSmtpServer({ port: smtpPort });
      const firm = await smtp.waitFor(
        (m) => m.to.includes("firm@ledgerline.test") && m.text.includes("Sent while your mail server was down."),
        60_000,
      );
      expect(firm.replyTo).toEqual([email]);
      await smtp.waitFor((m) => m.to.includes(email), 60_000);
      // Both marked sent in the outbox: nothing is left to send again.
      await expect
        .poll(
          async () => (await readOutbox()).filter((m) => (m.to === "firm@ledgerline.test" || m.to === email) && m.status === "sent").length,
          {
            timeout: 30_000,
          },
        )
        .toBe(2);
      expect(smtp.messages.filter((m) => m.to.includes("firm@ledgerline.test"))).toHaveLength(1);
    } finally {
      await server.stop();
      await smtp.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

import { expect, test } from "@playwright/test";
import { openBooksSection } from "./support/books.ts";
import { signUpAndSignIn } from "./support/auth.ts";
import { pickAccount } from "./support/entry-form.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test.describe("accounting: a write whose answer is lost", () => {
  test("a save and a post that committed but got no answer are sent again with their key: one entry, saved and posted once", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signUpAndSignIn(page);
    await page.goto("/accounting");
    await openBooksSection(page, "Journal Entries");

    // The first request of each write reaches the server, which commits it; its answer is then lost on the way back.
    const sent: { method: string; url: string; key: string | undefined }[] = [];
    await page.route("**/api/accounting/orgs/*/entries**", async (route) => {
      const req = route.request();
      if (req.method() === "GET") return route.continue();
      const key = req.headers()["idempotency-key"];
      const first = !sent.some((s) => s.key === key);
      sent.push({ method: req.method(), url: req.url(), key });
      if (!first) return route.continue();
      await route.fetch();
      return route.abort("connectionreset");
    });

    await page.getByRole("button", { name: "New Entry" }).click();
    const dialog = page.getByRole("dialog", { name: "New Journal Entry" });
    await dialog.getByLabel("Description", { exact: true }).fill("Answer lost on the way");
    await dialog.getByLabel("Entry date").fill("2026-05-04");
    await pickAccount(dialog, 1, "6000 Rent Expense");
    await dialog.getByLabel("Line 1 debit").fill("120");
    await pickAccount(dialog, 2, "1000 Cash");
    await dialog.getByLabel("Line 2 credit").fill("120");
    await dialog.getByRole("button", { name: "Save Draft" }).click();
    await expect(page.getByText("Journal entry saved successfully").last()).toBeVisible();
    await expect(dialog).toBeHidden();

    const rows = page.getByTestId("entry-row").filter({ hasText: "Answer lost on the way" });
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText("JE-000001");
    await expect(rows).toContainText("Draft");

    await rows.getByRole("button", { name: /^Post / }).click();
    await page
      .getByRole("alertdialog", { name: /^Post JE-/ })
      .getByRole("button", { name: "Post Entry" })
      .click();
    await expect(page.getByText("Journal entry posted successfully").last()).toBeVisible();
    await expect(rows).toContainText("Posted");
    await expect(page.getByTestId("entry-row")).toHaveCount(1);

    // Two user actions, each sent twice with one key of its own.
    expect(sent.map((s) => s.method)).toEqual(["POST", "POST", "POST", "POST"]);
    expect(sent[0]!.key).toMatch(UUID);
    expect(sent[1]!.key).toBe(sent[0]!.key);
    expect(sent[2]!.key).toMatch(UUID);
    expect(sent[3]!.key).toBe(sent[2]!.key);
    expect(sent[2]!.key).not.toBe(sent[0]!.key);
    expect(sent[2]!.url).toMatch(/\/entries\/\d+\/post$/);
  });
});

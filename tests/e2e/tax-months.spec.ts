import { copyFileSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { pdfPages } from "../support/pdf.ts";
import { TOASTS, expectNoAxeViolations } from "./support/axe.ts";
import { signUpAndSignIn } from "./support/auth.ts";
import { booksApi, openBooksSection } from "./support/books.ts";
import { pickAccount } from "./support/entry-form.ts";
import { expectOnTop } from "./support/on-top.ts";
import { shot } from "./support/shots.ts";

/**
 * Two months of tax booked in the browser and checked against figures this file computes itself, by plain cent
 * arithmetic on the amounts it books (never read back from the app):
 * - a Belgian landscaper's November 2024 from the bank's own camt.053 statement (../shared/fixtures), uploaded on the
 *   bank screen: a sale at 21 %, purchases at 21 % and 6 %, an intra-EU acquisition (reverse charge), a line split over
 *   21 % and 6 %, and a mower typed in the entry form with its VAT shown before saving; the return's boxes, filed; a
 *   tax-coded entry in November refused naming the return; the tax accounts' ledgers settled to the return to the cent;
 *   the month-end pack's tax summary;
 * - a Californian shop's June 2025: sales in Los Angeles and San Diego counties from a CSV statement on the bank screen
 *   and one invoice typed by hand; the return's jurisdictions (state, county, districts), filed; the liability accounts.
 * The ready-made sets are applied through the API (tax-codes.spec applies Belgium's on its screen).
 */

const CAMT = path.resolve(import.meta.dirname, "../../../shared/fixtures/bank/camt/subite-BE68793230773034-202411.xml");

const toast = (page: Page, text: string | RegExp) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

/** Cents of "1150.7", "50000", "-368.90". */
const cents = (amount: string): bigint => {
  const [whole, frac = ""] = amount.replace("-", "").split(".");
  return (amount.startsWith("-") ? -1n : 1n) * (BigInt(whole!) * 100n + BigInt(frac.padEnd(2, "0")));
};
/** n / d rounded half away from zero (d > 0). */
const round = (n: bigint, d: bigint) => (n < 0n ? -((-n * 2n + d) / (2n * d)) : (n * 2n + d) / (2n * d));
/** The tax at `bp` hundredths of a percent on a base. */
const taxOn = (base: bigint, bp: bigint) => round(base * bp, 10_000n);
/** The tax inside a gross amount at `bp` hundredths of a percent. */
const taxInside = (gross: bigint, bp: bigint) => round(gross * bp, 10_000n + bp);
const sum = (xs: bigint[]) => xs.reduce((a, b) => a + b, 0n);
/** Cents as the screens write them: "€1,234.56", "-$17.50". */
const money = (c: bigint, symbol: string) => {
  const abs = c < 0n ? -c : c;
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${c < 0n ? "-" : ""}${symbol}${whole}.${(abs % 100n).toString().padStart(2, "0")}`;
};
const decimal = (c: bigint) => money(c, "").replace(/,/g, "");

/** The statement's entries as the bank wrote them: booking date, signed amount, the remittance text. */
function camtEntries(xml: string) {
  return [...xml.matchAll(/<Ntry>([\s\S]*?)<\/Ntry>/g)].map(([, e]) => {
    const amount = /<Amt Ccy="EUR">([^<]+)<\/Amt>/.exec(e!)![1]!;
    const debit = /<CdtDbtInd>DBIT</.test(e!);
    return {
      date: /<BookgDt>\s*<Dt>([^<]+)</.exec(e!)![1]!,
      cents: (debit ? -1n : 1n) * cents(amount),
      text: /<Ustrd>([^<]+)</.exec(e!)?.[1] ?? "",
    };
  });
}

/** The figures of a table's rows by the text of their first cell: the money amounts each row shows, in order. */
async function figuresByRow(table: Locator): Promise<Record<string, string[]>> {
  const rows = await table.locator("tbody tr").evaluateAll((trs) => trs.map((tr) => (tr as HTMLElement).innerText));
  return Object.fromEntries(rows.map((text) => [text.trim().split(/\s+/)[0]!, [...text.matchAll(/-?[€$][\d,]+\.\d\d/g)].map((m) => m[0])]));
}

/**
 * Each money figure of the tables lies wholly inside the page's width and inside its table's box as shown: nothing of
 * it is cut off or hidden behind a sideways scroll. Each is brought into view by scrolling the page down, never sideways.
 */
async function expectAllFiguresShown(page: Page, tables: Locator[], symbol: string) {
  for (const table of tables) {
    const cut = await table.evaluate((t, sign) => {
      const frame = (t.closest("section") ?? t).getBoundingClientRect();
      const right = Math.min(frame.right, document.documentElement.clientWidth);
      const walker = document.createTreeWalker(t, NodeFilter.SHOW_TEXT);
      const out: string[] = [];
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (!n.textContent?.includes(sign)) continue;
        const range = document.createRange();
        range.selectNodeContents(n);
        const box = range.getBoundingClientRect();
        if (box.right > right + 0.5 || box.left < frame.left - 0.5) out.push(n.textContent.trim());
      }
      return out;
    }, symbol);
    expect(cut, `figures cut off at ${page.viewportSize()?.width} px`).toEqual([]);
  }
}

/** A statement line's row on the bank screen, by its date, the bank's text and the amount. */
const bankRow = (page: Page, line: { date: string; text: string }, amount: string) =>
  page
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: line.date, exact: true }) })
    .filter({ hasText: line.text })
    .filter({ hasText: amount });

async function pick(scope: Locator, label: string, account: string) {
  const input = scope.getByRole("combobox", { name: label });
  await input.fill(account.split(" ")[0]!);
  await scope.getByRole("option", { name: account, exact: true }).click();
  await expect(input).toHaveValue(account);
}

async function categorize(page: Page, row: Locator, account: string, taxCode: string) {
  await row.getByRole("button", { name: /^Categorize / }).click();
  const dialog = page.getByRole("dialog", { name: "Categorize" });
  await pick(dialog, "Account", account);
  await dialog.getByLabel(/Tax code/).selectOption({ label: taxCode });
  await dialog.getByRole("button", { name: "Post entry" }).click();
  await expect(toast(page, "Entry posted")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0);
}

/** Uploads a statement on the bank account's screen, previews it and imports it. */
async function importStatement(page: Page, file: { name: string; mimeType: string; buffer: Buffer }, count: number, span: string) {
  await expect(async () => {
    await page.getByLabel(/^Statement file/).setInputFiles(file);
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByText(`${count} new transactions, ${span}`)).toBeVisible({ timeout: 3000 });
  }).toPass();
  await page.getByRole("button", { name: `Import ${count} transactions` }).click();
  await expect(page.getByText(`${count} transactions imported`)).toBeVisible();
}

/** Types an entry in the journal's form and posts it; returns the dialog (still open when the server refused it). */
async function typeEntry(
  page: Page,
  entry: { description: string; date: string; lines: [account: string, debit: string, credit: string, code?: string][]; amounts?: string },
) {
  await page.getByRole("button", { name: "New Entry" }).click();
  const dialog = page.getByRole("dialog", { name: "New Journal Entry" });
  await dialog.getByLabel("Description", { exact: true }).fill(entry.description);
  await dialog.getByLabel("Entry date").fill(entry.date);
  for (const [i, [account, debit, credit, code]] of entry.lines.entries()) {
    await pickAccount(dialog, i + 1, account);
    if (debit) await dialog.getByLabel(`Line ${i + 1} debit`).fill(debit);
    if (credit) await dialog.getByLabel(`Line ${i + 1} credit`).fill(credit);
    if (code) await dialog.getByLabel(`Line ${i + 1} tax code`).selectOption({ label: code });
  }
  if (entry.amounts) await dialog.getByLabel("Amounts are").selectOption(entry.amounts);
  return dialog;
}

async function postTyped(page: Page, dialog: Locator) {
  await dialog.getByRole("button", { name: "Save and Post" }).click();
  await page.getByRole("alertdialog", { name: "Post this entry?" }).getByRole("button", { name: "Post Entry" }).click();
}

/** The closing row of an account's general ledger for a period: debit total, credit total, balance. */
async function ledgerClosing(page: Page, orgPath: string, accountId: number, start: string, end: string) {
  await page.goto(`${orgPath}/ledger?account=${accountId}&start=${start}&end=${end}`);
  const closing = page.getByTestId("gl-closing");
  await expect(closing).toBeVisible();
  return [...(await closing.innerText()).matchAll(/-?[€$][\d,]+\.\d\d( \(CR\))?/g)].map((m) => m[0]);
}

interface Account {
  id: number;
  account_code: string;
}

async function setUp(page: Page) {
  const origin = process.env.E2E_BASE_URL!;
  await signUpAndSignIn(page);
  const books = await booksApi(page);
  const orgId = Number(books.split("/").pop());
  const call = async <T>(method: "post" | "put", url: string, data?: unknown, status = 200): Promise<T> => {
    const res = await page.request[method](url, { headers: { origin }, data });
    expect(res.status(), await res.text()).toBe(status);
    return (await res.json()) as T;
  };
  const account = async (account_code: string, account_name: string, account_type: string) =>
    (await call<{ account: Account }>("post", `${books}/accounts`, { account_code, account_name, account_type }, 201)).account.id;
  const accounts = async () =>
    Object.fromEntries(
      ((await (await page.request.get(`${books}/accounts`)).json()) as { accounts: Account[] }).accounts.map((a) => [a.account_code, a.id]),
    );
  return { books, orgId, orgPath: `/accounting/${orgId}`, call, account, accounts };
}

test("a Belgian month from the bank's camt.053 to a filed VAT return, its ledgers and the month-end pack", async ({ page }) => {
  test.setTimeout(240_000);
  const { books, orgId, orgPath, call, account, accounts } = await setUp(page);
  await call("put", `${books}/currency`, { currency: "EUR" });
  await call("post", `${books}/tax-codes/presets/be-vat`);
  const kbc = await account("1015", "KBC current account", "Asset");
  const authority = await account("2390", "VAT owed to the FPS Finance", "Liability");
  const bank = await call<{ account: { id: number } }>(
    "post",
    `/api/bank/${orgId}/accounts`,
    { name: "KBC", kind: "bank", account_id: kbc, currency: "EUR" },
    201,
  );
  const acc = await accounts();

  // The statement's own amounts of the lines booked below, read from the file.
  const xml = readFileSync(CAMT, "utf8");
  const entries = camtEntries(xml);
  const at = (date: string, text: string) => {
    const found = entries.filter((e) => e.date === date && e.text === text);
    expect(found, `${date} ${text}`).toHaveLength(1);
    return found[0]!;
  };
  const sale = at("2024-11-29", "Transfer ref HBAVHC9717");
  const services21 = at("2024-11-29", "Order WKVUWZ7725 payment");
  const goods6 = at("2024-11-29", "Payment for invoice WHPNEH5433");
  const intraEu = at("2024-11-28", "Settlement BZTSTF1250");
  const split = at("2024-11-28", "Settlement WYWWZT3038");
  const split21 = 20000n; // 200.00 of the split line at 21 %, the rest at 6 %
  const split6 = -split.cents - split21;
  const mower = 440000n;
  expect([sale.cents > 0n, services21.cents, goods6.cents, intraEu.cents, split.cents]).toEqual([
    true,
    -115070n,
    -94180n,
    -150000n,
    -36890n,
  ]);

  // The statement uploaded on the bank screen: 268 lines of November.
  await page.goto(`${orgPath}/bank/${bank.account.id}`);
  await expect(page.getByRole("heading", { name: "KBC" })).toBeVisible();
  await importStatement(
    page,
    { name: "BE68793230773034-202411.xml", mimeType: "application/xml", buffer: readFileSync(CAMT) },
    entries.length,
    "2024-11-01 to 2024-11-29",
  );
  expect(entries).toHaveLength(268);

  // The month's last days first; each line categorized with its account and tax code.
  await page.getByRole("link", { name: "Newest first" }).click();
  await expect(page.getByRole("table", { name: /Statement lines, newest first/ })).toBeVisible();
  const eur = (c: bigint) => money(c, "€");
  await categorize(page, bankRow(page, sale, eur(sale.cents)), "4000 Sales Revenue", "BE-S21 · Sales at 21%");
  await categorize(
    page,
    bankRow(page, services21, eur(services21.cents)),
    "6200 Utilities Expense",
    "BE-P21S · Purchases of services and other goods at 21%",
  );
  await categorize(
    page,
    bankRow(page, goods6, eur(goods6.cents)),
    "5000 Cost of Goods Sold",
    "BE-P06S · Purchases of services and other goods at 6%",
  );
  await categorize(
    page,
    bankRow(page, intraEu, eur(intraEu.cents)),
    "5000 Cost of Goods Sold",
    "BE-ICA21 · Intra-EU acquisition of goods at 21% (reverse charge)",
  );

  // One line split over 21 % and 6 %.
  const splitRow = bankRow(page, split, eur(split.cents));
  await splitRow.getByRole("button", { name: /^Categorize / }).click();
  await page.getByRole("dialog", { name: "Categorize" }).getByRole("button", { name: "Split…" }).click();
  const splitDialog = page.getByRole("dialog", { name: "Split" });
  await expect(splitDialog.getByTestId("split-remaining")).toHaveText(`Left to split: ${eur(-split.cents)}`);
  await pick(splitDialog, "Row 1: account", "6200 Utilities Expense");
  await splitDialog.getByLabel("Row 1: amount").fill(decimal(split21));
  await splitDialog.getByLabel(/Row 1: tax code/).selectOption({ label: "BE-P21S · Purchases of services and other goods at 21%" });
  await pick(splitDialog, "Row 2: account", "5000 Cost of Goods Sold");
  await splitDialog.getByLabel("Row 2: amount").fill(decimal(split6));
  await splitDialog.getByLabel(/Row 2: tax code/).selectOption({ label: "BE-P06S · Purchases of services and other goods at 6%" });
  await expect(splitDialog.getByTestId("split-remaining")).toHaveText("Nothing left to split");
  // The chosen code's name, longer than the select is wide, is written in full under it.
  await expect(splitDialog.getByLabel(/Row 1: tax code/)).toHaveAccessibleDescription("Purchases of services and other goods at 21%");
  await expect(splitDialog.getByText("Purchases of services and other goods at 6%", { exact: true })).toBeVisible();
  await shot(page, "tax-months-split", { widths: [390, 1280], part: splitDialog });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const name of ["Row 2: amount", "Row 2: tax code"]) {
      await splitDialog.getByLabel(new RegExp(`^${name}`)).scrollIntoViewIfNeeded();
      await expect(splitDialog.getByLabel(new RegExp(`^${name}`))).toBeInViewport({ ratio: 1 });
    }
  }
  await splitDialog.getByRole("button", { name: "Post entry" }).click();
  await expect(toast(page, "Entry posted, split")).toBeVisible();
  await expect(splitDialog).toHaveCount(0);
  await expect(splitRow).toHaveCount(0);

  // The mower, bought on credit, typed in the entry form with the VAT inside: the tax shown before it is saved.
  const mowerTax = taxInside(mower, 2100n);
  await openBooksSection(page, "Journal Entries");
  const mowerEntry = await typeEntry(page, {
    description: "Ride-on mower, invoice 2024-1187",
    date: "2024-11-15",
    lines: [
      ["1500 Equipment", decimal(mower), "", "BE-P21I (Purchases of investment goods at 21%)"],
      ["2000 Accounts Payable", "", decimal(mower)],
    ],
    amounts: "inclusive",
  });
  const preview = mowerEntry.getByTestId("tax-preview");
  await expect(preview.getByTestId("preview-line").first()).toContainText(money(mower - mowerTax, "€"));
  await expect(preview.getByLabel("BE-P21I tax debit")).toHaveValue(decimal(mowerTax));
  await expect(preview.getByTestId("preview-tax-line")).toContainText("1420 VAT deductible");
  await preview.scrollIntoViewIfNeeded();
  await expect(preview).toBeInViewport();
  await postTyped(page, mowerEntry);
  await expect(page.getByText(/JE-\d+ saved and posted/).last()).toBeVisible();
  await expect(mowerEntry).toBeHidden();

  // The boxes, computed here from the amounts booked.
  const saleTax = taxInside(sale.cents, 2100n);
  const gross21 = [-services21.cents, split21];
  const gross6 = [-goods6.cents, split6];
  const tax21 = gross21.map((g) => taxInside(g, 2100n));
  const tax6 = gross6.map((g) => taxInside(g, 600n));
  const reverse = taxOn(-intraEu.cents, 2100n);
  const deductible = sum(tax21) + sum(tax6) + reverse + mowerTax;
  const net = saleTax + reverse - deductible;
  const base82 = sum(gross21) - sum(tax21) + sum(gross6) - sum(tax6) - intraEu.cents;
  const zero = eur(0n);
  const expected: Record<string, string[]> = {
    "03": [eur(sale.cents - saleTax), zero],
    "54": [zero, eur(saleTax)],
    "55": [zero, eur(reverse)],
    "59": [zero, eur(deductible)],
    "82": [eur(base82), zero],
    "83": [eur(mower - mowerTax), zero],
    "86": [eur(-intraEu.cents), zero],
  };

  await page.goto(`${orgPath}/tax-return?from=2024-11-01&to=2024-11-30`);
  const boxes = page.getByRole("table", { name: "Boxes" });
  await expect(boxes).toBeVisible();
  expect(await figuresByRow(boxes)).toEqual(expected);
  const totals = page.getByTestId("tax-return-net");
  await expect(totals).toContainText(`Tax due${eur(saleTax + reverse)}`);
  await expect(totals).toContainText(`Tax deductible${eur(deductible)}`);
  await expect(totals).toContainText(`${net < 0n ? "Net refundable" : "Net payable"}${eur(net < 0n ? -net : net)}`);
  // Each tax account's movement is the return's tax on it: no difference.
  const reconciliation = page.getByRole("table", { name: /Reconciliation with the tax accounts/ });
  expect(await figuresByRow(reconciliation)).toEqual({
    "1420": [eur(deductible), eur(deductible), zero],
    "2320": [eur(-saleTax), eur(-saleTax), zero],
    "2321": [zero, zero, zero],
    "2322": [zero, zero, zero],
    "2325": [eur(-reverse), eur(-reverse), zero],
  });
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await shot(page, "tax-months-be-return", { widths: [390, 1280] });
  // At a phone's width as on a desk, every figure of the boxes and the reconciliation is read without scrolling sideways.
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAllFiguresShown(page, [boxes, reconciliation], "€");
    for (const figure of [boxes.getByRole("button", { name: /tax of box 54/ }), totals.getByText(eur(net < 0n ? -net : net))]) {
      await figure.scrollIntoViewIfNeeded();
      await expect(figure).toBeInViewport({ ratio: 1 });
    }
  }

  // Filed from the screen.
  await page.getByRole("button", { name: "File return" }).click();
  const filing = page.getByRole("dialog", { name: "File the return" });
  await filing.getByLabel("Authority account").selectOption({ label: "2390 VAT owed to the FPS Finance" });
  await filing.getByLabel("Name").fill("VAT return November 2024");
  await filing.getByRole("button", { name: "File", exact: true }).click();
  await expect(toast(page, "VAT return November 2024 filed")).toBeVisible();
  await expect(page.getByTestId("filed-tax-returns")).toContainText(`2024-11-01 to 2024-11-30 · net ${eur(net)}`);
  await expect(page.getByText("The period is in the filed return VAT return November 2024.")).toBeVisible();
  await shot(page, "tax-months-be-filed", { widths: [390, 1280] });

  // A purchase dated in November afterwards, typed on a phone: refused, the return named on screen under the date, the
  // question "Post this entry?" closed so that nothing covers it.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(`${orgPath}/journal`);
  const late = await typeEntry(page, {
    description: "Late invoice for hedge trimming",
    date: "2024-11-20",
    lines: [
      ["6200 Utilities Expense", "121.00", "", "BE-P21S (Purchases of services and other goods at 21%)"],
      ["1015 KBC current account", "", "121.00"],
    ],
    amounts: "inclusive",
  });
  await postTyped(page, late);
  const refused =
    "The tax return VAT return November 2024 (2024-11-01 to 2024-11-30) is filed: a tax-coded line cannot be dated in its period.";
  await expect(late.getByText(refused)).toBeVisible();
  await expect(toast(page, "Error posting entry")).toBeVisible();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await expect(late.getByText(refused)).toBeInViewport({ ratio: 1 });
  await expectOnTop(late.getByText(refused));
  await expect(late.getByLabel("Entry date")).toHaveAttribute("aria-invalid", "true");
  await shot(page, "tax-months-be-refused-phone", { fullPage: false });
  await shot(page, "tax-months-be-refused", { widths: [390, 1280] });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The tax accounts' ledgers of November: the month's tax settled to the authority, to the cent.
  expect(await ledgerClosing(page, orgPath, acc["1420"]!, "2024-11-01", "2024-11-30")).toEqual([eur(deductible), eur(deductible), zero]);
  expect(await ledgerClosing(page, orgPath, acc["2320"]!, "2024-11-01", "2024-11-30")).toEqual([eur(saleTax), eur(saleTax), zero]);
  expect(await ledgerClosing(page, orgPath, acc["2325"]!, "2024-11-01", "2024-11-30")).toEqual([eur(reverse), eur(reverse), zero]);
  // The month's net is payable (the sale outweighs the purchases): the authority's account owes it.
  expect(net > 0n).toBe(true);
  expect(await ledgerClosing(page, orgPath, authority, "2024-11-01", "2024-11-30")).toEqual([zero, eur(net), eur(net)]);

  // The month-end pack of November carries the same boxes and net.
  await page.goto(`${orgPath}/packs`);
  const form = page.getByRole("form", { name: "Prepare a pack" });
  await expect(async () => {
    await form.getByLabel("Month").fill("2024-11");
    await form.getByRole("button", { name: "Prepare pack" }).click();
    await expect(toast(page, "Month-end pack for November 2024 prepared")).toBeVisible({ timeout: 3000 });
  }).toPass();
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download the pack for November 2024 (PDF)" }).click();
  const file = (await (await download).path())!;
  if (process.env.SHOTS_DIR) copyFileSync(file, path.join(process.env.SHOTS_DIR, "tax-months-pack-2024-11.pdf"));
  // The pack's tax summary page as text (the reader decodes bytes as Latin-1: the PDF's WinAnsi byte 0x80 is the euro sign).
  const summary = pdfPages(readFileSync(file))
    .map((p) => p.replaceAll("\x80", "€"))
    .find((p) => p.includes("Tax summary November 1, 2024 to November 30, 2024"));
  expect(summary, "a Tax summary page").toBeTruthy();
  for (const [box, [base, tax]] of Object.entries(expected)) expect(summary).toMatch(new RegExp(` ${box} .+? ${esc(base!)} ${esc(tax!)} `));
  expect(summary).toContain(`${net < 0n ? "Net refundable" : "Net payable"} ${eur(net < 0n ? -net : net)}`);
});

test("a Californian month: sales in two counties from the bank screen and by hand, the return by jurisdiction, filed", async ({ page }) => {
  test.setTimeout(180_000);
  const { books, orgId, orgPath, call, account, accounts } = await setUp(page);
  await call("post", `${books}/tax-codes/presets/us-sales-tax`);
  const authority = await account("2390", "Sales tax owed to the CDTFA", "Liability");
  const acc = await accounts();
  const bank = await call<{ account: { id: number } }>(
    "post",
    `/api/bank/${orgId}/accounts`,
    { name: "Main checking", kind: "bank", account_id: acc["1000"] },
    201,
  );
  // Rates in hundredths of a percent, state first (the largest: it takes the rounding cent of a gross amount).
  const LA = [600n, 125n, 250n];
  const SD = [600n, 125n, 50n];
  const sales = [
    { date: "2025-06-03", text: "Pasadena showroom sale", gross: 234567n, rates: LA, code: "CA-LA-2025 · Los Angeles County 9.75%" },
    { date: "2025-06-10", text: "La Jolla workshop sale", gross: 123456n, rates: SD, code: "CA-SD · San Diego County 7.75%" },
    { date: "2025-06-17", text: "Santa Monica order", gross: 88888n, rates: LA, code: "CA-LA-2025 · Los Angeles County 9.75%" },
  ];
  const statement = ["Date,Description,Amount", ...sales.map((s) => `${s.date},${s.text},${decimal(s.gross)}`)].join("\r\n");

  await page.goto(`${orgPath}/bank/${bank.account.id}`);
  await expect(page.getByRole("heading", { name: "Main checking" })).toBeVisible();
  await importStatement(page, { name: "june.csv", mimeType: "text/csv", buffer: Buffer.from(statement) }, 3, "2025-06-03 to 2025-06-17");
  const usd = (c: bigint) => money(c, "$");
  for (const s of sales) await categorize(page, bankRow(page, s, usd(s.gross)), "4000 Sales Revenue", s.code);

  // A San Diego customer's invoice typed by hand, its tax added to the price.
  const invoiceBase = 199999n;
  await openBooksSection(page, "Journal Entries");
  const invoiceTax = SD.map((r) => taxOn(invoiceBase, r));
  const invoice = await typeEntry(page, {
    description: "Invoice 1042, Del Mar patio set",
    date: "2025-06-24",
    lines: [
      ["1100 Accounts Receivable", decimal(invoiceBase + sum(invoiceTax)), ""],
      ["4000 Sales Revenue", "", decimal(invoiceBase), "CA-SD (San Diego County 7.75%)"],
    ],
    amounts: "exclusive",
  });
  await expect(invoice.getByTestId("total-credit")).toContainText(usd(invoiceBase + sum(invoiceTax)));
  await postTyped(page, invoice);
  await expect(page.getByText(/JE-\d+ saved and posted/).last()).toBeVisible();

  // Each sale's parts computed here: the gross's tax taken out at the combined rate, each jurisdiction's on the base.
  const parts = (gross: bigint, rates: bigint[]) => {
    const charged = taxInside(gross, sum(rates));
    const base = gross - charged;
    const each = rates.map((r) => taxOn(base, r));
    each[0] = each[0]! + charged - sum(each);
    return { base, each };
  };
  const booked = [
    ...sales.map((s) => ({ ...parts(s.gross, s.rates), rates: s.rates })),
    { base: invoiceBase, each: invoiceTax, rates: SD },
  ];
  const of = (rates: bigint[], i: number) => sum(booked.filter((b) => b.rates === rates).map((b) => b.each[i]!));
  const state = of(LA, 0) + of(SD, 0);
  const taxable = sum(booked.map((b) => b.base));
  const total = sum(booked.flatMap((b) => b.each));
  const zero = usd(0n);

  await page.goto(`${orgPath}/tax-return?from=2025-06-01&to=2025-06-30`);
  const boxes = page.getByRole("table", { name: "Boxes" });
  await expect(boxes).toBeVisible();
  expect(await figuresByRow(boxes)).toEqual({
    COUNTY: [zero, usd(of(LA, 1) + of(SD, 1))],
    DISTRICT: [zero, usd(of(LA, 2) + of(SD, 2))],
    GROSS: [usd(taxable), zero],
    STATE: [zero, usd(state)],
    TAXABLE: [usd(taxable), zero],
  });
  await expect(page.getByTestId("tax-return-net")).toContainText(`Net payable${usd(total)}`);
  // The jurisdictions: each has its own liability account, whose movement is the return's tax on it.
  const reconciliation = page.getByRole("table", { name: /Reconciliation with the tax accounts/ });
  const owed = (c: bigint) => [usd(-c), usd(-c), zero];
  expect(await figuresByRow(reconciliation)).toEqual({
    "2310": owed(state),
    "2311": owed(of(LA, 1)),
    "2312": owed(of(LA, 2)),
    "2313": owed(of(SD, 1)),
    "2314": owed(of(SD, 2)),
  });
  // By tax code: each code's taxable base, then each jurisdiction's base and tax; the two counties apart (the COUNTY box
  // adds them together).
  const byCode = page.getByRole("table", { name: /^By tax code/ });
  const rowOf = (name: string) => byCode.getByRole("row").filter({ has: page.getByRole("cell", { name, exact: true }) });
  const figures = async (row: Locator) => [...(await row.innerText()).matchAll(/-?\$[\d,]+\.\d\d/g)].map((m) => m[0]);
  const baseOf = (rates: bigint[]) => sum(booked.filter((b) => b.rates === rates).map((b) => b.base));
  expect(await figures(rowOf("CA-LA-2025"))).toEqual([usd(baseOf(LA))]);
  expect(await figures(rowOf("CA-SD"))).toEqual([usd(baseOf(SD))]);
  expect(await figures(rowOf("Los Angeles County (due)"))).toEqual([usd(baseOf(LA)), usd(of(LA, 1))]);
  expect(await figures(rowOf("San Diego County (due)"))).toEqual([usd(baseOf(SD)), usd(of(SD, 1))]);
  expect(await figures(rowOf("Los Angeles County districts (due)"))).toEqual([usd(baseOf(LA)), usd(of(LA, 2))]);
  expect(await figures(rowOf("San Diego County districts (due)"))).toEqual([usd(baseOf(SD)), usd(of(SD, 2))]);
  await expect(rowOf("California state (due)")).toHaveCount(2);

  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await shot(page, "tax-months-us-return", { widths: [390, 1280] });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAllFiguresShown(page, [boxes, byCode, reconciliation], "$");
    const county = byCode.getByRole("button", { name: /tax of San Diego County \(due\), tax code CA-SD/ });
    await county.scrollIntoViewIfNeeded();
    await expect(county).toBeInViewport({ ratio: 1 });
  }
  await shot(page, "tax-months-us-codes", { widths: [390, 1280], part: byCode.locator("xpath=ancestor::section[1]") });

  // San Diego County's tax drilled into: the sale from the bank and the invoice typed by hand, each with its county tax.
  await byCode.getByRole("button", { name: /tax of San Diego County \(due\), tax code CA-SD/ }).click();
  const lines = page.getByRole("dialog", { name: "CA-SD · San Diego County (due)" });
  const sdBooked = booked.filter((b) => b.rates === SD);
  const lineRows = lines.getByTestId("tax-box-lines").locator("tbody tr");
  await expect(lineRows).toHaveCount(sdBooked.length);
  const lineFigures = await lineRows.evaluateAll((trs) =>
    trs.map((tr) => [...(tr as HTMLElement).innerText.matchAll(/-?\$[\d,]+\.\d\d/g)].map((m) => m[0])),
  );
  expect(lineFigures).toEqual(sdBooked.map((b) => [usd(b.base), usd(b.each[1]!)]));
  await expect(lineRows.first()).toContainText("2025-06-10");
  await expect(lineRows.last()).toContainText("2025-06-24");
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await shot(page, "tax-months-us-county-lines", { widths: [390, 1280], part: lines });
  await page.keyboard.press("Escape");
  await expect(lines).toHaveCount(0);

  await page.getByRole("button", { name: "File return" }).click();
  const filing = page.getByRole("dialog", { name: "File the return" });
  await filing.getByLabel("Authority account").selectOption({ label: "2390 Sales tax owed to the CDTFA" });
  await filing.getByLabel("Name").fill("Sales tax return June 2025");
  await filing.getByRole("button", { name: "File", exact: true }).click();
  await expect(toast(page, "Sales tax return June 2025 filed")).toBeVisible();
  await expect(page.getByTestId("filed-tax-returns")).toContainText(`2025-06-01 to 2025-06-30 · net ${usd(total)}`);

  // Each jurisdiction's liability account settled to the authority's, which owes the return's net.
  for (const [code, tax] of [
    ["2310", state],
    ["2311", of(LA, 1)],
    ["2312", of(LA, 2)],
    ["2313", of(SD, 1)],
    ["2314", of(SD, 2)],
  ] as const)
    expect(await ledgerClosing(page, orgPath, acc[code]!, "2025-06-01", "2025-06-30"), code).toEqual([usd(tax), usd(tax), zero]);
  expect(await ledgerClosing(page, orgPath, authority, "2025-06-01", "2025-06-30")).toEqual([zero, usd(total), usd(total)]);
});

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

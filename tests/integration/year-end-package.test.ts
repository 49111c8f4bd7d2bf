import { sql } from "drizzle-orm";
import { unzipSync, strFromU8 } from "fflate";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/server/db/client.ts";
import { addMember } from "~/features/tenancy/organizations.server.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import { yearLedger } from "~/features/yearend/year-end-ledger.server.ts";
import type { YearEndPackage } from "~/features/yearend/year-end-package.types.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";
import { booksPath } from "../support/books.ts";
import { ledgerBalances } from "../support/ledger.ts";
import { pdfPages, pdfText } from "../support/pdf.ts";

/*
 * The year-end package for the tax preparer (decision 124): a closed fiscal year's PDF (a cover, the contents, each
 * part) and ZIP (that PDF and a CSV per part), kept as prepared. The year 2025 of one set of books holds a capital
 * entry, a machine bought and depreciated by an adjusting entry (dated in the year, posted after it), an invoice and a
 * bill open at the year's end, two suppliers marked as 1099 contractors paid above and below USD 600, one not marked
 * paid more, and a filed sales tax return. Figures are checked against Debian's ledger over the exported journal and
 * against plain arithmetic over the entries made here.
 */

type Files = Record<string, string>;
type Refusal = { error: string; fields?: Record<string, string> };

const csvOf = (text: string) => Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;
const cents = (d: string | undefined) => Math.round(Number(d || "0") * 100);

describe("the year-end package of a closed fiscal year", () => {
  let t: TestApp;
  let owner: TestUser;
  let viewer: TestUser;
  let org: number;
  const ids = new Map<string, number>();
  let closingEntry = "";
  let kept: YearEndPackage;
  let pdf: Buffer;
  let files: Files;

  const call = (path: string, init: RequestInit & { json?: unknown } = {}, user = owner) =>
    t.request(`${booksPath(org)}${path}`, { ...init, cookie: user.cookie });
  const ok = async <T>(res: Response | Promise<Response>): Promise<T> => {
    const r = await res;
    const text = await r.text();
    expect(r.status, text).toBeLessThan(300);
    return JSON.parse(text) as T;
  };
  const entry = (entry_date: string, description: string, lines: [string, string, string][], tax?: number) =>
    ok(
      call("/entries?post=true", {
        json: {
          description,
          entry_date,
          lines: lines.map(([code, debit, credit], i) => ({
            account_id: ids.get(code),
            debit_amount: debit || "0",
            credit_amount: credit || "0",
            ...(tax && i === 1 ? { tax_code_id: tax } : {}),
          })),
        },
      }),
    );
  const contact = async (name: string, o: Record<string, unknown> = {}) =>
    (await ok<{ contact: { id: number } }>(call("/contacts", { json: { name, ...o } }))).contact.id;
  const document = async (kind: string, contactId: number, date: string, amount: string, code: string) => {
    const { document: d } = await ok<{ document: { id: number } }>(
      call("/documents", {
        json: {
          kind,
          contact_id: contactId,
          issue_date: date,
          lines: [{ description: "Work", quantity: "1", unit_price: amount, account_id: ids.get(code) }],
        },
      }),
    );
    return (await ok<{ document: { item_id: number } }>(call(`/documents/${d.id}/approve`, { method: "POST" }))).document.item_id;
  };
  const payBill = (contactId: number, item: number, date: string, amount: string) =>
    ok(
      call("/payments", {
        json: {
          contact_id: contactId,
          side: "payable",
          direction: "out",
          date,
          account_id: ids.get("1000"),
          amount,
          allocations: [{ item_id: item, amount }],
        },
      }),
    );
  const prepare = (fiscal_year: unknown, user = owner) => call("/year-end/packages", { json: { fiscal_year } }, user);
  const download = async (p: YearEndPackage, kind: "pdf" | "zip", user = owner) => {
    const res = await call(`/year-end/packages/${p.id}/${kind}`, {}, user);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="year_end_package_${p.fiscal_year}.${kind}"`);
    return Buffer.from(await res.arrayBuffer());
  };
  const unzip = (zip: Buffer): Files =>
    Object.fromEntries(Object.entries(unzipSync(new Uint8Array(zip))).map(([k, v]) => [k, k.endsWith(".pdf") ? "" : strFromU8(v)]));
  const file = (suffix: string) => {
    const name = Object.keys(files).find((k) => k.endsWith(suffix));
    expect(name, `${suffix} in ${Object.keys(files).join(", ")}`).toBeDefined();
    return files[name!]!;
  };
  /** Each account's balance (debit − credit, cents) by Debian's ledger over the exported journal, up to 2025-12-31, without some entries. */
  const ledgerUpToYearEnd = async (without: string[]) => {
    const journal = await (await t.request(`/api/books-csv/${org}/journal.csv`, { cookie: owner.cookie })).text();
    const rows = csvOf(journal).filter((r) => r.date! <= "2025-12-31" && !without.includes(r.entry!));
    return ledgerBalances(Papa.unparse(rows));
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createSignedInUser(t, { companyName: "Harbor Joinery" });
    viewer = await createSignedInUser(t, { companyName: "Viewer Co" });
    org = ((await (await t.request("/api/accounting/orgs", { cookie: owner.cookie })).json()) as { organizations: { id: number }[] })
      .organizations[0]!.id;
    await addMember(t.ctx.db, org, viewer.id, "viewer");
    await ok(
      call("/accounts", {
        json: { account_code: "1510", account_name: "Accumulated Depreciation", account_type: "Asset", detail_type: "fixed_asset" },
      }),
    );
    await ok(call("/accounts", { json: { account_code: "6300", account_name: "Depreciation Expense", account_type: "Expense" } }));
    for (const a of (await ok<{ accounts: { id: number; account_code: string }[] }>(call("/accounts"))).accounts)
      ids.set(a.account_code, a.id);
    await ok(
      t.request(`/api/bank/${org}/accounts`, {
        cookie: owner.cookie,
        json: { name: "Checking", kind: "bank", account_id: ids.get("1000"), currency: "USD" },
      }),
    );

    await entry("2025-01-02", "Owner's capital", [
      ["1000", "50000.00", ""],
      ["3000", "", "50000.00"],
    ]);
    await entry("2025-02-01", "Planer bought", [
      ["1500", "12000.00", ""],
      ["1000", "", "12000.00"],
    ]);
    // Customers and suppliers: an invoice and a bill open at the year's end; three suppliers paid in full.
    await document("invoice", await contact("Open Customer", { payment_terms_days: 30 }), "2025-11-15", "3000.00", "4100");
    await document("bill", await contact("Open Supplier", { is_customer: false, is_supplier: true }), "2025-12-10", "800.00", "6200");
    const supplier = { is_customer: false, is_supplier: true };
    const alpha = await contact("Alpha Design", { ...supplier, is_1099_contractor: true, tax_id: "12-3456789" });
    const beta = await contact("Beta Cleaning", { ...supplier, is_1099_contractor: true });
    const gamma = await contact("Gamma Supplies", supplier);
    await payBill(alpha, await document("bill", alpha, "2025-03-10", "900.00", "6100"), "2025-04-01", "900.00");
    await payBill(beta, await document("bill", beta, "2025-05-05", "450.00", "6200"), "2025-05-20", "450.00");
    await payBill(gamma, await document("bill", gamma, "2025-06-02", "1500.00", "5000"), "2025-06-15", "1500.00");
    // A sale with 20% sales tax in June, and June's return filed.
    const { tax_code } = await ok<{ tax_code: { id: number } }>(
      call("/tax-codes", {
        json: {
          code: "ST20",
          name: "Sales tax 20%",
          kind: "output",
          base_boxes: ["01"],
          parts: [{ name: "Sales tax", rate: "20", role: "due", account_id: ids.get("2100"), boxes: ["54"] }],
        },
      }),
    );
    await entry(
      "2025-06-10",
      "Taxed sale",
      [
        ["1000", "120.00", ""],
        ["4000", "", "100.00"],
      ],
      tax_code.id,
    );
    await ok(
      call("/tax-returns", {
        json: { period_start: "2025-06-01", period_end: "2025-06-30", authority_account_id: ids.get("2500"), name: "Return 2025-06" },
      }),
    );
    // Everything so far was posted in its own year: the day it is dated (the books posted it then).
    await t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(
        sql`update journal_entries set posted_at = entry_date::timestamp + interval '12 hours' where organization_id = ${org}`,
      );
    });
    // The adjusting entry: the year's depreciation, dated on its last day and posted now, after it.
    await entry("2025-12-31", "Depreciation 2025", [
      ["6300", "2400.00", ""],
      ["1510", "", "2400.00"],
    ]);
  });
  afterAll(() => t?.close());

  it("refuses a year that is not closed, naming it, and prepares nothing", async () => {
    for (const year of [2025, 2026]) {
      const res = await prepare(year);
      const body = (await res.json()) as Refusal;
      expect(res.status).toBe(400);
      expect(body.fields?.fiscal_year).toBe(
        `The fiscal year ${year} is not closed: close it in the Closing section before preparing its year-end package`,
      );
    }
    expect((await prepare("2025")).status).toBe(400);
    expect(await queryRows(t.ctx.db, sql`select 1 from year_end_packages where organization_id = ${org}`)).toEqual([]);
  });

  it("prepares a closed year's PDF and ZIP, kept and listed; a viewer reads them and may not prepare", async () => {
    const closed = await ok<{ year_end: { closes: { entry_number: string }[] } }>(
      call("/year-end/close", { json: { fiscal_year: 2025, reason: "2025 handed to the preparer" } }),
    );
    closingEntry = closed.year_end.closes[0]!.entry_number;
    const res = await prepare(2025);
    expect(res.status).toBe(201);
    kept = ((await res.json()) as { package: YearEndPackage }).package;
    expect(kept).toMatchObject({
      fiscal_year: 2025,
      start: "2025-01-01",
      end: "2025-12-31",
      pdf_file_name: "year_end_package_2025.pdf",
      zip_file_name: "year_end_package_2025.zip",
    });
    expect((await ok<{ packages: YearEndPackage[] }>(call("/year-end/packages", {}, viewer))).packages).toEqual([kept]);
    pdf = await download(kept, "pdf", viewer);
    expect(pdf.length).toBe(kept.pdf_size_bytes);
    const zip = await download(kept, "zip", viewer);
    expect(zip.length).toBe(kept.zip_size_bytes);
    files = unzip(zip);
    expect(Buffer.from(unzipSync(new Uint8Array(zip))["year_end_package_2025.pdf"]!).equals(pdf)).toBe(true);
    expect((await prepare(2025, viewer)).status).toBe(403);
    const audit = await queryRows<{ after: { fiscal_year: number } }>(
      t.ctx.db,
      sql`select after from audit_log where action = 'books.year_end_package_prepared'`,
    );
    expect(audit.map((a) => a.after.fiscal_year)).toEqual([2025]);
  });

  it("opens with a cover and a contents page naming each part and the page it starts on", () => {
    const pages = pdfPages(pdf);
    expect(pages[0]).toContain("Harbor Joinery Year-end package for the tax preparer Fiscal year 2025");
    expect(pages[0]).toContain(`Year closed:`);
    expect(pages[0]).toContain(closingEntry);
    expect(pages[1]).toMatch(/^Contents /);
    const parts = [
      "Trial balance before adjustments",
      "Adjusting entries",
      "Trial balance after adjustments",
      "Profit & Loss",
      "Balance Sheet",
      "Statement of Cash Flows",
      "General ledger",
      "Fixed assets and depreciation",
      "Receivables at year end",
      "Payables at year end",
      "Payments to 1099 contractors",
      "Tax returns filed",
    ];
    let last = 2;
    for (const part of parts) {
      const at = new RegExp(`${part.replace(/[&]/g, "\\&")} Page (\\d+)`).exec(pages[1]!);
      expect(at, part).not.toBeNull();
      const page = Number(at![1]);
      expect(page).toBeGreaterThan(last);
      last = page;
      expect(pages[page - 1], `${part} on page ${page}`).toMatch(new RegExp(`^Harbor Joinery ${part.replace(/[&]/g, "\\&")} `));
    }
    expect(pages.at(-1)).toContain(`Page ${pages.length} of ${pages.length}`);
  });

  it("has trial balances after and before adjustments equal to ledger's balances of the journal without the closing entry", async () => {
    const adjusting = csvOf(file("adjusting_entries.csv"));
    expect(adjusting.map((r) => [r.Date, r["Account Code"], r.Debit, r.Credit])).toEqual([
      ["2025-12-31", "6300", "2400.00", "0.00"],
      ["2025-12-31", "1510", "0.00", "2400.00"],
    ]);
    const adjustingEntry = adjusting[0]!.Entry!;
    for (const [name, without] of [
      ["trial_balance_after_adjustments.csv", [closingEntry]],
      ["trial_balance_before_adjustments.csv", [closingEntry, adjustingEntry]],
    ] as const) {
      const expected = await ledgerUpToYearEnd([...without]);
      const rows = csvOf(file(name)).filter((r) => r["Account Code"]);
      const got = new Map(rows.map((r) => [r["Account Code"]!, cents(r["Closing Debit"]) - cents(r["Closing Credit"])]));
      for (const [code, balance] of expected) if (balance !== 0) expect(got.get(code), `${name} ${code}`).toBe(balance);
      for (const [code, balance] of got) expect(expected.get(code) ?? 0, `${name} ${code}`).toBe(balance);
    }
    const before = csvOf(file("trial_balance_before_adjustments.csv"));
    expect(before.find((r) => r["Account Code"] === "6300")).toBeUndefined();
    expect(pdfText(pdf)).toContain("Entries dated in the year and posted after its last day (December 31, 2025)");
  });

  it("lists the fixed assets, what is owed both ways at the year's end, the 1099 contractors over USD 600 and the return", () => {
    const assets = csvOf(file("fixed_assets.csv"));
    const row = (code: string) => assets.find((r) => r["Account Code"] === code)!;
    expect([
      row("1500").Section,
      row("1500")["Start of Year"],
      row("1500").Additions,
      row("1500")["Disposals and Depreciation"],
      row("1500")["End of Year"],
    ]).toEqual(["Cost", "0.00", "12000.00", "0.00", "12000.00"]);
    expect([row("1510").Section, row("1510")["End of Year"], row("1510")["Disposals and Depreciation"]]).toEqual([
      "Accumulated depreciation",
      "-2400.00",
      "2400.00",
    ]);
    const text = pdfText(pdf);
    expect(text).toContain(`Net book value $0.00 $${(12000 - 2400).toLocaleString("en-US")}.00`);
    expect(text).toContain("Depreciation expense for the year $2,400.00");

    expect(csvOf(file("receivables.csv")).map((r) => [r.Contact, r.Total])).toEqual([
      ["Open Customer", "3000.00"],
      ["Total", "3000.00"],
    ]);
    expect(csvOf(file("payables.csv")).map((r) => [r.Contact, r.Total])).toEqual([
      ["Open Supplier", "800.00"],
      ["Total", "800.00"],
    ]);

    expect(csvOf(file("contractors_1099.csv"))).toEqual([
      { Contractor: "Alpha Design", "Tax ID": "12-3456789", Payments: "1", Paid: "900.00" },
    ]);
    const contractors = pdfPages(pdf).find((p) => p.startsWith("Harbor Joinery Payments to 1099 contractors"))!;
    expect(contractors).toContain("Alpha Design 12-3456789 1 $900.00 Total $900.00");
    expect(contractors).not.toContain("Beta Cleaning");
    expect(contractors).not.toContain("Gamma Supplies");
    expect(contractors).toContain("1 other contractor was paid less than $600.00 in 2025, and is not listed.");

    expect(csvOf(file("tax_returns.csv")).map((r) => [r.Return, r["Period Start"], r["Period End"], r.Net])).toEqual([
      ["Return 2025-06", "2025-06-01", "2025-06-30", "20.00"],
    ]);
    expect(text).toContain("Return 2025-06 2025-06-01 to 2025-06-30");
  });

  it("holds the year's general ledger: every posted line dated in the year, the closing entry's too", async () => {
    const journal = csvOf(await (await t.request(`/api/books-csv/${org}/journal.csv`, { cookie: owner.cookie })).text()).filter(
      (r) => r.date! <= "2025-12-31",
    );
    const ledger = csvOf(file("general_ledger.csv")).filter((r) => r.Entry);
    expect(ledger.length).toBe(journal.length);
    expect(new Set(ledger.map((r) => r.Entry))).toEqual(new Set(journal.map((r) => r.entry)));
  });

  it("leaves a general ledger longer than the PDF's room to the ZIP's CSV, which still holds every line", async () => {
    const m = {
      userId: owner.id,
      organizationId: org,
      organizationName: "Harbor Joinery",
      currency: "USD",
      role: "owner",
      side: "client",
      firmKeeps: false,
    } as Membership;
    const year = { fiscal_year: 2025, start: "2025-01-01", end: "2025-12-31", label: "2025" };
    const ledger = await yearLedger(t.ctx.db, m, year, 3);
    expect(ledger.lines).toBeGreaterThan(3);
    expect(ledger.print.rows).toEqual([
      {
        kind: "note",
        text: `The year has ${ledger.lines} general ledger lines, more than this PDF holds with the other parts: they are in the package's ZIP, general_ledger.csv.`,
      },
    ]);
    expect(ledger.file).toBe("general_ledger.csv");
    expect(csvOf(ledger.csv).filter((r) => r.Entry).length).toBe(ledger.lines);
  });

  it("keeps a package as prepared: reopened, changed and closed again, the year has a new package beside the old one", async () => {
    await ok(call("/year-end/reopen", { json: { fiscal_year: 2025, reason: "A late repair" } }));
    expect((await prepare(2025)).status).toBe(400);
    await entry("2025-12-20", "Planer repaired", [
      ["6200", "300.00", ""],
      ["1000", "", "300.00"],
    ]);
    expect((await download(kept, "pdf")).equals(pdf)).toBe(true);
    await ok(call("/year-end/close", { json: { fiscal_year: 2025, reason: "2025 again" } }));
    const again = ((await (await prepare(2025)).json()) as { package: YearEndPackage }).package;
    const listed = (await ok<{ packages: YearEndPackage[] }>(call("/year-end/packages"))).packages;
    expect(listed.map((p) => p.id)).toEqual([again.id, kept.id]);
    const newer = unzip(await download(again, "zip"));
    expect(newer[Object.keys(newer).find((k) => k.endsWith("adjusting_entries.csv"))!]).toContain("Planer repaired");
    expect(file("adjusting_entries.csv")).not.toContain("Planer repaired");
  });
});

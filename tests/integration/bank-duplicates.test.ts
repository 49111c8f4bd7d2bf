import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BankAccount, BankLine, ReconciliationView, StatementPreview } from "~/features/bank/bank.types.ts";
import { queryRows } from "~/server/db/client.ts";
import { bankCalls, bankFixture as fixture } from "../support/bank.ts";
import { firstBooks } from "../support/books.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

/*
 * Issue 38: the same account's CSV, then its MT940 for the same days (the fixtures' VR-Teilhaberbank pair: the same
 * five movements, three of them with other texts). The three looked new, were imported, and the account could never
 * reconcile (−852.82 against the bank's −341.91). Now they are flagged beside the lines they repeat and skipped unless
 * kept; any unreconciled line can be excluded with a reason and brought back; and a file naming another account than
 * the bank account's number is imported only when that is confirmed.
 */

const IBAN = "DE89 3704 0044 0532 0130 00";
const MT940_ACCOUNT = "76069559/0003267288";

/** An MT940 statement of `account` in EUR: lines (YYMMDD, C or D, amount) between an opening and a closing. */
const mt940 = (account: string, opening: string, lines: [string, string, string][], closing: string) =>
  Buffer.from(
    [
      ":20:STARTUMS",
      `:25:${account}`,
      ":28C:1",
      `:60F:${opening.replace(" ", "EUR")}`,
      ...lines.flatMap(([date, sign, amount], i) => [`:61:${date}${date.slice(2)}${sign}${amount}NTRFNONREF`, `:86:Line ${i + 1}`]),
      `:62F:${closing.replace(" ", "EUR")}`,
      "-",
      "",
    ].join("\r\n"),
  );

describe("duplicates across formats are flagged, lines can be excluded, another account's file is confirmed", () => {
  let t: TestApp;
  let owner: TestUser;
  let books: string;
  let bankOrg: string;
  let bank: string;
  let codes: Record<string, number>;
  const { call, ok, openBank } = bankCalls(() => ({ t, user: owner, books, bankOrg }));
  const newBank = async (code: string, number?: string) => (await openBank(code, `Bank ${code}`, number)).path;
  const csv = fixture("csv/rechnungspilot-vr-teilhaberbank.csv");
  const mta = fixture("mt940/rechnungspilot-vr-teilhaberbank.mta");

  const refused = async (res: Promise<Response>, status: number) => ok<{ error: string; fields?: Record<string, string> }>(res, status);
  const upload = (p: string, bytes: Buffer) =>
    call(p, { method: "POST", body: new Uint8Array(bytes), headers: { "content-type": "application/octet-stream" } });
  const imported = (p: string, bytes: Buffer) =>
    ok<{ imported: number; duplicates: number; likely_skipped: number; number_stored: string | null; message: string }>(upload(p, bytes));
  const lines = async (show: string, at = bank) => ok<{ lines: BankLine[]; total: number }>(call(`${at}/lines?show=${show}`));
  const account = async (at = bank) => (await ok<{ account: BankAccount }>(call(at))).account;
  const view = (date = "") => ok<ReconciliationView>(call(`${bank}/reconciliation${date ? `?date=${date}` : ""}`));
  const rulesWouldPost = async () => (await ok<{ lines: number }>(call(`${bank}/apply-rules`))).lines;
  const sum = (ls: BankLine[]) => (ls.reduce((s, l) => s + Math.round(Number(l.amount) * 100), 0) / 100).toFixed(2);

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createSignedInUser(t, { companyName: "Duplicates Co" });
    books = await firstBooks(t)(owner.cookie);
    bankOrg = `/api/bank/${books.split("/").pop()}`;
    await ok(call(`${books}/currency`, { method: "PUT", json: { currency: "EUR" } }));
    const { accounts } = await ok<{ accounts: { id: number; account_code: string }[] }>(call(`${books}/accounts`));
    codes = Object.fromEntries(accounts.map((a) => [a.account_code, a.id]));
    // The account's IBAN, as the CSV's rows name it.
    bank = await newBank("1010", IBAN);
  });
  afterAll(() => t.close());

  it("the CSV then the MT940 of the same days: three likely duplicates beside their lines, skipped; the account reconciles", async () => {
    expect(await imported(`${bank}/statements?name=vr.csv`, csv)).toMatchObject({ imported: 5, message: "5 transactions imported" });

    const preview = await ok<StatementPreview>(upload(`${bank}/statements/preview?name=vr.mta`, mta));
    expect(preview).toMatchObject({ new_lines: 0, duplicates: 2, likely_count: 3 });
    expect(
      preview.likely_duplicates.map((d) => [d.index, d.date, d.amount, d.existing.date, d.existing.amount, d.existing.file_name]),
    ).toEqual([
      [0, "2025-11-27", "-17.90", "2025-11-27", "-17.90", "vr.csv"],
      [2, "2025-12-01", "-39.90", "2025-12-01", "-39.90", "vr.csv"],
      [3, "2025-12-01", "-453.11", "2025-12-01", "-453.11", "vr.csv"],
    ]);
    // Other texts: the same movements as the bank's two exports write them.
    expect(preview.likely_duplicates[2]!.description).toMatch(/059254925\/Leben/);
    expect(preview.likely_duplicates[2]!.existing.description).toMatch(/059254925\/HDI Leben/);
    expect(preview.lines.filter((l) => l.likely).map((l) => l.index)).toEqual([0, 2, 3]);
    expect(preview.account_check).toEqual({
      file: MT940_ACCOUNT,
      bank: IBAN,
      status: "different",
      message: `This file is for account ${MT940_ACCOUNT}; this bank account is ${IBAN}`,
    });

    // Another account's number: refused until confirmed, naming the field.
    const unconfirmed = await refused(upload(`${bank}/statements?name=vr.mta`, mta), 400);
    expect(unconfirmed.fields?.confirm_account).toBe(
      `This file is for account ${MT940_ACCOUNT}; this bank account is ${IBAN}: confirm that it belongs here to import it`,
    );
    expect(await imported(`${bank}/statements?name=vr.mta&confirm_account=true`, mta)).toMatchObject({
      imported: 0,
      duplicates: 2,
      likely_skipped: 3,
      message: "Nothing imported from vr.mta: 2 imported before, 3 skipped as likely duplicates",
    });

    const all = await lines("all");
    expect(all.total).toBe(5);
    expect(sum(all.lines)).toBe("-341.91");
    await ok(call(`${bank}/categorize`, { json: { bank_line_ids: all.lines.map((l) => l.id), account_id: codes["6200"] } }), 201);
    expect(await view()).toMatchObject({
      statement_date: "2025-12-01",
      start: { balance: "15188.85", file_name: "vr.csv" },
      statement_balance: "14846.94",
      cleared_balance: "14846.94",
      difference: "0.00",
      unmatched_lines: 0,
    });
    await ok(call(`${bank}/reconciliations`, { json: { statement_date: "2025-12-01", statement_balance: "14846.94" } }), 201);
  });

  it("a likely duplicate kept on import is excluded with a reason: it counts nowhere until brought back (audited)", async () => {
    const kept = await imported(`${bank}/statements?name=vr.mta&confirm_account=true&keep=3`, mta);
    expect(kept).toMatchObject({
      imported: 1,
      likely_skipped: 2,
      message: "1 transaction imported, 2 already imported, 2 skipped as likely duplicates",
    });
    const [line] = (await lines("unmatched")).lines;
    expect(line).toMatchObject({ date: "2025-12-01", amount: "-453.11", excluded: null });
    const id = line!.id;
    // A payment in the books that fits it, and a rule that would post it.
    const { entry } = await ok<{ entry: { id: number } }>(
      call(`${books}/entries`, {
        json: {
          description: "Life insurance 059254925",
          entry_date: "2025-12-02",
          reference: "",
          lines: [
            { account_id: codes["6200"], debit_amount: "453.11", credit_amount: "0" },
            { account_id: (await account()).account_id, debit_amount: "0", credit_amount: "453.11" },
          ],
        },
      }),
      201,
    );
    await ok(call(`${books}/entries/${entry.id}/post`, { method: "POST" }));
    const rule = { name: "Insurance", field: "text", operator: "contains", value: "059254925", direction: "any" };
    await ok(call(`${bankOrg}/rules`, { json: { ...rule, account_id: codes["6200"], bank_account_id: null } }), 201);
    const counting = async () => ({
      unmatched: (await account()).unmatched,
      listed: (await lines("unmatched")).total,
      suggested: (await lines("unmatched")).lines[0]?.suggestion?.entry_id ?? null,
      reconcile: (await view("2025-12-31")).unmatched_lines,
      rules: await rulesWouldPost(),
    });
    expect(await counting()).toEqual({ unmatched: 1, listed: 1, suggested: entry.id, reconcile: 1, rules: 1 });

    const empty = await refused(call(`${bank}/lines/${id}/exclude`, { json: { reason: " " } }), 400);
    expect(empty.fields?.reason).toBe("Reason is required");
    const excluded = await ok<{ line_id: number; excluded: { reason: string; by: string | null } }>(
      call(`${bank}/lines/${id}/exclude`, { json: { reason: "The CSV's line of the same payment" } }),
    );
    expect(excluded).toMatchObject({ line_id: id, excluded: { reason: "The CSV's line of the same payment" } });
    expect(excluded.excluded.by).toBeTruthy();

    expect(await counting()).toEqual({ unmatched: 0, listed: 0, suggested: null, reconcile: 0, rules: 0 });
    expect(await account()).toMatchObject({ lines: 5, excluded: 1 });
    const shown = await lines("excluded");
    expect(shown.lines.map((l) => [l.id, l.excluded?.reason, l.suggestion, l.rule])).toEqual([
      [id, "The CSV's line of the same payment", null, null],
    ]);
    expect(sum((await lines("all")).lines)).toBe("-341.91");
    expect((await refused(call(`${bank}/lines/${id}/exclude`, { json: { reason: "again" } }), 409)).error).toBe(
      "This line is excluded already",
    );
    const ledger = (
      await ok<{ candidates: { ledger_line_id: number; entry_id: number }[] }>(call(`${bank}/lines/${id}/candidates`))
    ).candidates.find((c) => c.entry_id === entry.id)!.ledger_line_id;
    const match = { bank_line_ids: [id], ledger_line_ids: [ledger] };
    expect((await refused(call(`${bank}/matches`, { json: match }), 409)).error).toBe("A statement line is excluded: bring it back first");
    expect((await refused(call(`${bank}/questions`, { json: { bank_line_id: id } }), 409)).error).toBe(
      "This line is excluded: bring it back first",
    );

    const restored = await ok<{ excluded: null }>(call(`${bank}/lines/${id}/restore`, { method: "POST" }));
    expect(restored).toEqual({ line_id: id, excluded: null });
    expect(await counting()).toEqual({ unmatched: 1, listed: 1, suggested: entry.id, reconcile: 1, rules: 1 });
    expect((await refused(call(`${bank}/lines/${id}/restore`, { method: "POST" }), 409)).error).toBe("This line is not excluded");

    const audit = await queryRows<{ action: string; reason: string | null }>(
      t.ctx.db,
      sql`select action, coalesce(after ->> 'reason', before ->> 'reason') as reason from audit_log
           where target_type = 'bank_line' and target_id = ${String(id)} order by id`,
    );
    expect(audit).toEqual([
      { action: "bank_line.excluded", reason: "The CSV's line of the same payment" },
      { action: "bank_line.restored", reason: "The CSV's line of the same payment" },
    ]);

    // Matched, it cannot be excluded until the match is undone; a reconciled line not until its reconciliation is.
    const { match_id } = await ok<{ match_id: number }>(call(`${bank}/matches`, { json: match }), 201);
    expect((await refused(call(`${bank}/lines/${id}/exclude`, { json: { reason: "Duplicate" } }), 409)).error).toBe(
      "This line is matched: undo its match before excluding it",
    );
    const reconciled = (await lines("matched")).lines.find((l) => l.reconciled)!;
    expect((await refused(call(`${bank}/lines/${reconciled.id}/exclude`, { json: { reason: "Duplicate" } }), 409)).error).toBe(
      "This line is reconciled: undo the reconciliation, then its match, before excluding it",
    );
    await ok(call(`${bank}/matches/${match_id}`, { method: "DELETE" }));
    await ok(call(`${bank}/lines/${id}/exclude`, { json: { reason: "Duplicate of the CSV's line" } }));
    expect(await account()).toMatchObject({ unmatched: 0, lines: 5, excluded: 1 });
  });

  it("a statement whose every line is excluded states nothing: another account's file imported by mistake", async () => {
    const other = mt940(
      "NL91ABNA0417164300",
      "C251001 500,00",
      [
        ["251005", "D", "12,34"],
        ["251006", "C", "56,78"],
      ],
      "C251031 544,44",
    );
    const unconfirmed = await refused(upload(`${bank}/statements?name=other.sta`, other), 400);
    expect(unconfirmed.fields?.confirm_account).toBe(
      `This file is for account NL91 ABNA 0417 1643 00; this bank account is ${IBAN}: confirm that it belongs here to import it`,
    );
    await imported(`${bank}/statements?name=other.sta&confirm_account=true`, other);
    expect((await view("2025-12-31")).start).toMatchObject({ file_name: "other.sta", balance: "500.00" });
    for (const l of (await lines("unmatched")).lines.filter((x) => x.date < "2025-11-01"))
      await ok(call(`${bank}/lines/${l.id}/exclude`, { json: { reason: "Another account's statement" } }));
    expect((await view("2025-12-31")).start).toMatchObject({ file_name: "vr.csv", balance: "15188.85" });
    expect(await account()).toMatchObject({ unmatched: 0, excluded: 3 });
  });

  it("a bank account without a number keeps the one its first statement names; dates more than 3 days apart are no duplicate", async () => {
    const second = await newBank("1020");
    const first = mt940(
      MT940_ACCOUNT,
      "C251001 100,00",
      [
        ["251001", "D", "10,00"],
        ["251001", "D", "20,00"],
      ],
      "C251001 70,00",
    );
    expect((await ok<StatementPreview>(upload(`${second}/statements/preview?name=a.sta`, first))).account_check).toMatchObject({
      status: "stored",
      message: `This file is for account ${MT940_ACCOUNT}: kept as this bank account's number on import.`,
    });
    expect(await imported(`${second}/statements?name=a.sta`, first)).toMatchObject({
      imported: 2,
      number_stored: MT940_ACCOUNT,
      message: `2 transactions imported; account number ${MT940_ACCOUNT} kept for this bank account`,
    });
    expect((await account(second)).number).toBe(MT940_ACCOUNT);

    // Two payments of 10.00 against the one already there: the nearer is flagged; 20.00 four days on is new.
    const next = mt940(
      "0003267288",
      "C251002 70,00",
      [
        ["251002", "D", "10,00"],
        ["251004", "D", "10,00"],
        ["251005", "D", "20,00"],
      ],
      "C251005 30,00",
    );
    const preview = await ok<StatementPreview>(upload(`${second}/statements/preview?name=b.sta`, next));
    expect(preview.account_check.status).toBe("same");
    expect(preview).toMatchObject({ new_lines: 2, duplicates: 0, likely_count: 1 });
    expect(preview.likely_duplicates.map((d) => [d.date, d.amount, d.existing.date])).toEqual([["2025-10-02", "-10.00", "2025-10-01"]]);
    expect(await imported(`${second}/statements?name=b.sta&likely=import`, next)).toMatchObject({ imported: 3, likely_skipped: 0 });
  });
});

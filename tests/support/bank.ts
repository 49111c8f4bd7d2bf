import { readFileSync } from "node:fs";
import path from "node:path";
import type { TestApp, TestUser } from "./test-app.ts";

/** Statement files banks wrote (the fixtures' README gives their figures), read where they are: never copied here. */
export const BANK_FIXTURES = path.resolve(import.meta.dirname, "../../../shared/fixtures/bank");

/** The bytes of a bank fixture, by its path under bank/ (`mt940/…`). */
export const bankFixture = (name: string) => readFileSync(path.join(BANK_FIXTURES, name));

/** Cents as the decimal text a statement file writes ("-12.30"). */
export const decimal = (c: number) => `${c < 0 ? "-" : ""}${Math.floor(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, "0")}`;

/**
 * A signed-in member's calls to the books and the bank of her first organization, as the bank's tests make them:
 * `call` sends a request with her cookie, `ok` reads its JSON and fails the test on any other status than expected,
 * `openBank` adds an Asset account to the chart and a bank account kept in it.
 */
export function bankCalls(at: () => { t: TestApp; user: TestUser; books: string; bankOrg: string }) {
  let seq = 0;
  const call = (p: string, init: RequestInit & { json?: unknown } = {}) => at().t.request(p, { ...init, cookie: at().user.cookie });
  const ok = async <T>(res: Promise<Response>, status = 200): Promise<T> => {
    const r = await res;
    const body = (await r.json()) as T;
    if (r.status !== status) throw new Error(`expected ${status}, got ${r.status}: ${JSON.stringify(body)}`);
    return body;
  };
  /** A code not used before in this test file ("PB-3"), for an account of the chart. */
  const unique = (prefix: string) => `${prefix}-${++seq}`;
  /** A new Asset account of the chart (its code and name) and a bank account of the same name kept in it. */
  async function openBank(code: string, name: string, number?: string) {
    const { books, bankOrg } = at();
    const { account } = await ok<{ account: { id: number } }>(
      call(`${books}/accounts`, { json: { account_code: code, account_name: name, account_type: "Asset" } }),
      201,
    );
    const created = await ok<{ account: { id: number } }>(
      call(`${bankOrg}/accounts`, { json: { name, kind: "bank", account_id: account.id, ...(number ? { number } : {}) } }),
      201,
    );
    return { path: `${bankOrg}/accounts/${created.account.id}`, id: created.account.id, accountId: account.id };
  }
  return { call, ok, openBank, unique };
}

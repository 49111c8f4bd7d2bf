import { describe, expect, it } from "vitest";
import { booksAbilities, canBooks } from "./books-permissions.ts";
import { type BooksStanding } from "./tenancy.types.ts";

const member = (role: BooksStanding["role"], side: BooksStanding["side"], firmKeeps: boolean): BooksStanding => ({ role, side, firmKeeps });

describe("the books' permissions", () => {
  it("books a client keeps herself: her owner and accountants do all the work, a viewer reads", () => {
    const owner = member("owner", "client", false);
    for (const p of ["books.write", "books.lock", "books.close", "books.import", "books.rules", "books.accounts.delete"] as const)
      expect(canBooks(owner, p)).toBe(true);
    expect(canBooks(member("accountant", "client", false), "books.lock")).toBe(true);
    expect(booksAbilities(member("viewer", "client", false))).toMatchObject({
      "books.read": true,
      "books.write": false,
      "books.lock": false,
    });
  });

  it("books the firm keeps: locking, closing, importing, rules and deleting accounts are the firm's", () => {
    const owner = member("owner", "client", true);
    for (const p of ["books.lock", "books.close", "books.import", "books.rules", "books.accounts.delete"] as const) {
      expect(canBooks(owner, p)).toBe(false);
      expect(canBooks(member("accountant", "firm", true), p)).toBe(true);
    }
    expect(canBooks(owner, "books.members.manage")).toBe(true);
    expect(canBooks(owner, "books.questions.answer")).toBe(true);
    expect(canBooks(owner, "books.requests.answer")).toBe(true);
    expect(canBooks(owner, "books.requests.send")).toBe(false);
  });

  it("a firm's member demoted to viewer acts for nobody", () => {
    const demoted = member("viewer", "firm", true);
    const can = booksAbilities(demoted);
    expect(Object.entries(can).filter(([, yes]) => yes)).toEqual([["books.read", true]]);
  });
});

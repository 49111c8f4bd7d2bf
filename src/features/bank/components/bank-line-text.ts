import type { BankLine } from "../bank.types.ts";

/** The payee the file names apart from the bank's text, unless that text already says it; else null. */
export function payeeOf(line: Pick<BankLine, "payee" | "description">): string | null {
  const payee = line.payee?.trim();
  return payee && !line.description.toLowerCase().includes(payee.toLowerCase()) ? payee : null;
}

/** A statement line in one run of text: its date, payee, the bank's text and its amount (`money`: the books' formatter). */
export const lineSummary = (line: BankLine, money: (v: string) => string) =>
  [line.date, payeeOf(line), line.description, money(line.amount)].filter(Boolean).join(" · ");

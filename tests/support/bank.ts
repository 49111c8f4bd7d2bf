import { readFileSync } from "node:fs";
import path from "node:path";

/** Statement files banks wrote (the fixtures' README gives their figures), read where they are: never copied here. */
export const BANK_FIXTURES = path.resolve(import.meta.dirname, "../../../shared/fixtures/bank");

/** The bytes of a bank fixture, by its path under bank/ (`mt940/…`). */
export const bankFixture = (name: string) => readFileSync(path.join(BANK_FIXTURES, name));

export { guessBankCsv } from "./bank-statement-csv-layout.ts";

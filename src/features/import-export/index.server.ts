export { bodyChunks, CsvReadError, readCsv, type ReadOptions } from "./import-csv.server.ts";

export { reportPdf } from "./report-pdf.server.ts";

export { reportPdf, reportsPdf } from "./report-pdf.server.ts";

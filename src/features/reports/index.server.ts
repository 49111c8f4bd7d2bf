export { reportPdf, reportsPdf } from "./report-pdf.server.ts";
export { listPacks } from "./month-end-packs.server.ts";

/** What other features may use of sales and purchases in the browser (and on the server alike: no server module here). */
export { KIND_LABELS } from "./document-math.ts";
export { DocumentStateBadge, STATE_LABELS, stateLabel } from "./components/document-state-badge.tsx";
export { documentPath, editDocumentPath, listPath, newDocumentPath } from "./components/document-paths.ts";
export { DocumentSharing } from "./components/document-sharing.tsx";
export { SendAllStatements, StatementActions } from "./components/statement-actions.tsx";

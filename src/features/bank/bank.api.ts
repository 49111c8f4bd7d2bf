import type { z } from "zod";
import { request, type ApiResult } from "~/lib/api-client.ts";
import type {
  AnswerInput,
  askSchema,
  BankAccountInput,
  CategorizeInput,
  MatchInput,
  ReconcileInput,
  rejectSchema,
  SplitInput,
} from "./bank.schema.ts";
import type {
  BankAccountAnswer,
  BankQuestionAnswer,
  BankUndone,
  CandidatesAnswer,
  LineDocumentAdded,
  LineExcluded,
  LinesCategorized,
  MatchMade,
  ReconciliationFinished,
  StatementPreview,
  StatementResult,
  SuggestionRejected,
} from "./bank.types.ts";

/** The bank's API (/api/bank/:orgId, decision 092) as the browser calls it. */

const id = (n: number) => encodeURIComponent(n);
const bank = (orgId: number) => `/api/bank/${id(orgId)}`;
const account = (orgId: number, bankId: number) => `${bank(orgId)}/accounts/${id(bankId)}`;
const asBytes = (file: File) => new Blob([file], { type: "application/octet-stream" });

export function createBankAccount(orgId: number, input: BankAccountInput): Promise<ApiResult<BankAccountAnswer>> {
  return request<BankAccountAnswer>(`${bank(orgId)}/accounts`, { json: input });
}

/** What importing the statement would do; `query` says how to read it (name, qif_dates, csv: statementQuerySchema). */
export function previewStatement(orgId: number, bankId: number, query: URLSearchParams, file: File): Promise<ApiResult<StatementPreview>> {
  return request<StatementPreview>(`${account(orgId, bankId)}/statements/preview?${query}`, { file: asBytes(file) });
}

export function importStatement(orgId: number, bankId: number, query: URLSearchParams, file: File): Promise<ApiResult<StatementResult>> {
  return request<StatementResult>(`${account(orgId, bankId)}/statements?${query}`, { file: asBytes(file) });
}

/** The ledger lines a bank line may match. */
export function getMatchCandidates(orgId: number, bankId: number, lineId: number): Promise<ApiResult<CandidatesAnswer>> {
  return request<CandidatesAnswer>(`${account(orgId, bankId)}/lines/${id(lineId)}/candidates`);
}

/** A receipt kept with the entry a statement line is matched to (`entryId` when it is matched to several). */
export function attachLineDocument(
  orgId: number,
  bankId: number,
  lineId: number,
  file: File,
  entryId?: number,
): Promise<ApiResult<LineDocumentAdded>> {
  const query = new URLSearchParams({ name: file.name, ...(entryId === undefined ? {} : { entry: String(entryId) }) });
  return request<LineDocumentAdded>(`${account(orgId, bankId)}/lines/${id(lineId)}/documents?${query}`, { file });
}

/** A statement line set aside with a reason: it counts nowhere until brought back. */
export function excludeLine(orgId: number, bankId: number, lineId: number, reason: string): Promise<ApiResult<LineExcluded>> {
  return request<LineExcluded>(`${account(orgId, bankId)}/lines/${id(lineId)}/exclude`, { json: { reason } });
}

export function restoreLine(orgId: number, bankId: number, lineId: number): Promise<ApiResult<LineExcluded>> {
  return request<LineExcluded>(`${account(orgId, bankId)}/lines/${id(lineId)}/restore`, { json: {} });
}

export function matchLines(orgId: number, bankId: number, input: MatchInput): Promise<ApiResult<MatchMade>> {
  return request<MatchMade>(`${account(orgId, bankId)}/matches`, { json: input });
}

export function undoMatch(orgId: number, bankId: number, matchId: number): Promise<ApiResult<BankUndone>> {
  return request<BankUndone>(`${account(orgId, bankId)}/matches/${id(matchId)}`, { method: "DELETE" });
}

export function rejectSuggestion(
  orgId: number,
  bankId: number,
  input: z.input<typeof rejectSchema>,
): Promise<ApiResult<SuggestionRejected>> {
  return request<SuggestionRejected>(`${account(orgId, bankId)}/rejections`, { json: input });
}

/** Bank lines posted to an account as new entries. */
export function categorizeLines(orgId: number, bankId: number, input: CategorizeInput): Promise<ApiResult<LinesCategorized>> {
  return request<LinesCategorized>(`${account(orgId, bankId)}/categorize`, { json: input });
}

/** One statement line posted as one entry over several accounts and tax codes (the rows add up to the line). */
export function splitLine(orgId: number, bankId: number, input: SplitInput): Promise<ApiResult<LinesCategorized>> {
  return request<LinesCategorized>(`${account(orgId, bankId)}/split`, { json: input });
}

/** Ledger lines cleared without a bank line (reconciliation). */
export function clearLedgerLines(orgId: number, bankId: number, ledgerLineIds: number[]): Promise<ApiResult<MatchMade>> {
  return request<MatchMade>(`${account(orgId, bankId)}/cleared`, { json: { ledger_line_ids: ledgerLineIds } });
}

export function askClient(orgId: number, bankId: number, input: z.input<typeof askSchema>): Promise<ApiResult<BankQuestionAnswer>> {
  return request<BankQuestionAnswer>(`${account(orgId, bankId)}/questions`, { json: input });
}

export function answerQuestion(orgId: number, questionId: number, input: AnswerInput): Promise<ApiResult<BankQuestionAnswer>> {
  return request<BankQuestionAnswer>(`${bank(orgId)}/questions/${id(questionId)}/answer`, { json: input });
}

export function finishReconciliation(orgId: number, bankId: number, input: ReconcileInput): Promise<ApiResult<ReconciliationFinished>> {
  return request<ReconciliationFinished>(`${account(orgId, bankId)}/reconciliations`, { json: input });
}

export function undoReconciliation(orgId: number, bankId: number, reconciliationId: number): Promise<ApiResult<BankUndone>> {
  return request<BankUndone>(`${account(orgId, bankId)}/reconciliations/${id(reconciliationId)}/undo`, { json: {} });
}

/** A reconciliation's report as PDF or CSV (a link's href). */
export function reconciliationReportUrl(orgId: number, bankId: number, reconciliationId: number, format: "pdf" | "csv"): string {
  return `${account(orgId, bankId)}/reconciliations/${id(reconciliationId)}/report.${format}`;
}

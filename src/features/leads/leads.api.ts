import { request, type ApiResult } from "~/lib/api-client.ts";
import type { ConsultationInput } from "./consultation.schema.ts";
import type { ContactInput } from "./contact.schema.ts";
import type { LeadConvertForm, LeadNoteInput, LeadOwnerInput, LeadStatusInput } from "./leads-inbox.schema.ts";
import type { LeadNote, LeadSummary } from "./leads-inbox.types.ts";
import type { LeadSent } from "./leads.types.ts";

/** The leads' API as the browser calls it. */

/** Where the contact form posts without script (its `action`), and with it. */
export const CONTACT_PATH = "/api/leads/contact";

export function sendContactMessage(input: ContactInput): Promise<ApiResult<LeadSent>> {
  return request<LeadSent>(CONTACT_PATH, { json: input });
}

export function sendConsultationRequest(input: ConsultationInput): Promise<ApiResult<LeadSent>> {
  return request<LeadSent>("/api/leads/consultation", { json: input });
}

const lead = (leadId: string) => `/api/firm/leads/${encodeURIComponent(leadId)}`;

export function setLeadStatus(leadId: string, input: LeadStatusInput): Promise<ApiResult<LeadSummary>> {
  return request<LeadSummary>(`${lead(leadId)}/status`, { json: input });
}

export function setLeadOwner(leadId: string, input: LeadOwnerInput): Promise<ApiResult<LeadSummary>> {
  return request<LeadSummary>(`${lead(leadId)}/owner`, { json: input });
}

export function addLeadNote(leadId: string, input: LeadNoteInput): Promise<ApiResult<LeadNote>> {
  return request<LeadNote>(`${lead(leadId)}/notes`, { json: input });
}

export function convertLead(leadId: string, input: LeadConvertForm): Promise<ApiResult<LeadSummary>> {
  return request<LeadSummary>(`${lead(leadId)}/convert`, { json: input });
}

export function releaseLead(leadId: string): Promise<ApiResult<LeadSummary>> {
  return request<LeadSummary>(`${lead(leadId)}/release`, { json: {} });
}

/** The inbox's CSV download (a link's href), with the inbox's filters as a query (`?…` or ""). */
export function leadsExportUrl(query: string): string {
  return `/api/firm/leads/export.csv${query}`;
}

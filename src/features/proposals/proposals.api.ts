import { request, type ApiResult } from "~/lib/api-client.ts";
import type { PaymentMethodSetup } from "~/features/billing/client-billing.types.ts";
import type { z } from "zod";
import type { proposalSchema } from "./proposals.schema.ts";
import type { LetterTemplate, ProposalDetails, PublicProposal } from "./proposals.types.ts";

/**
 * Proposals as the browser calls them (decision 118): the firm's proposals and letter templates
 * (/api/firm/proposals) and, without a session, the one proposal a client's link opens (/api/proposal-links/:token).
 */

const BASE = "/api/firm/proposals";
const id = (n: number) => encodeURIComponent(n);

/** A proposal as the composer sends it (what the API's schema takes in): prices as decimals. */
export type ProposalBody = z.input<typeof proposalSchema>;

type One = { proposal: ProposalDetails };

export function createProposal(body: ProposalBody): Promise<ApiResult<One>> {
  return request<One>(BASE, { json: body });
}

export function updateProposal(proposalId: number, body: ProposalBody): Promise<ApiResult<One>> {
  return request<One>(`${BASE}/${id(proposalId)}`, { method: "PUT", json: body });
}

export function deleteProposal(proposalId: number): Promise<ApiResult<unknown>> {
  return request<unknown>(`${BASE}/${id(proposalId)}`, { method: "DELETE" });
}

/** Freezes a draft and mails its link (or mails a fresh link of a proposal still open), to `to` or the client's email. */
export function sendProposal(proposalId: number, input: { to?: string; message?: string | null }): Promise<ApiResult<One>> {
  return request<One>(`${BASE}/${id(proposalId)}/send`, { json: input });
}

/** Every live link of the proposal stops opening it. */
export function revokeProposalLinks(proposalId: number): Promise<ApiResult<One>> {
  return request<One>(`${BASE}/${id(proposalId)}/revoke`, { method: "POST" });
}

/** The signed PDF (a link's href: an attachment). */
export const signedPdfUrl = (proposalId: number) => `${BASE}/${id(proposalId)}/signed.pdf`;

export function createTemplate(body: { name: string; body: string }): Promise<ApiResult<{ template: LetterTemplate }>> {
  return request<{ template: LetterTemplate }>(`${BASE}/templates`, { json: body });
}

export function updateTemplate(templateId: number, body: { name: string; body: string }): Promise<ApiResult<{ template: LetterTemplate }>> {
  return request<{ template: LetterTemplate }>(`${BASE}/templates/${id(templateId)}`, { method: "PUT", json: body });
}

/* ---------- The client's link (no session) ---------- */

const link = (token: string) => `/api/proposal-links/${encodeURIComponent(token)}`;
type Public = { proposal: PublicProposal };

export function getPublicProposal(token: string): Promise<ApiResult<Public>> {
  return request<Public>(link(token));
}

export function acceptPublicProposal(
  token: string,
  input: { proposal_id: number; document_sha256: string; signer_name: string; chosen_line_ids: number[]; agree: boolean },
): Promise<ApiResult<Public>> {
  return request<Public>(`${link(token)}/accept`, { json: input });
}

export function declinePublicProposal(token: string, input: { proposal_id: number; reason: string | null }): Promise<ApiResult<Public>> {
  return request<Public>(`${link(token)}/decline`, { json: input });
}

/** Once accepted: the processor's page where she gives her card or bank account (it brings her back with `?method=saved`). */
export function startProposalPaymentSetup(token: string): Promise<ApiResult<PaymentMethodSetup>> {
  return request<PaymentMethodSetup>(`${link(token)}/payment-method`, { method: "POST" });
}

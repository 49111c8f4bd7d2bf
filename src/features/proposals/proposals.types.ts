import type { Billing, ProposalStatus } from "./proposals.schema.ts";

/** A letter template the firm writes (placeholders such as {{client_name}} filled in when a proposal is sent). */
export interface LetterTemplate {
  id: number;
  name: string;
  body: string;
  updated_at: string;
}

/** A line of a proposal: a copy of what was offered, the price in dollars and cents as a decimal string. */
export interface ProposalLine {
  id: number;
  catalogue_item_id: number | null;
  name: string;
  description: string | null;
  price: string;
  billing: Billing;
  quantity: number;
  optional: boolean;
  /** price × quantity. */
  amount: string;
}

/** The terms a proposal states: what its document is made from and what the client's link shows above it. */
export interface ProposalTerms {
  title: string;
  client_name: string;
  company: string;
  currency: string;
  start_date: string;
  minimum_term_months: number;
  expires_on: string;
}

export interface ProposalSummary extends Omit<ProposalTerms, "minimum_term_months"> {
  id: number;
  status: ProposalStatus;
  lead_id: string | null;
  organization_id: number | null;
  client_email: string;
  /** The sum of the lines that are not optional, by billing. */
  totals: Partial<Record<Billing, string>>;
  sent_at: string | null;
  accepted_at: string | null;
  created_at: string;
}

export interface ProposalEvidence {
  signer_name: string;
  signer_email: string | null;
  signer_ip: string | null;
  signer_user_agent: string | null;
  accepted_at: string;
  document_sha256: string;
  chosen_line_ids: number[];
  signed_pdf_sha256: string;
}

export interface ProposalDetails extends ProposalSummary {
  minimum_term_months: number;
  template_id: number | null;
  letter: string;
  /** Reminders until she answers: every N days (0: none), at most `max`; how many were sent. */
  reminders: { every_days: number; max: number; sent: number };
  lines: ProposalLine[];
  /** The document as frozen at sending (null while a draft). */
  document_text: string | null;
  document_sha256: string | null;
  sent_to: string | null;
  viewed_at: string | null;
  declined_at: string | null;
  decline_reason: string | null;
  evidence: ProposalEvidence | null;
  /** Links sent (never their secrets). */
  links: { id: number; sent_to: string; created_at: string; revoked_at: string | null; last_viewed_at: string | null }[];
}

/** What the client's link shows: the frozen document, the fees, the options; nothing of the firm's records. */
export interface PublicProposal extends ProposalTerms {
  proposal_id: number;
  firm_name: string;
  status: ProposalStatus;
  document_text: string;
  document_sha256: string;
  lines: Omit<ProposalLine, "catalogue_item_id">[];
  /** Once accepted: who signed and when, and the options chosen. */
  accepted: { signer_name: string; accepted_at: string; chosen_line_ids: number[] } | null;
  /**
   * Once accepted and billed (decision 119): whether she can give a card or bank debit now (a processor is configured)
   * and the method she gave, if any.
   */
  payment: { card_payments: boolean; method_label: string | null } | null;
}

/** What POST /api/leads/contact and /api/leads/consultation answer a script (201). */
export interface LeadSent {
  id: string;
  /** A signed-in client's contact message went to her conversation with the firm: its address (decision 100). */
  conversation?: string;
}

/** The firm's overview's line on its own fees (decision 119): its fee invoices past due with something owed. */
export interface FeesOverdue {
  /** The firm's books (its invoices are theirs): the link to their aging. */
  organization_id: number;
  count: number;
  /** What is still owed on them, a decimal in the books' currency. */
  total: string;
  currency: string;
}

import { createHash } from "node:crypto";

/*
 * A proposal's link (decision 118): the page it opens and its secret, of which only the SHA-256 is kept.
 */

/** The page a proposal's link opens (src/app/routes/proposal.tsx); its API is /api/proposal-links/:token. */
export const PROPOSAL_PAGE_PATH = "/proposal";

export const tokenHash = (token: string): Buffer => createHash("sha256").update(token).digest();
export const proposalUrl = (publicUrl: string, token: string) => `${publicUrl}${PROPOSAL_PAGE_PATH}/${token}`;

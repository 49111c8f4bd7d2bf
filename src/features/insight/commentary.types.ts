import type { AccountAmounts, FigureValues } from "./commentary-figures.ts";

/*
 * The monthly commentary as the API answers it and the screens show it (decision 122). Its text keeps the figures as
 * tokens ("{{revenue}}"); `figures` fills them in from the posted ledger of its month as read now.
 */

export type CommentaryStatus = "draft" | "reviewed" | "published";

/** One step of the commentary's life: who took it and when (ISO moment, UTC). */
export interface CommentaryStep {
  by: string | null;
  at: string;
}

export interface Commentary {
  id: number;
  /** "2026-10" */
  month: string;
  headline: string;
  changes: string;
  actions: string;
  status: CommentaryStatus;
  /** Who saved it last: a review must be by someone else. */
  written: CommentaryStep & { user_id: string | null };
  reviewed: CommentaryStep | null;
  published: CommentaryStep | null;
}

/** A month of the firm's list: its commentary's state, or none yet. */
export interface CommentaryMonth {
  month: string;
  label: string;
  status: CommentaryStatus | null;
  headline: string | null;
}

/** The figures of a month the editor offers and previews: every token's value, the accounts for the menu. */
export interface CommentaryFigures {
  month: string;
  label: string;
  currency: string;
  values: FigureValues;
  accounts: AccountAmounts[];
}

/** GET /commentary/:month: the month's commentary (null: none written; for the client, none published) and its figures. */
export interface CommentaryAnswer {
  commentary: Commentary | null;
  figures: FigureValues;
}

/** GET /commentary: the months the firm may write for (this month and the twelve before it, and older ones written) and their state. */
export interface CommentaryMonthsAnswer {
  months: CommentaryMonth[];
}

/** A change (saved, reviewed, published, withdrawn): the commentary as it now is. */
export interface CommentarySaved {
  commentary: Commentary;
}

/** The client's home: the latest published commentary, its figures filled in. */
export interface PublishedCommentary {
  month: string;
  label: string;
  headline: string;
  changes: string;
  actions: string;
  published_at: string;
  figures: FigureValues;
}

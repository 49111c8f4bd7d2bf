import { useId, useState } from "react";
import { Button } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import {
  ACCOUNT_FIGURES,
  FIGURE_METRICS,
  METRIC_NAMES,
  VARIANT_NAMES,
  tokenText,
  type AccountAmounts,
  type AccountFigure,
  type FigureValues,
} from "../commentary-figures.ts";

/** The parts of the commentary a figure goes into, by the form's field name. */
export const COMMENTARY_PARTS = { headline: "Headline", changes: "What changed and why", actions: "What to do" } as const;
export type CommentaryPart = keyof typeof COMMENTARY_PARTS;

/**
 * The figure menu (decision 122): a figure of the month (the dashboard's revenue, gross margin, net income, operating
 * expenses and cash, each also against last month and the same month last year) or an account's movement or balance,
 * each shown with its value now, inserted into a part of the text where its cursor was (at its end otherwise).
 */
export function FigureMenu({
  values,
  accounts,
  disabled,
  onInsert,
}: {
  values: FigureValues;
  accounts: AccountAmounts[];
  disabled?: boolean;
  onInsert: (token: string, part: CommentaryPart) => void;
}) {
  const uid = useId();
  const [token, setToken] = useState("{{revenue}}");
  const [part, setPart] = useState<CommentaryPart>("changes");
  const option = (t: string) => (
    <option key={t} value={t}>
      {values[t] ? `${values[t].label}: ${values[t].value}` : t}
    </option>
  );
  return (
    <fieldset disabled={disabled} className="rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-ink">Insert a figure</legend>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] sm:items-end">
        <InputField as="select" id={`${uid}-figure`} label="Figure" value={token} onChange={(e) => setToken(e.target.value)}>
          {METRIC_NAMES.map((metric) => (
            <optgroup key={metric} label={FIGURE_METRICS[metric]}>
              {VARIANT_NAMES.map((variant) => option(tokenText({ kind: "metric", metric, variant })))}
            </optgroup>
          ))}
          {accounts.length > 0 ? (
            <optgroup label="Accounts">
              {accounts.flatMap((a) =>
                (Object.keys(ACCOUNT_FIGURES) as AccountFigure[]).map((figure) =>
                  option(tokenText({ kind: "account", code: a.code, figure })),
                ),
              )}
            </optgroup>
          ) : null}
        </InputField>
        <InputField as="select" id={`${uid}-part`} label="Into" value={part} onChange={(e) => setPart(e.target.value as CommentaryPart)}>
          {(Object.keys(COMMENTARY_PARTS) as CommentaryPart[]).map((p) => (
            <option key={p} value={p}>
              {COMMENTARY_PARTS[p]}
            </option>
          ))}
        </InputField>
        <Button type="button" variant="secondary" onClick={() => onInsert(token, part)}>
          Insert figure
        </Button>
      </div>
      <p className="mt-2 text-sm text-muted">
        A figure is kept as a name such as <code>{token}</code> and filled in from the posted books whenever the commentary is read.
      </p>
    </fieldset>
  );
}

import { useId } from "react";
import { Button } from "~/ui/button.tsx";
import { cn } from "~/ui/cn.ts";
import { CheckboxField } from "~/ui/field.tsx";
import { StatusBadge, tdClass, ColumnHeads } from "~/ui/table.tsx";
import type { EntryListItem } from "../ledger.types.ts";
import { useBooks, useMoney } from "./books-context.tsx";

/**
 * The journal's page of entries, newest first: a row per entry (below md a card), drafts tinted, and for those who may
 * change the books a box to choose a draft for posting and its Edit, Post and Delete buttons.
 */
export function JournalEntriesTable({
  entries,
  onlyDrafts,
  chosen,
  onToggle,
  onView,
  onEdit,
  onPost,
  onDelete,
}: {
  entries: EntryListItem[];
  onlyDrafts: boolean;
  chosen: Set<number>;
  onToggle: (id: number, on: boolean) => void;
  onView: (e: EntryListItem) => void;
  onEdit: (e: EntryListItem) => void;
  onPost: (e: EntryListItem) => void;
  onDelete: (e: EntryListItem) => void;
}) {
  const { money } = useMoney();
  const { can } = useBooks();
  const uid = useId();
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="min-w-full divide-y divide-slate-200 max-md:block">
        <caption className="sr-only">{onlyDrafts ? "Draft journal entries" : "Journal entries"}, newest first by entry date</caption>
        <thead className="bg-slate-50 max-md:hidden">
          <ColumnHeads labels={["Entry Number", "Date", "Description", "Reference", "Amount", "Status", "Actions"]} numeric={["Amount"]} />
        </thead>
        <tbody className="divide-y divide-slate-100 max-md:block">
          {entries.map((e) => (
            // Below md each entry is a card: number and date, description, reference, amount and status, actions.
            <tr
              key={e.id}
              data-testid="entry-row"
              className={cn(
                "max-md:grid max-md:grid-cols-2 max-md:gap-x-3 max-md:gap-y-1 max-md:px-3 max-md:py-3",
                e.status === "draft" && "bg-amber-50/60",
              )}
            >
              <td className={`${tdClass} whitespace-nowrap font-mono max-md:p-0 max-md:font-semibold`}>
                {can["books.write"] && e.status === "draft" ? (
                  <CheckboxField
                    id={`${uid}-choose-${e.id}`}
                    label={e.entry_number}
                    aria-label={`Select ${e.entry_number} to post`}
                    labelClassName="font-mono"
                    checked={chosen.has(e.id)}
                    onChange={(ev) => onToggle(e.id, ev.target.checked)}
                  />
                ) : (
                  e.entry_number
                )}
              </td>
              <td className={`${tdClass} whitespace-nowrap max-md:p-0 max-md:text-right`}>{e.entry_date}</td>
              <td className={`${tdClass} min-w-48 max-md:col-span-2 max-md:min-w-0 max-md:p-0`}>{e.description}</td>
              <td className={`${tdClass} max-md:col-span-2 max-md:p-0 max-md:text-muted max-md:empty:hidden`}>{e.reference ?? ""}</td>
              <td className={`${tdClass} whitespace-nowrap text-right max-md:p-0 max-md:text-left max-md:font-semibold`}>
                {money(e.total_amount)}
              </td>
              <td className={`${tdClass} whitespace-nowrap max-md:p-0 max-md:text-right`}>
                <StatusBadge status={e.status} reversed={e.reversed_by !== null} />
                {e.reversed_by_number ? <span className="mt-1 block text-xs text-muted">Reversed by {e.reversed_by_number}</span> : null}
                {e.reversal_of_number ? <span className="mt-1 block text-xs text-muted">Reversal of {e.reversal_of_number}</span> : null}
              </td>
              <td className={`${tdClass} whitespace-nowrap max-md:col-span-2 max-md:p-0 max-md:pt-1`}>
                <div className="flex gap-2">
                  <Button size="sm" variant="secondary" onClick={() => onView(e)} aria-label={`View ${e.entry_number}`}>
                    View
                  </Button>
                  {can["books.write"] && e.status === "draft" ? (
                    <>
                      <Button size="sm" variant="secondary" onClick={() => onEdit(e)} aria-label={`Edit ${e.entry_number}`}>
                        Edit
                      </Button>
                      <Button size="sm" variant="accent" onClick={() => onPost(e)} aria-label={`Post ${e.entry_number}`}>
                        Post
                      </Button>
                      <Button size="sm" variant="ghost" onClick={() => onDelete(e)} aria-label={`Delete ${e.entry_number}`}>
                        Delete
                      </Button>
                    </>
                  ) : null}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

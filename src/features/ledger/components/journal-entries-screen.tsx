import { useId, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { Pager, pageHref } from "~/ui/pager.tsx";
import { toast } from "~/ui/toast.ts";
import { Button } from "~/ui/button.tsx";
import { cn } from "~/ui/cn.ts";

import type { EntryListItem, EntryPage, PostDraftsResult } from "../ledger.types.ts";
import type { JournalFilters } from "../ledger.schema.ts";
import { toastFailure } from "~/ui/toast-failure.ts";
import { CheckboxField } from "~/ui/field.tsx";
import { deleteDraft, postDrafts, postEntry } from "../ledger.api.ts";
import { useBooks, useBooksOrgId, useMoney } from "./books-context.tsx";
import { JournalFilterForm } from "./journal-filter-form.tsx";
import { EntryDetailsDialog } from "./entry-details-dialog.tsx";
import { EntryDialog } from "./entry-dialog.tsx";
import { PostEntryDialog } from "./post-entry-dialog.tsx";
import { StatusBadge, tdClass, ColumnHeads } from "~/ui/table.tsx";
import { ConfirmDialog } from "~/ui/confirm-dialog.tsx";

const quickFilterClass = (active: boolean) =>
  cn(
    "rounded-md px-3 py-1.5 text-sm font-semibold",
    active ? "bg-brand-700 text-white" : "border border-slate-300 bg-white text-ink hover:bg-slate-100",
  );

/**
 * The journal (/accounting/:orgId/journal): the page of entries its loader read for the filters in the URL, newest
 * first. Drafts are edited, posted (one or several) or deleted here; after each change the route's loaders run again.
 */
export function JournalEntriesScreen({ page, filters, errors }: { page: EntryPage; filters: JournalFilters; errors: Record<string, string> }) {
  const { money } = useMoney();
  const { accounts, can } = useBooks();
  const entries = page.entries;
  const [dialog, setDialog] = useState<{ open: boolean; entryId: number | null; copyFrom?: number | null }>({
    open: false,
    entryId: null,
  });
  const [viewing, setViewing] = useState<number | null>(null);
  const [confirmPost, setConfirmPost] = useState<EntryListItem | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<EntryListItem | null>(null);
  /** Drafts chosen to be posted together, by id. */
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [confirmPostChosen, setConfirmPostChosen] = useState(false);
  /** What the last "post the chosen drafts" could not post, and why. */
  const [notPosted, setNotPosted] = useState<PostDraftsResult["failed"]>([]);
  const uid = useId();
  const orgId = useBooksOrgId();
  const revalidator = useRevalidator();
  /** The journal read again (the page in the URL, with its filters). */
  const load = () => revalidator.revalidate();
  const filtered = Boolean(filters.q || filters.from || filters.to || filters.account || filters.status);
  const onlyDrafts = filters.status === "draft";

  /** Posts, shows the row as posted, reloads the list, and only then says it is done. */
  async function post(entry: EntryListItem): Promise<boolean> {
    const res = await postEntry(orgId, entry.id);
    if (!res.ok) {
      toastFailure(res, { title: "Error posting entry" });
      return false;
    }
    await load();
    toast.success("Journal entry posted successfully");
    return true;
  }

  /** Deletes a draft (asked first), reloads the list, and only then says it is done. */
  async function remove(entry: EntryListItem): Promise<boolean> {
    const res = await deleteDraft(orgId, entry.id);
    if (!res.ok) {
      toastFailure(res, { title: "Draft not deleted" });
      return false;
    }
    setChosen((prev) => new Set([...prev].filter((id) => id !== entry.id)));
    await load();
    toast.success("Draft deleted", { description: `${res.data.entry_number} is gone; the audit log keeps what it was.` });
    return true;
  }

  /** Posts the chosen drafts together; those that could not be posted stay listed with the reason. */
  async function postChosen(): Promise<boolean> {
    const res = await postDrafts(orgId, [...chosen]);
    if (!res.ok) {
      toastFailure(res, { title: "Error posting entries" });
      return false;
    }
    const { posted, failed } = res.data;
    setChosen(new Set());
    setNotPosted(failed);
    await load();
    if (posted.length) toast.success(`${posted.length} ${posted.length === 1 ? "entry" : "entries"} posted`);
    if (failed.length) toast.error(`${failed.length} not posted`, { description: "The reasons are listed above the journal." });
    return true;
  }

  const toggle = (id: number, on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const chosenEntries = entries.filter((e) => chosen.has(e.id));

  const openNew = () => setDialog({ open: true, entryId: null });

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-ink">Journal Entries</h2>
        {can["books.write"] ? <Button onClick={openNew}>New Entry</Button> : null}
      </div>
      <nav className="flex flex-wrap items-center gap-2" aria-label="Show">
        <Link
          to={pageHref({ ...filters, status: undefined }, 1)}
          className={quickFilterClass(!filters.status)}
          aria-current={filters.status ? undefined : "page"}
        >
          All entries
        </Link>
        <Link
          to={pageHref({ ...filters, status: "draft" }, 1)}
          className={quickFilterClass(onlyDrafts)}
          aria-current={onlyDrafts ? "page" : undefined}
        >
          Drafts ({page.draft_count})
        </Link>
        <span className="text-sm text-muted">Newest first by entry date.</span>
      </nav>
      <JournalFilterForm key={pageHref(filters, 1)} filters={filters} errors={errors} accounts={accounts} />
      <div className="flex flex-wrap items-center gap-2">
        {can["books.write"] && chosen.size > 0 ? (
          <Button size="sm" variant="accent" className="ml-auto" onClick={() => setConfirmPostChosen(true)}>
            Post selected ({chosen.size})
          </Button>
        ) : null}
      </div>
      {notPosted.length ? (
        <div role="status" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          <p className="font-semibold">Not posted:</p>
          <ul className="mt-1 list-disc pl-5">
            {notPosted.map((f) => (
              <li key={f.id}>
                {f.entry_number ?? `Entry ${f.id}`}: {f.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {entries.length === 0 && onlyDrafts && !filtered ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-10 text-center">
          <p className="text-muted">No draft entries: every entry is posted.</p>
        </div>
      ) : entries.length === 0 && (filtered || page.page > 1) ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-10 text-center">
          <p className="text-muted">No entry matches these filters.</p>
        </div>
      ) : entries.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-10 text-center">
          <p className="text-muted">No journal entries yet.</p>
          {can["books.write"] ? (
            <Button className="mt-4" onClick={openNew}>
              Create Entry
            </Button>
          ) : null}
        </div>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200">
          <table className="min-w-full divide-y divide-slate-200 max-md:block">
            <caption className="sr-only">{onlyDrafts ? "Draft journal entries" : "Journal entries"}, newest first by entry date</caption>
            <thead className="bg-slate-50 max-md:hidden">
              <ColumnHeads
                labels={["Entry Number", "Date", "Description", "Reference", "Amount", "Status", "Actions"]}
                numeric={["Amount"]}
              />
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
                        onChange={(ev) => toggle(e.id, ev.target.checked)}
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
                    {e.reversed_by_number ? (
                      <span className="mt-1 block text-xs text-muted">Reversed by {e.reversed_by_number}</span>
                    ) : null}
                    {e.reversal_of_number ? (
                      <span className="mt-1 block text-xs text-muted">Reversal of {e.reversal_of_number}</span>
                    ) : null}
                  </td>
                  <td className={`${tdClass} whitespace-nowrap max-md:col-span-2 max-md:p-0 max-md:pt-1`}>
                    <div className="flex gap-2">
                      <Button size="sm" variant="secondary" onClick={() => setViewing(e.id)} aria-label={`View ${e.entry_number}`}>
                        View
                      </Button>
                      {can["books.write"] && e.status === "draft" ? (
                        <>
                          <Button
                            size="sm"
                            variant="secondary"
                            onClick={() => setDialog({ open: true, entryId: e.id })}
                            aria-label={`Edit ${e.entry_number}`}
                          >
                            Edit
                          </Button>
                          <Button size="sm" variant="accent" onClick={() => setConfirmPost(e)} aria-label={`Post ${e.entry_number}`}>
                            Post
                          </Button>
                          <Button size="sm" variant="ghost" onClick={() => setConfirmDelete(e)} aria-label={`Delete ${e.entry_number}`}>
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
      )}
      {page.page > 1 || page.has_more ? (
        <Pager
          label="Journal pages"
          status={`Page ${page.page}`}
          previous={page.page > 1 ? { to: pageHref(filters, page.page - 1), text: "Newer entries" } : null}
          next={page.has_more ? { to: pageHref(filters, page.page + 1), text: "Older entries" } : null}
        />
      ) : null}
      <EntryDialog
        open={dialog.open}
        entryId={dialog.entryId}
        copyFrom={dialog.copyFrom ?? null}
        accounts={accounts}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        onSaved={() => void load()}
      />
      <EntryDetailsDialog
        entryId={viewing}
        canWrite={can["books.write"]}
        onOpenChange={(open) => !open && setViewing(null)}
        onChanged={() => void load()}
        onDuplicate={(id) => {
          setViewing(null);
          setDialog({ open: true, entryId: null, copyFrom: id });
        }}
      />
      <PostEntryDialog
        entry={confirmPost}
        onClose={() => setConfirmPost(null)}
        onConfirm={() => (confirmPost ? post(confirmPost) : Promise.resolve(false))}
      />
      <ConfirmDialog
        open={confirmDelete !== null}
        onOpenChange={(o) => !o && setConfirmDelete(null)}
        title={confirmDelete ? `Delete ${confirmDelete.entry_number}?` : "Delete draft?"}
        description={
          confirmDelete
            ? `The draft “${confirmDelete.description}” for ${money(confirmDelete.total_amount)}, dated ${confirmDelete.entry_date}, is deleted with its lines.`
            : ""
        }
        confirmLabel="Delete Draft"
        busyLabel="Deleting..."
        variant="danger"
        onConfirm={() => (confirmDelete ? remove(confirmDelete) : Promise.resolve(false))}
      >
        <p className="text-sm text-ink">Its number is not used again. The firm&apos;s audit log keeps what the draft was.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirmPostChosen}
        onOpenChange={setConfirmPostChosen}
        title={`Post ${chosen.size} ${chosen.size === 1 ? "draft" : "drafts"}?`}
        description="Each goes into the books as if posted on its own; any that cannot be posted is listed with the reason."
        confirmLabel="Post Entries"
        busyLabel="Posting..."
        variant="accent"
        onConfirm={postChosen}
      >
        <ul className="max-h-48 space-y-1 overflow-y-auto text-sm text-ink">
          {chosenEntries.map((e) => (
            <li key={e.id}>
              <span className="font-mono">{e.entry_number}</span> {e.entry_date} · {e.description} · {money(e.total_amount)}
            </li>
          ))}
        </ul>
        <p className="mt-3 text-sm text-ink">Posted entries can no longer be edited. To undo one later, reverse it from its details.</p>
      </ConfirmDialog>
    </div>
  );
}

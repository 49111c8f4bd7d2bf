import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import { Pager, pageHref } from "~/ui/pager.tsx";
import { Button } from "~/ui/button.tsx";
import { cn } from "~/ui/cn.ts";

import type { EntryListItem, EntryPage } from "../ledger.types.ts";
import type { JournalFilters } from "../ledger.schema.ts";
import { useBooks } from "./books-context.tsx";
import { JournalFilterForm } from "./journal-filter-form.tsx";
import { EntryDetailsDialog } from "./entry-details-dialog.tsx";
import { EntryDialog } from "./entry-dialog.tsx";
import { PostEntryDialog } from "./post-entry-dialog.tsx";
import { JournalEntriesTable } from "./journal-entries-table.tsx";
import { DeleteDraftDialog, PostChosenDialog } from "./journal-draft-dialogs.tsx";
import { useJournalDrafts } from "./use-journal-drafts.ts";

const quickFilterClass = (active: boolean) =>
  cn(
    "rounded-md px-3 py-1.5 text-sm font-semibold",
    active ? "bg-brand-700 text-white" : "border border-slate-300 bg-white text-ink hover:bg-slate-100",
  );

/** A dashed box saying the journal shows nothing, and why. */
function Empty({ children }: { children: ReactNode }) {
  return <div className="rounded-lg border border-dashed border-slate-300 p-10 text-center">{children}</div>;
}

/**
 * The journal (/accounting/:orgId/journal): the page of entries its loader read for the filters in the URL, newest
 * first. Drafts are edited, posted (one or several) or deleted here; after each change the route's loaders run again.
 */
export function JournalEntriesScreen({
  page,
  filters,
  errors,
}: {
  page: EntryPage;
  filters: JournalFilters;
  errors: Record<string, string>;
}) {
  const { accounts, can } = useBooks();
  const entries = page.entries;
  const [dialog, setDialog] = useState<{ open: boolean; entryId: number | null; copyFrom?: number | null }>({
    open: false,
    entryId: null,
  });
  const [viewing, setViewing] = useState<number | null>(null);
  const [confirmPost, setConfirmPost] = useState<EntryListItem | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<EntryListItem | null>(null);
  const [confirmPostChosen, setConfirmPostChosen] = useState(false);
  const { chosen, notPosted, toggle, post, remove, postChosen } = useJournalDrafts();
  const filtered = Boolean(filters.q || filters.from || filters.to || filters.account || filters.status);
  const onlyDrafts = filters.status === "draft";
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
        <Empty>
          <p className="text-muted">No draft entries: every entry is posted.</p>
        </Empty>
      ) : entries.length === 0 && (filtered || page.page > 1) ? (
        <Empty>
          <p className="text-muted">No entry matches these filters.</p>
        </Empty>
      ) : entries.length === 0 ? (
        <Empty>
          <p className="text-muted">No journal entries yet.</p>
          {can["books.write"] ? (
            <Button className="mt-4" onClick={openNew}>
              Create Entry
            </Button>
          ) : null}
        </Empty>
      ) : (
        <JournalEntriesTable
          entries={entries}
          onlyDrafts={onlyDrafts}
          chosen={chosen}
          onToggle={toggle}
          onView={(e) => setViewing(e.id)}
          onEdit={(e) => setDialog({ open: true, entryId: e.id })}
          onPost={setConfirmPost}
          onDelete={setConfirmDelete}
        />
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
      />
      <EntryDetailsDialog
        entryId={viewing}
        canWrite={can["books.write"]}
        onOpenChange={(open) => !open && setViewing(null)}
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
      <DeleteDraftDialog entry={confirmDelete} onClose={() => setConfirmDelete(null)} onConfirm={remove} />
      <PostChosenDialog
        open={confirmPostChosen}
        onOpenChange={setConfirmPostChosen}
        count={chosen.size}
        entries={entries.filter((e) => chosen.has(e.id))}
        onConfirm={postChosen}
      />
    </div>
  );
}

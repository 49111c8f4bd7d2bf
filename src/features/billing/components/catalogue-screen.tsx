import { useId, useState } from "react";
import { Link } from "react-router";
import { Button } from "~/ui/button.tsx";
import { ConfirmDialog } from "~/ui/confirm-dialog.tsx";
import { Modal } from "~/ui/modal.tsx";
import { useHydrated } from "~/ui/use-hydrated.ts";
import { useAction } from "~/ui/use-action.ts";
import { archiveCatalogueItem, reorderCatalogue, restoreCatalogueItem } from "../catalogue.api.ts";
import { type CatalogueItem, type CatalogueKind } from "../catalogue.types.ts";
import { CatalogueItemCard } from "./catalogue-item-card.tsx";
import { CatalogueItemForm } from "./catalogue-item-form.tsx";

type Open = { kind: "edit" | "archive"; item: CatalogueItem } | { kind: "new"; itemKind: CatalogueKind } | null;

const SECTIONS: { kind: CatalogueKind; title: string; word: string; intro: string }[] = [
  { kind: "plan", title: "Plans", word: "plan", intro: "The pricing page's plans, in this order." },
  { kind: "add_on", title: "Add-ons", word: "add-on", intro: "Services added to any plan, in this order." },
];

/** /firm/catalogue: the plans and add-ons the firm sells, as the public pricing page shows them (decision 117). */
export function CatalogueScreen({ items }: { items: CatalogueItem[] }) {
  const uid = useId();
  const hydrated = useHydrated();
  const { act, pending } = useAction();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);

  async function move(kind: CatalogueKind, list: CatalogueItem[], from: number, to: number) {
    const ids = list.map((i) => i.id);
    [ids[from], ids[to]] = [ids[to]!, ids[from]!];
    await act(() => reorderCatalogue(kind, ids), { failure: "Order not saved", success: `${list[from]!.name} moved` });
  }

  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-ink">Catalogue</h1>
        <p className="mt-1 text-slate-700">
          What the firm sells and its prices. A saved change shows on the{" "}
          <Link to="/pricing" className="text-brand-700 underline">
            pricing page
          </Link>{" "}
          at once; an archived item leaves it and is kept.
        </p>
      </header>
      {SECTIONS.map((section) => {
        const list = items.filter((i) => i.kind === section.kind);
        return (
          <section key={section.kind} aria-labelledby={`${uid}-${section.kind}`} className="space-y-3">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div>
                <h2 id={`${uid}-${section.kind}`} className="text-lg font-semibold text-ink">
                  {section.title}
                </h2>
                <p className="text-sm text-muted">{section.intro}</p>
              </div>
              <Button type="button" size="sm" disabled={!hydrated} onClick={() => setOpen({ kind: "new", itemKind: section.kind })}>
                New {section.word}
              </Button>
            </div>
            <ol className="space-y-3">
              {list.map((item, i) => (
                <CatalogueItemCard
                  key={item.id}
                  item={item}
                  first={i === 0}
                  last={i === list.length - 1}
                  hydrated={hydrated}
                  pending={pending}
                  onEdit={() => setOpen({ kind: "edit", item })}
                  onMove={(by) => void move(section.kind, list, i, i + by)}
                  onArchive={() => setOpen({ kind: "archive", item })}
                  onRestore={() =>
                    void act(() => restoreCatalogueItem(item.id), {
                      failure: `${item.name} not restored`,
                      success: `${item.name} restored`,
                      description: "The pricing page shows it again.",
                    })
                  }
                />
              ))}
            </ol>
            {list.length === 0 ? <p className="text-sm text-muted">None yet.</p> : null}
          </section>
        );
      })}
      <Modal
        open={open?.kind === "new" || open?.kind === "edit"}
        onOpenChange={(o) => !o && close()}
        title={
          open?.kind === "edit" ? `Edit ${open.item.name}` : open?.kind === "new" && open.itemKind === "add_on" ? "New add-on" : "New plan"
        }
        description="The pricing page shows the change as soon as it is saved."
        wide
        dismissOnOutsideClick={false}
      >
        {open?.kind === "new" ? <CatalogueItemForm kind={open.itemKind} item={null} onSaved={close} /> : null}
        {open?.kind === "edit" ? <CatalogueItemForm kind={open.item.kind} item={open.item} onSaved={close} /> : null}
      </Modal>
      <ConfirmDialog
        open={open?.kind === "archive"}
        onOpenChange={(o) => !o && close()}
        title={open?.kind === "archive" ? `Archive ${open.item.name}?` : "Archive?"}
        description="It leaves the pricing page. It is kept here and can be restored."
        confirmLabel="Archive"
        variant="danger"
        onConfirm={async () =>
          open?.kind === "archive"
            ? (
                await act(() => archiveCatalogueItem(open.item.id), {
                  failure: `${open.item.name} not archived`,
                  success: `${open.item.name} archived`,
                })
              ).ok
            : false
        }
      />
    </div>
  );
}

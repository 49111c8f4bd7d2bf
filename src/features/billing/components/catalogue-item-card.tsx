import { formatDateTime } from "~/lib/format.ts";
import { Button } from "~/ui/button.tsx";
import { priceText } from "../catalogue-display.ts";
import { CATALOGUE_BILLING_LABELS, type CatalogueItem } from "../catalogue.types.ts";

/** One plan or add-on of the catalogue screen: name, price, description, features, last change, and what may be done with it. */
export function CatalogueItemCard({
  item,
  first,
  last,
  hydrated,
  pending,
  onEdit,
  onMove,
  onArchive,
  onRestore,
}: {
  item: CatalogueItem;
  first: boolean;
  last: boolean;
  hydrated: boolean;
  pending: boolean;
  onEdit: () => void;
  onMove: (by: -1 | 1) => void;
  onArchive: () => void;
  onRestore: () => void;
}) {
  const name = <span className="sr-only"> {item.name}</span>;
  return (
    <li aria-label={item.name} className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 className="text-base font-semibold text-ink">
          {item.name}
          {item.featured ? <span className="ml-2 text-sm font-normal text-brand-800">Most popular</span> : null}
          {!item.active ? <span className="ml-2 text-sm font-normal text-muted">Archived</span> : null}
        </h3>
        <p className="font-semibold text-ink" data-testid="catalogue-price">
          {priceText(item)}
          <span className="ml-2 text-sm font-normal text-muted">{CATALOGUE_BILLING_LABELS[item.billing]}</span>
        </p>
      </div>
      {item.description ? <p className="text-sm text-slate-700">{item.description}</p> : null}
      {item.features.length ? (
        <p className="text-sm text-muted">
          {item.features.length} feature{item.features.length === 1 ? "" : "s"}: {item.features.join(" · ")}
        </p>
      ) : null}
      <p className="text-xs text-muted">
        Changed {formatDateTime(item.updated_at)}
        {item.updated_by ? ` by ${item.updated_by}` : ""}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" variant="secondary" disabled={!hydrated} onClick={onEdit}>
          Edit{name}
        </Button>
        <Button type="button" size="sm" variant="ghost" disabled={!hydrated || pending || first} onClick={() => onMove(-1)}>
          Move up{name}
        </Button>
        <Button type="button" size="sm" variant="ghost" disabled={!hydrated || pending || last} onClick={() => onMove(1)}>
          Move down{name}
        </Button>
        {item.active ? (
          <Button type="button" size="sm" variant="ghost" disabled={!hydrated} onClick={onArchive}>
            Archive{name}
          </Button>
        ) : (
          <Button type="button" size="sm" variant="ghost" disabled={!hydrated || pending} onClick={onRestore}>
            Restore{name}
          </Button>
        )}
      </div>
    </li>
  );
}

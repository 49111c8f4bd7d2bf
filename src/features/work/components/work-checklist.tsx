import { useState } from "react";
import { formatDateTime } from "~/lib/format.ts";
import { CheckboxField } from "~/ui/field.tsx";
import { useAction } from "~/ui/use-action.ts";
import { tickWorkItem } from "../work.api.ts";
import type { ChecklistItem } from "../work.types.ts";

const byWhom = (i: ChecklistItem) => [i.ticked_by, i.ticked_at ? formatDateTime(i.ticked_at) : null].filter(Boolean).join(", ");

/** An item bound to the books: ticked or not by the books themselves (who and when from the fact), never by hand. */
function BoundItem({ item }: { item: ChecklistItem }) {
  const who = byWhom(item);
  return (
    <div className="flex items-start gap-2">
      <span
        aria-hidden="true"
        className={`mt-0.5 inline-flex h-4 w-4 shrink-0 items-center justify-center rounded border text-xs ${
          item.ticked ? "border-emerald-700 bg-emerald-700 text-white" : "border-slate-400 bg-white"
        }`}
      >
        {item.ticked ? "✓" : ""}
      </span>
      <p className="text-sm text-ink">
        {item.label}
        <span className="block text-muted">
          {item.ticked ? `Ticked by the books${who ? ` (${who})` : ""}` : "Not yet: ticks itself from the books"}
        </span>
      </p>
    </div>
  );
}

/** A plain item: the box follows the click at once and goes back if the change is refused. */
function PlainItem({ id, item }: { id: number; item: ChecklistItem }) {
  const { act } = useAction();
  const [ticked, setTicked] = useState(item.ticked);
  const change = async (next: boolean) => {
    setTicked(next);
    const res = await act(() => tickWorkItem(id, item.position, next), { failure: "Not saved", success: next ? "Ticked" : "Unticked" });
    if (!res.ok) setTicked(!next);
  };
  return (
    <CheckboxField
      id={`item-${item.position}`}
      label={item.label}
      hint={item.ticked && ticked ? `Ticked (${byWhom(item)})` : undefined}
      checked={ticked}
      onChange={(e) => void change(e.target.checked)}
    />
  );
}

/** The checklist by section: plain items ticked by hand (who and when kept), bound items by the books. */
export function WorkChecklist({ id, items }: { id: number; items: ChecklistItem[] }) {
  const sections = [...new Set(items.map((i) => i.section))];
  return (
    <div className="space-y-4">
      {sections.map((section) => (
        <fieldset key={section} className="rounded-lg border border-slate-200 bg-white p-4">
          <legend className="px-1 text-sm font-semibold text-ink">{section}</legend>
          <ul className="space-y-3">
            {items
              .filter((i) => i.section === section)
              .map((item) => (
                <li key={item.position}>{item.binding ? <BoundItem item={item} /> : <PlainItem id={id} item={item} />}</li>
              ))}
          </ul>
        </fieldset>
      ))}
    </div>
  );
}

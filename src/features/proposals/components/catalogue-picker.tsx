import { useId, useState } from "react";
import { moneyIn } from "~/lib/format.ts";
import { Button } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import { BILLING_LABELS } from "../proposals.schema.ts";
import type { CataloguePick } from "../proposal-form.ts";

/**
 * Adding a line from the firm's catalogue (decision 117): a plan or an add-on chosen, then added as a copy the firm may
 * still edit (an add-on as an option the client ticks). Items priced case by case are typed instead.
 */
export function CataloguePicker({
  items,
  currency,
  disabled,
  onPick,
}: {
  items: CataloguePick[];
  currency: string;
  disabled: boolean;
  onPick: (item: CataloguePick) => void;
}) {
  const uid = useId();
  const [chosen, setChosen] = useState("");
  if (!items.length) return null;
  const { money } = moneyIn(currency);
  const label = (i: CataloguePick) => `${i.name}: ${money(i.price)} ${BILLING_LABELS[i.billing]}`;
  const groups = [
    { label: "Plans", items: items.filter((i) => i.kind === "plan") },
    { label: "Add-ons", items: items.filter((i) => i.kind === "add_on") },
  ].filter((g) => g.items.length);
  const add = () => {
    const item = items.find((i) => String(i.id) === chosen);
    if (!item) return;
    onPick(item);
    setChosen("");
  };
  return (
    <div className="flex flex-wrap items-end gap-3">
      <InputField
        as="select"
        id={`${uid}-item`}
        label="From the catalogue"
        optional
        value={chosen}
        onChange={(e) => setChosen(e.target.value)}
      >
        <option value="">Choose a plan or an add-on</option>
        {groups.map((g) => (
          <optgroup key={g.label} label={g.label}>
            {g.items.map((i) => (
              <option key={i.id} value={String(i.id)}>
                {label(i)}
              </option>
            ))}
          </optgroup>
        ))}
      </InputField>
      <Button type="button" size="sm" variant="secondary" disabled={disabled || !chosen} onClick={add}>
        Add from the catalogue
      </Button>
    </div>
  );
}

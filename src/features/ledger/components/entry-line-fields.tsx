import type { UseFormRegister, UseFormSetValue } from "react-hook-form";
import { inputClass } from "~/ui/table.tsx";
import { parseAmount, type EntryLinesValues } from "../entry-form.ts";
import type { TaxCode } from "../tax.types.ts";
import { AmountInput } from "./amount-input.tsx";

export const smallLabel = "mb-1 block text-xs font-medium text-muted lg:sr-only";
/** The lines' inputs' look for a select, which CSS counts as read-only (and would grey). */
const selectClass = inputClass.replace("read-only:bg-slate-100", "");

/** A debit or credit amount; typing one clears the other side of the line. */
export function LineAmount({
  text,
  i,
  side,
  id,
  register,
  setValue,
}: {
  text: string;
  i: number;
  side: "debit" | "credit";
  id: string;
  register: UseFormRegister<EntryLinesValues>;
  setValue: UseFormSetValue<EntryLinesValues>;
}) {
  const other = side === "debit" ? "credit" : "debit";
  return (
    <AmountInput
      id={id}
      labelClassName={smallLabel}
      label={
        <>
          <span className="sr-only">Line {i + 1} </span>
          {side === "debit" ? "Debit" : "Credit"}
        </>
      }
      error={parseAmount(text).error}
      field={register(`lines.${i}.${side}`, {
        onChange: (e: { target: HTMLInputElement }) => {
          if (e.target.value !== "") setValue(`lines.${i}.${other}`, "");
        },
      })}
    />
  );
}

/** A line's tax code (decision 112): the codes offered, "None" first; its tax lines are made from it. */
export function LineTaxCode({
  i,
  id,
  codes,
  register,
}: {
  i: number;
  id: string;
  codes: TaxCode[];
  register: UseFormRegister<EntryLinesValues>;
}) {
  return (
    <>
      <label htmlFor={id} className={smallLabel}>
        <span className="sr-only">Line {i + 1} </span>
        Tax code
      </label>
      {/* eslint-disable-next-line no-restricted-syntax -- raw control: its label names the line for screen readers only, as the line's description */}
      <select id={id} className={selectClass} {...register(`lines.${i}.taxCodeId`)}>
        <option value="">None</option>
        {codes.map((c) => (
          <option key={c.id} value={String(c.id)}>
            {c.code} {c.name !== c.code ? `(${c.name})` : ""}
          </option>
        ))}
      </select>
    </>
  );
}

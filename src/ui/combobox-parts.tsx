import { useEffect, useRef, useState, type ComponentProps, type ReactNode } from "react";
import type { ApiResult } from "~/lib/api-client.ts";
import { cn } from "~/ui/cn.ts";
import { keepChosenItem } from "~/ui/combobox.ts";

/*
 * The pieces the pickers (WAI-ARIA comboboxes with a list box, wired by downshift's useCombobox) share: their elements'
 * ids, the button that shows the list, an option's look, and the search sent as a person types.
 */

/**
 * The options of downshift's useCombobox every picker gives: its elements' ids from its input's id, its items named by
 * `label` and known by their id, the first option highlighted, the chosen item kept (`keepChosenItem`).
 */
export function pickerOptions<T extends { id: number }>(id: string, label: (item: T | null) => string) {
  return {
    inputId: id,
    labelId: `${id}-label`,
    menuId: `${id}-list`,
    toggleButtonId: `${id}-toggle`,
    getItemId: (i: number) => `${id}-option-${i}`,
    itemToString: label,
    itemToKey: (item: T | null) => item?.id ?? null,
    defaultHighlightedIndex: 0,
    stateReducer: keepChosenItem(label),
  };
}

/** The button at the end of a picker's input that shows or hides its list (its props from `getToggleButtonProps`). */
export function ComboboxToggle({ isOpen, className, ...props }: ComponentProps<"button"> & { isOpen: boolean }) {
  return (
    <button
      {...props}
      type="button"
      className={cn("absolute inset-y-0 right-0 flex w-9 items-center justify-center rounded-r-md text-muted hover:text-ink", className)}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className={cn("h-4 w-4 transition-transform", isOpen && "rotate-180")}
        fill="currentColor"
      >
        <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
      </svg>
    </button>
  );
}

/**
 * A picker's text input (its label, list box and status wired by downshift's `getInputProps`, given as `inputProps`):
 * no browser suggestions, no spelling marks; `children` are drawn over it (the toggle button, a list under it).
 */
export function PickerInput({
  inputProps,
  className,
  testId,
  children,
}: {
  inputProps: ComponentProps<"input">;
  className: string;
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <div className="relative">
      <input autoComplete="off" spellCheck={false} {...inputProps} className={className} data-testid={testId} />
      {children}
    </div>
  );
}

/** An option of a picker's list: highlighted under the keys or the pointer, in bold when it is the one chosen. */
export const optionClass = (highlighted: boolean, chosen: boolean, className?: string) =>
  cn("cursor-pointer px-3 py-2 text-sm text-ink", className, highlighted && "bg-brand-100", chosen && "font-semibold");

/** How long typing pauses before the search is sent. */
const TYPING_PAUSE_MS = 200;

/**
 * A search as it is typed, while the list is `open`: sent once typing pauses, the last list kept shown while the next
 * search runs (`onFound` gets each answer with the text it was for). `key` names what else the search depends on (the
 * books, a role). Answers the refusal of the last search (its first field's message), told in the picker's status line
 * rather than a toast; null when it was answered.
 */
export function useTypedSearch<T>(
  open: boolean,
  query: string,
  key: string,
  search: (query: string) => Promise<ApiResult<T>>,
  onFound: (query: string, data: T) => void,
): string | null {
  const [failure, setFailure] = useState<string | null>(null);
  const latest = useRef({ search, onFound });
  useEffect(() => {
    latest.current = { search, onFound };
  });
  useEffect(() => {
    if (!open) return;
    let live = true;
    const timer = setTimeout(() => {
      void latest.current.search(query).then((res) => {
        if (!live) return;
        setFailure(res.ok ? null : (Object.values(res.fields)[0] ?? res.message));
        if (res.ok) latest.current.onFound(query, res.data);
      });
    }, TYPING_PAUSE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [key, query, open]);
  return failure;
}

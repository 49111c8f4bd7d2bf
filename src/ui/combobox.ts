import { useCombobox, type UseComboboxState, type UseComboboxStateChangeOptions } from "downshift";

const { stateChangeTypes } = useCombobox;

/**
 * The pickers' state rule (downshift's `stateReducer`): the chosen item stays when the text no longer names it.
 * Escape on a closed list does not clear the choice, and leaving the field without picking puts the chosen item's
 * label back (an emptied field clears it). `label` is the picker's `itemToString`.
 */
export function keepChosenItem<T>(label: (item: T | null) => string) {
  return (state: UseComboboxState<T>, { type, changes }: UseComboboxStateChangeOptions<T>): Partial<UseComboboxState<T>> => {
    switch (type) {
      case stateChangeTypes.InputKeyDownEscape:
        return state.isOpen ? { ...changes, inputValue: label(state.selectedItem) } : state;
      case stateChangeTypes.InputBlur:
        if (state.inputValue.trim() === "") return { ...changes, selectedItem: null, inputValue: "" };
        if (changes.selectedItem !== state.selectedItem) return changes;
        return { ...changes, inputValue: label(state.selectedItem) };
      default:
        return changes;
    }
  };
}

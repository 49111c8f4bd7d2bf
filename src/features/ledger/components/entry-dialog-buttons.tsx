import { Button } from "~/ui/button.tsx";

/**
 * The entry dialog's buttons: Cancel, Save and New (a new entry only), Save Draft, Save and Post (for those who may
 * post). Below sm, two buttons a row, the last across both when they are odd: all in sight on a phone.
 */
export function EntryDialogButtons({
  isNew,
  canPost,
  disabled,
  saving,
  onCancel,
  onSaveAndNew,
  onSaveAndPost,
}: {
  isNew: boolean;
  canPost: boolean;
  disabled: boolean;
  saving: boolean;
  onCancel: () => void;
  onSaveAndNew: () => void;
  onSaveAndPost: () => void;
}) {
  return (
    <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:justify-end">
      <Button variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
      {isNew ? (
        <Button variant="secondary" disabled={disabled} onClick={onSaveAndNew}>
          Save and New
        </Button>
      ) : null}
      <Button
        type="submit"
        variant={canPost ? "secondary" : "primary"}
        className={!canPost && isNew ? "max-sm:col-span-2" : undefined}
        disabled={disabled}
      >
        {saving ? "Saving..." : "Save Draft"}
      </Button>
      {canPost ? (
        <Button variant="accent" className={isNew ? undefined : "max-sm:col-span-2"} disabled={disabled} onClick={onSaveAndPost}>
          Save and Post
        </Button>
      ) : null}
    </div>
  );
}

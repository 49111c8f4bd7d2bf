import { ConfirmDialog } from "~/ui/confirm-dialog.tsx";
import { InputField } from "~/ui/field.tsx";

/**
 * A file input that adds the file picked (`onFile`) and is emptied at once, so that the same file may be picked again;
 * disabled, with "Uploading..." under it, while an upload is under way.
 */
export function FileUpload({
  id,
  label,
  hint,
  accept,
  uploading,
  className,
  onFile,
}: {
  id: string;
  label: string;
  hint?: string;
  accept: string;
  uploading: boolean;
  /** The input's own look, instead of the fields' one. */
  className?: string;
  onFile: (file: File) => void;
}) {
  return (
    <div>
      <InputField
        id={id}
        label={label}
        hint={hint}
        type="file"
        accept={accept}
        disabled={uploading}
        {...(className ? { className } : {})}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (file) onFile(file);
        }}
      />
      {uploading ? (
        <p role="status" className="mt-1 text-sm text-muted">
          Uploading...
        </p>
      ) : null}
    </div>
  );
}

/** The question before a draft's file is removed (`noun`: what the screen calls its files); the audit log keeps it. */
export function RemoveFileDialog({
  file,
  noun,
  onClose,
  onConfirm,
}: {
  file: { file_name: string } | null;
  noun: "document" | "file";
  onClose: () => void;
  onConfirm: () => Promise<boolean>;
}) {
  return (
    <ConfirmDialog
      open={file !== null}
      onOpenChange={(o) => !o && onClose()}
      title={file ? `Remove ${file.file_name}?` : `Remove ${noun}?`}
      description={`The ${noun} is removed from this draft. The firm's audit log keeps that it was.`}
      confirmLabel="Remove"
      busyLabel="Removing..."
      variant="danger"
      onConfirm={onConfirm}
    />
  );
}

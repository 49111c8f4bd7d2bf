import { useState } from "react";
import { useAction } from "~/ui/use-action.ts";
import { Button } from "~/ui/button.tsx";
import { Modal } from "~/ui/modal.tsx";
import { toastFailure } from "~/ui/toast-failure.ts";
import type { SiteContentVersion } from "../site-content.types.ts";
import { getSiteContentVersions, restoreSiteContentVersion } from "../content.api.ts";
import { formatDateTime } from "~/lib/format.ts";

/** Every kept version of one key, newest first; one click makes an earlier one current again. */
export function SiteContentHistory({
  contentKey,
  label,
  disabled,
  onRestored,
}: {
  contentKey: string;
  label: string;
  disabled?: boolean;
  /** Told once a version is restored and the page's data read again. */
  onRestored: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [versions, setVersions] = useState<SiteContentVersion[] | null>(null);
  const { act, pending } = useAction();
  // The version whose Restore was pressed last: it says "Restoring..." while `pending`.
  const [restoring, setRestoring] = useState<number | null>(null);
  const busy = pending ? restoring : null;

  async function load() {
    setVersions(null);
    const res = await getSiteContentVersions(contentKey);
    if (!res.ok) {
      toastFailure(res, { title: "History not loaded" });
      setOpen(false);
      return;
    }
    setVersions(res.data.versions);
  }

  async function restore(v: SiteContentVersion) {
    setRestoring(v.id);
    const res = await act(() => restoreSiteContentVersion(v.id), {
      failure: "Version not restored",
      success: `${label} restored`,
      description: "The home page shows the restored text now.",
    });
    if (!res.ok) return;
    setOpen(false);
    onRestored();
  }

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) void load();
      }}
      title={`History: ${label}`}
      description="Every version kept, newest first. Restoring one makes it the current text (and adds it to the history)."
      wide
      trigger={
        <Button variant="ghost" size="sm" disabled={disabled}>
          History
        </Button>
      }
    >
      {versions === null ? (
        <p className="text-sm text-slate-700">Loading…</p>
      ) : versions.length === 0 ? (
        <p className="text-sm text-slate-700">No saved versions yet: the home page shows the built-in text.</p>
      ) : (
        <ol className="max-h-[60vh] space-y-3 overflow-y-auto">
          {versions.map((v, i) => (
            <li key={v.id} className="rounded-md border border-slate-200 p-3">
              <p className="text-sm text-slate-700">
                {formatDateTime(v.createdAt)}
                {v.createdBy ? ` · ${v.createdBy}` : ""}
                {i === 0 ? " · current" : ""}
                {v.restoredFrom ? " · restored" : ""}
              </p>
              <p className="mt-1 whitespace-pre-line text-ink">{v.value ?? <em>Built-in text</em>}</p>
              {i > 0 ? (
                <Button size="sm" variant="secondary" className="mt-2" disabled={pending} onClick={() => void restore(v)}>
                  {busy === v.id ? (
                    "Restoring..."
                  ) : (
                    <>
                      Restore<span className="sr-only"> the version of {formatDateTime(new Date(v.createdAt))}</span>
                    </>
                  )}
                </Button>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </Modal>
  );
}

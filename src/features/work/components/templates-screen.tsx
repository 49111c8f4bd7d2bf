import { useState } from "react";
import { Link } from "react-router";
import { Button } from "~/ui/button.tsx";
import { ConfirmDialog } from "~/ui/confirm-dialog.tsx";
import { Modal } from "~/ui/modal.tsx";
import { useAction } from "~/ui/use-action.ts";
import { archiveTemplate } from "../work.api.ts";
import { dueRuleLabel } from "../work-periods.ts";
import type { Choice, WorkSchedule, WorkSettings, WorkTemplate } from "../work.types.ts";
import { TemplateClients } from "./template-clients.tsx";
import { ApplyForm } from "./apply-form.tsx";
import { TemplateForm } from "./template-form.tsx";
import { WorkSettingsForm } from "./work-settings-form.tsx";

const REPEATS = { monthly: "Every month", quarterly: "Every quarter", yearly: "Every year", once: "Once" } as const;

type Open = { kind: "edit" | "apply" | "archive"; template: WorkTemplate } | { kind: "new" } | null;

/** /firm/work/templates: the firm's templates of recurring work, applying them to clients, the horizon and holidays. */
export function TemplatesScreen(props: {
  templates: WorkTemplate[];
  schedules: WorkSchedule[];
  clients: { id: number; name: string }[];
  staff: Choice[];
  settings: WorkSettings;
}) {
  const { act } = useAction();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  return (
    <div className="space-y-6">
      <p className="text-sm">
        <Link to="/firm/work" className="text-brand-700 underline">
          All work
        </Link>
      </p>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-ink">Templates of recurring work</h1>
        <Button type="button" onClick={() => setOpen({ kind: "new" })}>
          New template
        </Button>
      </div>
      <ul className="grid gap-4 md:grid-cols-2">
        {props.templates.map((t) => (
          <li key={t.id} className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
            <h2 className="text-lg font-semibold text-ink">{t.title}</h2>
            <p className="text-sm text-muted">
              {t.service} · {REPEATS[t.frequency]} · {dueRuleLabel(t)} · {t.items.length} items ({t.items.filter((i) => i.binding).length}{" "}
              ticked by the books)
            </p>
            <TemplateClients title={t.title} schedules={props.schedules.filter((s) => s.template_id === t.id)} />
            <div className="flex flex-wrap gap-2">
              <Button type="button" size="sm" onClick={() => setOpen({ kind: "apply", template: t })}>
                Apply {t.title} to clients
              </Button>
              <Button type="button" size="sm" variant="secondary" onClick={() => setOpen({ kind: "edit", template: t })}>
                Edit {t.title}
              </Button>
              <Button type="button" size="sm" variant="ghost" onClick={() => setOpen({ kind: "archive", template: t })}>
                Archive {t.title}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <WorkSettingsForm settings={props.settings} />
      <Modal
        open={open?.kind === "new" || open?.kind === "edit"}
        onOpenChange={(o) => !o && close()}
        title={open?.kind === "edit" ? `Edit ${open.template.title}` : "New template"}
        description="Instances not yet started follow a change; those started keep their checklist."
        wide
        dismissOnOutsideClick={false}
      >
        {open?.kind === "new" || open?.kind === "edit" ? (
          <TemplateForm template={open.kind === "edit" ? open.template : null} onSaved={close} />
        ) : null}
      </Modal>
      <Modal
        open={open?.kind === "apply"}
        onOpenChange={(o) => !o && close()}
        title={open?.kind === "apply" ? `Apply ${open.template.title}` : "Apply"}
        description="Each client gets an instance for every period from the one you choose, made ahead up to the horizon."
        wide
      >
        {open?.kind === "apply" ? (
          <ApplyForm template={open.template} clients={props.clients} staff={props.staff} onApplied={close} />
        ) : null}
      </Modal>
      <ConfirmDialog
        open={open?.kind === "archive"}
        onOpenChange={(o) => !o && close()}
        title={open?.kind === "archive" ? `Archive ${open.template.title}?` : "Archive?"}
        description="No more instances are made from it; those made stay as they are."
        confirmLabel="Archive"
        variant="danger"
        onConfirm={async () =>
          open?.kind === "archive"
            ? (await act(() => archiveTemplate(open.template.id), { failure: "Not archived", success: "Archived" })).ok
            : false
        }
      />
    </div>
  );
}

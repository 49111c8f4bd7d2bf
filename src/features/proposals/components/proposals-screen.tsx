import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "react-router";
import { formatDateTime, formatLongDate } from "~/lib/format.ts";
import { Button, ButtonLink } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import { Modal } from "~/ui/modal.tsx";
import { useAction } from "~/ui/use-action.ts";
import { useHydrated } from "~/ui/use-hydrated.ts";
import { createTemplate, updateTemplate } from "../proposals.api.ts";
import { PLACEHOLDERS, templateSchema, type TemplateInput } from "../proposals.schema.ts";
import type { ProposalListRow } from "../proposal-form.ts";
import type { LetterTemplate } from "../proposals.types.ts";
import { ProposalStatusBadge, totalsLine } from "./proposal-status.tsx";

const when = (at: string | null) => (at ? formatDateTime(at) : "—");

/** /firm/proposals: every proposal with its state, totals and dates; the firm's letter templates, written here. */
export function ProposalsScreen({ proposals, templates }: { proposals: ProposalListRow[]; templates: LetterTemplate[] }) {
  const uid = useId();
  const hydrated = useHydrated();
  const [editing, setEditing] = useState<LetterTemplate | "new" | null>(null);
  return (
    <div className="space-y-8">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-ink">Proposals</h1>
          <p className="mt-1 text-slate-700">Engagement letters with their fees, sent to leads and clients to sign online.</p>
        </div>
        <ButtonLink to="/firm/proposals/new">New proposal</ButtonLink>
      </header>

      <section aria-labelledby={`${uid}-list`} className="space-y-3">
        <h2 id={`${uid}-list`} className="sr-only">
          All proposals
        </h2>
        {proposals.length === 0 ? (
          <p className="text-muted">No proposal yet.</p>
        ) : (
          <ul className="space-y-3">
            {proposals.map((p) => (
              <li key={p.id} aria-label={p.title} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                  <h3 className="text-base font-semibold">
                    <Link to={`/firm/proposals/${p.id}`} className="text-brand-700 underline-offset-2 hover:underline">
                      {p.title}
                    </Link>
                  </h3>
                  <ProposalStatusBadge status={p.status} />
                </div>
                <p className="text-sm text-slate-700">
                  {p.company || p.client_name} · {p.lead_id && !p.organization_id ? "Lead" : "Client"} · {p.client_email}
                </p>
                <p className="text-sm font-medium text-ink" data-testid="proposal-totals">
                  {totalsLine(p.totals, p.currency)}
                </p>
                <dl className="mt-1 flex flex-wrap gap-x-5 gap-y-1 text-xs text-muted">
                  <div className="flex gap-1">
                    <dt>Sent</dt>
                    <dd>{when(p.sent_at)}</dd>
                  </div>
                  <div className="flex gap-1">
                    <dt>Viewed</dt>
                    <dd>{when(p.viewed_at)}</dd>
                  </div>
                  <div className="flex gap-1">
                    <dt>Answered</dt>
                    <dd>{when(p.accepted_at ?? p.declined_at)}</dd>
                  </div>
                  <div className="flex gap-1">
                    <dt>Valid until</dt>
                    <dd>{formatLongDate(p.expires_on)}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby={`${uid}-templates`} className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 id={`${uid}-templates`} className="text-lg font-semibold text-ink">
              Letter templates
            </h2>
            <p className="text-sm text-muted">The engagement letters a proposal starts from.</p>
          </div>
          <Button type="button" size="sm" variant="secondary" disabled={!hydrated} onClick={() => setEditing("new")}>
            New template
          </Button>
        </div>
        {templates.length === 0 ? <p className="text-sm text-muted">None yet.</p> : null}
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {templates.map((t) => (
            <li key={t.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
              <div>
                <p className="font-medium text-ink">{t.name}</p>
                <p className="text-xs text-muted">Changed {formatDateTime(t.updated_at)}</p>
              </div>
              <Button type="button" size="sm" variant="ghost" disabled={!hydrated} onClick={() => setEditing(t)}>
                Edit<span className="sr-only"> {t.name}</span>
              </Button>
            </li>
          ))}
        </ul>
      </section>

      <Modal
        open={editing !== null}
        onOpenChange={(o) => !o && setEditing(null)}
        title={editing === "new" ? "New letter template" : editing ? `Edit ${editing.name}` : "Letter template"}
        description="A proposal copies the template's text when it is composed: a change here leaves proposals already made as they are."
        wide
        dismissOnOutsideClick={false}
      >
        {editing !== null ? <TemplateForm template={editing === "new" ? null : editing} onSaved={() => setEditing(null)} /> : null}
      </Modal>
    </div>
  );
}

function TemplateForm({ template, onSaved }: { template: LetterTemplate | null; onSaved: () => void }) {
  const { act } = useAction();
  const { register, handleSubmit, setError, formState } = useForm<TemplateInput>({
    resolver: zodResolver(templateSchema),
    defaultValues: { name: template?.name ?? "", body: template?.body ?? "" },
  });
  const submit = handleSubmit(async (body) => {
    const res = await act(() => (template ? updateTemplate(template.id, body) : createTemplate(body)), {
      failure: "Template not saved",
      success: `${body.name} saved`,
    });
    if (!res.ok) {
      for (const [key, message] of Object.entries(res.fields)) setError(key as keyof TemplateInput, { message }, { shouldFocus: true });
      return;
    }
    onSaved();
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={template ? `Edit ${template.name}` : "New letter template"}>
      <InputField id="template-name" label="Name" maxLength={200} error={formState.errors.name?.message} {...register("name")} />
      <InputField
        id="template-body"
        as="textarea"
        rows={12}
        label="Letter"
        hint={`Placeholders: ${PLACEHOLDERS.map((p) => `{{${p}}}`).join(", ")}.`}
        error={formState.errors.body?.message}
        {...register("body")}
      />
      <Button type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? "Saving…" : "Save the template"}
      </Button>
    </form>
  );
}

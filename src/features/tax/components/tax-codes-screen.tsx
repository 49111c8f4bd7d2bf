import { useState } from "react";
import { CheckboxField } from "~/ui/field.tsx";
import { ColumnHeads } from "~/ui/table.tsx";
import { useAction } from "~/ui/use-action.ts";
import type { ApiResult } from "~/lib/api-client.ts";
import { useBooks } from "~/features/ledger/index.ts";
import type { TaxCodeInput } from "../tax-codes.schema.ts";
import { archiveTaxCode, createTaxCode, deleteTaxCode, updateTaxCode } from "../tax.api.ts";
import type { TaxCode, TaxSettings } from "~/features/ledger/index.ts";
import { TAX_CODE_HEADS, TaxCodeRow } from "./tax-code-row.tsx";
import { TaxCodeForm } from "./tax-code-form.tsx";
import { TaxSets } from "./tax-sets.tsx";
import { TaxSettingsForm } from "./tax-settings-form.tsx";

/**
 * Tax (/accounting/:orgId/tax): the books' tax codes, each with its parts, rates, accounts and return boxes; the sets
 * to start from, the CSV export and import, and the settings. Those who hold "books.tax" add, change, archive and
 * delete codes.
 */
export function TaxCodesScreen({ codes, settings }: { codes: TaxCode[]; settings: TaxSettings }) {
  const { organization, accounts, can } = useBooks();
  const canWrite = can["books.tax"];
  const orgId = organization.id;
  const [editing, setEditing] = useState<number | null>(null);
  const [showArchived, setShowArchived] = useState(false);
  const { act, pending } = useAction();
  const send = async (call: () => Promise<ApiResult<unknown>>, failure: string, success: string) => {
    const res = await act(call, { failure, success });
    return res.ok ? null : res.fields;
  };
  const saveEdit = async (c: TaxCode, values: TaxCodeInput) => {
    const fields = await send(() => updateTaxCode(orgId, c.id, values), "Tax code not saved", "Tax code saved");
    if (!fields) setEditing(null);
    return fields;
  };
  const accountText = (id: number) => accounts.find((a) => a.id === id)?.account_code ?? "deleted account";
  const shown = codes.filter((c) => showArchived || !c.archived);
  const heads = canWrite ? [...TAX_CODE_HEADS, "Actions"] : TAX_CODE_HEADS;

  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-2xl font-semibold text-ink">Tax</h2>
        <p className="mt-1 max-w-3xl text-sm text-muted">
          Tax codes say how a line is taxed. A rate change is a new code from its first day, the old one ended the day before.
        </p>
      </div>
      <CheckboxField
        id="tax-show-archived"
        label="Show archived codes"
        checked={showArchived}
        onChange={(e) => setShowArchived(e.target.checked)}
      />
      {shown.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-muted">No tax codes yet.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200">
          <table className="min-w-full divide-y divide-slate-200 max-md:block">
            <caption className="sr-only">Tax codes</caption>
            <thead className="bg-slate-50 max-md:hidden">
              <ColumnHeads labels={heads} numeric={["Rate"]} />
            </thead>
            <tbody className="divide-y divide-slate-200 max-md:block">
              {shown.map((c) =>
                editing === c.id ? (
                  <tr key={c.id} className="max-md:block">
                    <td colSpan={heads.length} className="p-2 max-md:block">
                      <TaxCodeForm code={c} accounts={accounts} onSubmit={(v) => saveEdit(c, v)} onCancel={() => setEditing(null)} />
                    </td>
                  </tr>
                ) : (
                  <TaxCodeRow
                    key={c.id}
                    code={c}
                    accountCode={accountText}
                    actions={
                      canWrite
                        ? {
                            pending,
                            edit: () => setEditing(c.id),
                            archive: () =>
                              void send(
                                () => archiveTaxCode(orgId, c.id, !c.archived),
                                "Not changed",
                                c.archived ? "Code unarchived" : "Code archived",
                              ),
                            remove: () => void send(() => deleteTaxCode(orgId, c.id), "Not deleted", "Tax code deleted"),
                          }
                        : null
                    }
                  />
                ),
              )}
            </tbody>
          </table>
        </div>
      )}
      {canWrite && editing === null ? (
        <TaxCodeForm
          accounts={accounts}
          onSubmit={(values) => send(() => createTaxCode(orgId, values), "Tax code not saved", "Tax code saved")}
        />
      ) : null}
      <TaxSets orgId={orgId} canWrite={canWrite} />
      <TaxSettingsForm orgId={orgId} settings={settings} canWrite={canWrite} />
    </div>
  );
}

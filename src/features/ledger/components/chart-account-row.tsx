import { Button } from "~/ui/button.tsx";
import type { Account } from "../ledger.types.ts";
import { DETAIL_TYPE_LABELS } from "../account-types.ts";
import { tdClass } from "~/ui/table.tsx";

/**
 * One account of the chart, indented under its parent (data-level: its depth), and a sub-account's name
 * says whose it is to a screen reader.
 */
export function ChartAccountRow({
  account: a,
  level,
  parent,
  canWrite,
  canDelete,
  editButtons,
  onEdit,
  onDelete,
  onReactivate,
}: {
  account: Account;
  level: number;
  parent: Account | undefined;
  canWrite: boolean;
  /** "books.accounts.delete": when the firm keeps the books, deleting an account is the firm's. */
  canDelete: boolean;
  editButtons: Map<number, HTMLButtonElement>;
  onEdit: (a: Account) => void;
  onDelete: (a: Account) => void;
  onReactivate: (a: Account) => void;
}) {
  const inactive = a.is_active === false;
  return (
    <tr data-testid="account-row" data-level={level} className={inactive ? "bg-slate-50" : undefined}>
      <td className={`${tdClass} font-mono`}>{a.account_code}</td>
      <td className={tdClass}>
        <span style={{ paddingInlineStart: `${(level - 1) * 1.25}rem` }} className="inline-block">
          {level > 1 ? (
            <span aria-hidden="true" className="mr-1 text-muted">
              └
            </span>
          ) : null}
          {a.account_name}
          {parent ? <span className="sr-only">, sub-account of {parent.account_code}</span> : null}
        </span>
        {inactive ? (
          <span className="ml-2 inline-block rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">Inactive</span>
        ) : null}
      </td>
      <td className={tdClass}>{a.account_type}</td>
      <td className={tdClass}>{DETAIL_TYPE_LABELS[a.detail_type]}</td>
      {canWrite ? (
        <td className={`${tdClass} whitespace-nowrap`}>
          <div className="flex flex-wrap gap-2">
            {inactive ? (
              <Button size="sm" variant="secondary" onClick={() => onReactivate(a)} aria-label={`Reactivate account ${a.account_code}`}>
                Reactivate
              </Button>
            ) : (
              <>
                <Button
                  size="sm"
                  variant="secondary"
                  ref={(el) => {
                    if (el) editButtons.set(a.id, el);
                    else editButtons.delete(a.id);
                  }}
                  onClick={() => onEdit(a)}
                  aria-label={`Edit account ${a.account_code}`}
                >
                  Edit
                </Button>
                {canDelete ? (
                  <Button size="sm" variant="danger" onClick={() => onDelete(a)} aria-label={`Delete account ${a.account_code}`}>
                    Delete
                  </Button>
                ) : null}
              </>
            )}
          </div>
        </td>
      ) : null}
    </tr>
  );
}

import type { AccountDto } from "~/features/ledger/ledger.types.ts";
import type { BankAccount, BankLine } from "../bank.types.ts";
import { askClient, categorizeLines, excludeLine, matchLines, splitLine } from "../bank.api.ts";
import { AskDialog, ExcludeDialog } from "./bank-line-text-dialog.tsx";
import { BankLineDocuments } from "./bank-line-documents.tsx";
import { CategorizeDialog } from "./categorize-dialog.tsx";
import { MatchDialog } from "./match-dialog.tsx";
import { SplitDialog } from "./split-dialog.tsx";
import { useTaxCodes } from "./tax-code-select.tsx";
import type { BankLineDialogKind, LineFailure, WriteLine } from "./use-bank-line-changes.ts";

/** A refusal as one text, for the dialogs of one field. */
const textOf = async (failure: Promise<LineFailure | null>) => (await failure)?.text ?? null;

/**
 * The dialog open about one statement line (at most one at a time): its receipts, categorize (or split over several
 * accounts and tax codes), ask the client, exclude, or match by hand; the tax codes are loaded when one opens. Each posts through `write`, the account page's one action; `pending` while it runs.
 */
export function BankLineDialogs({
  dialog,
  account,
  accounts,
  orgId,
  canWrite,
  pending,
  write,
  onOpen,
  onClose,
}: {
  dialog: { kind: BankLineDialogKind; line: BankLine } | null;
  account: BankAccount;
  accounts: AccountDto[];
  orgId: number;
  canWrite: boolean;
  pending: boolean;
  write: WriteLine;
  onOpen: (kind: BankLineDialogKind, line: BankLine) => void;
  onClose: () => void;
}) {
  const bankId = account.id;
  const taxCodes = useTaxCodes(dialog && (dialog.kind === "categorize" || dialog.kind === "split") ? orgId : null);
  const lineOf = (kind: BankLineDialogKind) => (dialog?.kind === kind ? dialog.line : null);
  return (
    <>
      <BankLineDocuments line={lineOf("documents")} orgId={orgId} bankId={bankId} canWrite={canWrite} onClose={onClose} />
      <CategorizeDialog
        line={lineOf("categorize")}
        accounts={accounts}
        taxCodes={taxCodes}
        bankAccountId={account.account_id}
        pending={pending}
        onClose={onClose}
        onSplit={(line) => onOpen("split", line)}
        onSubmit={(line, accountId, taxCodeId) =>
          textOf(
            write(
              line,
              () => categorizeLines(orgId, bankId, { bank_line_ids: [line.id], account_id: accountId, tax_code_id: taxCodeId }),
              "Not posted",
              "Entry posted",
            ),
          )
        }
      />
      <SplitDialog
        line={lineOf("split")}
        accounts={accounts}
        taxCodes={taxCodes}
        bankAccountId={account.account_id}
        pending={pending}
        onClose={onClose}
        onSubmit={(line, input) => write(line, () => splitLine(orgId, bankId, input), "Not posted", "Entry posted, split")}
      />
      <AskDialog
        line={lineOf("ask")}
        pending={pending}
        onClose={onClose}
        onSubmit={(line, question) =>
          textOf(
            write(line, () => askClient(orgId, bankId, { bank_line_id: line.id, question }), "Not sent", "Question sent to the client"),
          )
        }
      />
      <ExcludeDialog
        line={lineOf("exclude")}
        pending={pending}
        onClose={onClose}
        onSubmit={(line, reason) =>
          textOf(write(line, () => excludeLine(orgId, bankId, line.id, reason), "Not excluded", "Line excluded: it counts nowhere"))
        }
      />
      <MatchDialog
        line={lineOf("match")}
        orgId={orgId}
        bankId={bankId}
        pending={pending}
        onClose={onClose}
        onSubmit={async (line, ids) =>
          (await write(
            line,
            () => matchLines(orgId, bankId, { bank_line_ids: [line.id], ledger_line_ids: ids }),
            "Not matched",
            "Matched",
          )) === null
        }
      />
    </>
  );
}

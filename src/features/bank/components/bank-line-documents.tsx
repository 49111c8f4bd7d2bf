import { useId, useState } from "react";
import { useRevalidator } from "react-router";
import { Button } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import { Modal } from "~/ui/modal.tsx";
import type { BankLine, LedgerCandidate } from "../bank.types.ts";
import { attachLineDocument } from "../bank.api.ts";
import { lineSummary } from "./bank-line-text.ts";
import { useMoney } from "~/features/ledger/index.ts";
import { EntryDocuments } from "~/features/ledger/index.ts";

const entryText = (e: LedgerCandidate) => `${e.entry_number} · ${e.date} · ${e.description}`;

/** The entries a line's match holds, each once, in the order the line lists them. */
const entriesOf = (line: BankLine) => line.matched.filter((c, i, all) => all.findIndex((o) => o.entry_id === c.entry_id) === i);

/**
 * The receipts of a statement line: the documents of the entry it is matched to or was categorized into, listed to
 * preview and download, and (for who may write the books) a receipt added to it from here. A line matched to several
 * entries asks which; a line not in the books yet says what to do first.
 */
export function BankLineDocuments({
  line,
  orgId,
  bankId,
  canWrite,
  onClose,
}: {
  line: BankLine | null;
  orgId: number;
  bankId: number;
  canWrite: boolean;
  onClose: () => void;
}) {
  const uid = useId();
  const revalidator = useRevalidator();
  const { money } = useMoney();
  const entries = line ? entriesOf(line) : [];
  /** The entry chosen for the line, forgotten on closing: a line opens on its first entry. */
  const [chosen, setChosen] = useState<{ lineId: number; entryId: number } | null>(null);
  const entryId = line && chosen?.lineId === line.id ? chosen.entryId : (entries[0]?.entry_id ?? null);
  const close = () => (setChosen(null), onClose());
  const entry = entries.find((e) => e.entry_id === entryId) ?? null;

  return (
    <Modal
      open={line !== null}
      onOpenChange={(o) => !o && close()}
      title="Receipts and documents"
      description={line ? lineSummary(line, money) : ""}
    >
      <div className="space-y-4">
        {entries.length === 0 ? (
          <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-ink" role="status">
            This statement line is not in the books yet: match it or categorize it first, then attach its receipt to the entry.
          </p>
        ) : entries.length === 1 ? (
          <p className="text-sm text-ink">
            Kept with entry <span className="font-semibold">{entryText(entries[0]!)}</span>.
          </p>
        ) : (
          <InputField
            as="select"
            id={`${uid}-entry`}
            label="Entry"
            hint={`This line is matched to ${entries.length} entries: documents are kept with the one chosen.`}
            value={entryId ?? ""}
            onChange={(e) => line && setChosen({ lineId: line.id, entryId: Number(e.target.value) })}
          >
            {entries.map((e) => (
              <option key={e.entry_id} value={e.entry_id}>
                {entryText(e)}
              </option>
            ))}
          </InputField>
        )}
        {line && entry ? (
          <EntryDocuments
            key={entry.entry_id}
            orgId={orgId}
            entryId={entry.entry_id}
            canWrite={canWrite}
            draft={false}
            upload={async (file) => {
              const res = await attachLineDocument(orgId, bankId, line.id, file, entry.entry_id);
              if (res.ok) void revalidator.revalidate();
              return res;
            }}
          />
        ) : null}
        <Button variant="secondary" onClick={close}>
          Done
        </Button>
      </div>
    </Modal>
  );
}

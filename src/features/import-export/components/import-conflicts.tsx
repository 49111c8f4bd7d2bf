import { InputField } from "~/ui/field.tsx";
import type { ConflictChoice } from "../import.schema.ts";
import type { ChartConflict } from "../import.types.ts";

const describe = (a: { name: string; type: string }) => `${a.name} (${a.type})`;

/**
 * The chart file's accounts whose code the chart has under another name or type: for each, keep ours, take the file's
 * (offered only where ours may take it; else why not), or import it under another code (a free one filled in).
 */
export function ImportConflicts({
  conflicts,
  choices,
  onChoose,
}: {
  conflicts: ChartConflict[];
  choices: Record<string, ConflictChoice>;
  onChoose: (code: string, choice: ConflictChoice | undefined) => void;
}) {
  const open = conflicts.filter((c) => choices[c.code] === undefined).length;
  return (
    <section aria-labelledby="import-conflicts" className="space-y-3">
      <div>
        <h3 id="import-conflicts" className="text-sm font-semibold text-ink">
          Codes the chart already has under another name or type ({conflicts.length})
        </h3>
        <p className="text-sm text-muted">
          {open > 0 ? `Choose for each what to do: ${open} still to choose.` : "Each has a choice."} Nothing is imported until every one
          has.
        </p>
      </div>
      <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
        {conflicts.map((c) => {
          const choice = choices[c.code];
          const how = choice?.startsWith("code:") ? "code" : (choice ?? "");
          const id = `conflict-${c.code}`;
          return (
            <li key={c.code} className="grid gap-3 p-3 text-sm lg:grid-cols-[minmax(0,1fr)_20rem_10rem]" data-testid="import-conflict">
              <div>
                <p className="font-medium text-ink">
                  <span className="font-mono">{c.code}</span> · line {c.line}
                </p>
                <p className="text-muted">
                  Ours: {describe(c.ours)}
                  {c.ours.active ? "" : " (deleted)"} · the file: {describe(c.theirs)}
                </p>
                {c.theirs_refused ? <p className="text-amber-800">Cannot take the file&apos;s: {c.theirs_refused}</p> : null}
              </div>
              <InputField
                as="select"
                id={id}
                label={`What to do with ${c.code}`}
                value={how}
                onChange={(e) => {
                  const v = e.target.value;
                  onChoose(c.code, v === "" ? undefined : v === "code" ? `code:${c.free_code}` : (v as ConflictChoice));
                }}
              >
                <option value="">Choose…</option>
                <option value="keep">Keep ours: {c.ours.name}</option>
                <option value="theirs" disabled={c.theirs_refused !== null}>
                  Take the file&apos;s: {describe(c.theirs)}
                </option>
                <option value="code">Import it under another code</option>
              </InputField>
              {how === "code" ? (
                <InputField
                  id={`${id}-code`}
                  label="Its code"
                  value={choice!.slice("code:".length)}
                  maxLength={20}
                  onChange={(e) => onChoose(c.code, `code:${e.target.value.trim()}`)}
                />
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

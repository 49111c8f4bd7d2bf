import { Fragment } from "react";

/** A field's name with a place to wrap at each of its words (`organizationId`, `two_factor`), never inside one. */
function FieldName({ name }: { name: string }) {
  const words = name.split(/(?<=[a-z0-9])(?=[A-Z])|(?<=[_.])/);
  return words.map((w, i) => (
    <Fragment key={i}>
      {i > 0 ? <wbr /> : null}
      {w}
    </Fragment>
  ));
}

/** A value; one without spaces (an email, an id, a link) may break anywhere, text only between its words. */
const valueClass = (text: string) => (/\s/.test(text.trim()) ? "whitespace-pre-line break-words" : "[overflow-wrap:anywhere]");

/** The fields of an audit row as they were and as they are, one line per field. */
export function AuditChanges({
  before,
  after,
  people,
}: {
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** Users' names by id: a value that is a user's id shows the user. */
  people: Record<string, string>;
}) {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (keys.length === 0) return <p className="text-sm text-slate-600">No fields recorded.</p>;
  const show = (row: Record<string, unknown> | null, key: string) => {
    if (!row || !(key in row)) return <span className="text-slate-500">—</span>;
    const v = row[key];
    if (v === null) return <em className="text-slate-600">none</em>;
    const text = typeof v === "string" ? (people[v] ?? v) : JSON.stringify(v);
    return <span className={valueClass(text)}>{text}</span>;
  };
  return (
    // Fixed columns: a long value wraps inside its third of the card instead of widening the table past a phone's screen.
    <table className="w-full table-fixed text-left text-sm">
      <thead className="text-slate-600">
        <tr>
          <th scope="col" className="w-1/3 py-1 pr-2 font-medium">
            Field
          </th>
          <th scope="col" className="py-1 pr-2 font-medium">
            Before
          </th>
          <th scope="col" className="py-1 font-medium">
            After
          </th>
        </tr>
      </thead>
      <tbody>
        {keys.map((k) => {
          const changed = JSON.stringify(before?.[k]) !== JSON.stringify(after?.[k]);
          return (
            <tr key={k} className="border-t border-slate-100 align-top">
              <th scope="row" className="py-1 pr-2 font-mono text-xs font-normal text-slate-700">
                <FieldName name={k} />
              </th>
              <td className="py-1 pr-2 text-slate-700">{show(before, k)}</td>
              <td className={changed ? "py-1 font-medium text-ink" : "py-1 text-slate-700"}>{show(after, k)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

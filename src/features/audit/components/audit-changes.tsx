/** The fields of an audit row as they were and as they are, one line per field. */
export function AuditChanges({ before, after }: { before: Record<string, unknown> | null; after: Record<string, unknown> | null }) {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (keys.length === 0) return <p className="text-sm text-slate-600">No fields recorded.</p>;
  const show = (row: Record<string, unknown> | null, key: string) => {
    if (!row || !(key in row)) return <span className="text-slate-500">—</span>;
    const v = row[key];
    if (v === null) return <em className="text-slate-600">none</em>;
    return <span className="whitespace-pre-line break-words">{typeof v === "string" ? v : JSON.stringify(v)}</span>;
  };
  return (
    <table className="w-full table-fixed text-left text-sm">
      <thead className="text-slate-600">
        <tr>
          <th scope="col" className="w-1/4 py-1 pr-2 font-medium">
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
              <th scope="row" className="break-words py-1 pr-2 font-mono text-xs font-normal text-slate-700">
                {k}
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

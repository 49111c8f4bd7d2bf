import type { CashFlowLine, CashFlowReport } from "../cash-flow.ts";
import { tdClass } from "~/ui/table.tsx";
import { useMoney } from "~/features/ledger/index.ts";

function Lines({ lines }: { lines: CashFlowLine[] }) {
  const { money } = useMoney();
  return lines.map((l) => (
    <tr key={l.account_id}>
      <td className={`${tdClass} pl-8`}>
        <span className="font-mono">{l.account_code}</span> {l.account_name}
      </td>
      <td className={`${tdClass} text-right tabular-nums whitespace-nowrap`}>{money(l.amount)}</td>
    </tr>
  ));
}

function Total({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const { money } = useMoney();
  return (
    <tr className="bg-slate-50 font-semibold" data-testid={testId}>
      <th scope="row" className={`${tdClass} text-left`}>
        {label}
      </th>
      <td className={`${tdClass} text-right tabular-nums whitespace-nowrap`}>{money(value)}</td>
    </tr>
  );
}

function Head({ children }: { children: string }) {
  return (
    <tr>
      <th scope="rowgroup" colSpan={2} className={`${tdClass} pt-4 text-left font-semibold`}>
        {children}
      </th>
    </tr>
  );
}

/**
 * The statement of cash flows (indirect method): operating (net income, depreciation added back, working capital),
 * investing, financing, the net change in cash and the cash at the start and the end, which it reconciles to. Amounts
 * are signed as on paper (report-print-cash-flow.ts): an outflow or a net loss with a leading minus.
 */
export function CashFlowsTable({ report }: { report: CashFlowReport }) {
  const { money } = useMoney();
  return (
    <table className="min-w-full text-sm">
      <caption className="sr-only">
        Cash flows, {report.start} to {report.end}
      </caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">Item</th>
          <th scope="col">Amount</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        <Head>Operating activities</Head>
        <tr>
          <td className={`${tdClass} pl-8`}>Net income</td>
          <td className={`${tdClass} text-right tabular-nums whitespace-nowrap`}>{money(report.net_income)}</td>
        </tr>
        <Lines lines={report.depreciation} />
        <Lines lines={report.working_capital} />
        <Total label="Net cash from operating activities" value={report.total_operating} />
        <Head>Investing activities</Head>
        <Lines lines={report.investing} />
        <Total label="Net cash from investing activities" value={report.total_investing} />
        <Head>Financing activities</Head>
        <Lines lines={report.financing} />
        <Total label="Net cash from financing activities" value={report.total_financing} />
        <Total label="Net change in cash" value={report.net_change} testId="cash-net-change" />
        <Total label={`Cash at ${report.start}`} value={report.cash_start} />
        <Total label={`Cash at ${report.end}`} value={report.cash_end} testId="cash-end" />
      </tbody>
    </table>
  );
}

import { describe, expect, it } from "vitest";
import { commentarySchema } from "./commentary.schema.ts";
import {
  changeText,
  fillIn,
  metricValues,
  parseToken,
  segments,
  tokenAccounts,
  tokenProblem,
  type MetricAmounts,
} from "./commentary-figures.ts";

describe("the commentary's figures", () => {
  it("reads the tokens the menu inserts, and nothing else", () => {
    expect(parseToken("revenue")).toEqual({ kind: "metric", metric: "revenue", variant: "" });
    expect(parseToken("cash:change_year")).toEqual({ kind: "metric", metric: "cash", variant: "change_year" });
    expect(parseToken("account:6100:movement")).toEqual({ kind: "account", code: "6100", figure: "movement" });
    expect(parseToken("account:1000.10-A:balance")).toEqual({ kind: "account", code: "1000.10-A", figure: "balance" });
    for (const bad of [
      "revenu",
      "revenue:",
      "revenue:change",
      " revenue",
      "account:6100",
      "account::movement",
      "account:6100:total",
      "Revenue",
    ])
      expect(parseToken(bad), bad).toBeNull();
  });

  it("names the problem of an unknown figure or of braces left open, and lists the accounts a text names", () => {
    expect(tokenProblem("Revenue {{revenue}} and cash {{cash:last_year}}")).toBeNull();
    expect(tokenProblem("{{profit}}")).toBe("Unknown figure {{profit}}: choose one from the figure menu");
    expect(tokenProblem("Revenue {{revenue")).toMatch(/not closed/);
    expect(tokenProblem("Revenue revenue}}")).toMatch(/not closed/);
    expect(tokenAccounts(["{{account:6100:movement}} {{account:1000:balance}}", "{{account:6100:balance}} {{revenue}}"])).toEqual([
      "6100",
      "1000",
    ]);
    const parsed = commentarySchema.safeParse({ headline: "Up {{revnue}}", changes: "", actions: "" });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]).toMatchObject({
      path: ["headline"],
      message: "Unknown figure {{revnue}}: choose one from the figure menu",
    });
  });

  it("writes a change with its sign and its per cent of the earlier amount, to one decimal, none from zero", () => {
    expect(changeText("4000.00", "5750.00", "USD")).toBe("+$1,750.00 (+43.8%)");
    expect(changeText("5750.00", "4000.00", "USD")).toBe("-$1,750.00 (-30.4%)");
    expect(changeText("-200.00", "-100.00", "USD")).toBe("+$100.00 (+50.0%)");
    expect(changeText("3.00", "3.01", "EUR")).toBe("+€0.01 (+0.3%)");
    expect(changeText("0.00", "12.00", "USD")).toBe("+$12.00");
    expect(changeText("12.00", "12.00", "USD")).toBe("$0.00 (0.0%)");
    // Half a tenth rounds away from zero: 1/8 = 12.5 %, -1/8 = -12.5 %; 1/16 = 6.25 % → 6.3 %.
    expect(changeText("16.00", "17.00", "USD")).toBe("+$1.00 (+6.3%)");
    expect(changeText("16.00", "15.00", "USD")).toBe("-$1.00 (-6.3%)");
  });

  it("fills a text in, a figure it cannot fill reading (unknown)", () => {
    const same: MetricAmounts = { month: "100.00", lastMonth: "80.00", lastYear: "0.00" };
    const values = metricValues({ revenue: same, gross_margin: same, net_income: same, operating_expenses: same, cash: same }, "USD");
    expect(fillIn("Revenue {{revenue}} ({{revenue:change_month}}), a year ago {{revenue:last_year}}.", values)).toBe(
      "Revenue $100.00 (+$20.00 (+25.0%)), a year ago $0.00.",
    );
    expect(segments("Salaries {{account:6100:movement}}", values)).toEqual([
      { text: "Salaries " },
      { figure: "{{account:6100:movement}}", value: "(unknown)", label: "{{account:6100:movement}}" },
    ]);
    expect(values["{{cash:change_year}}"]).toEqual({ value: "+$100.00", label: "Cash at month end, change from the same month last year" });
  });
});

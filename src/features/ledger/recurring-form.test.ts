import { describe, expect, it } from "vitest";
import { isDirty, type EntryFormLine } from "./entry-form.ts";
import { validateEntryForm } from "./entry-form-tax.ts";
import {
  blankRecurring,
  formSchedule,
  recurringFormSchema,
  recurringFromEntry,
  schedulePreview,
  validateRecurringForm,
  type RecurringFormValues,
} from "./recurring-form.ts";

const line = (accountId: string, debit: string, credit: string): EntryFormLine => ({ accountId, description: "", debit, credit });
const rent: RecurringFormValues = {
  description: "Office rent",
  reference: "",
  lines: [line("6", "1,500.00", ""), line("1", "", "1500")],
  frequency: "monthly",
  day_of_month: "31",
  start_date: "2026-01-10",
  end_date: "",
  post: false,
};
/** The first message at each path, as the form shows it (and the API names it in `fields`). */
const issues = (values: unknown) => {
  const first = new Map<string, string>();
  for (const i of recurringFormSchema.safeParse(values).error?.issues ?? [])
    if (!first.has(i.path.join("."))) first.set(i.path.join("."), i.message);
  return [...first];
};

describe("recurring entry form rules: the entry form's, then the schedule's", () => {
  it("checks the description, then the lines as the entry form does (amounts, two lines, balance)", () => {
    expect(validateRecurringForm({ ...rent, description: " ", lines: [] })).toBe("Description is required");
    const cases: [EntryFormLine[], string][] = [
      [[line("6", "-5", ""), line("1", "", "5")], "Line 1 debit: Amount must not be negative"],
      [[line("6", "10", ""), line("", "", "10")], "At least two account lines are required"],
      [[line("6", "10", ""), line("1", "", "9.99")], "Debits must equal credits"],
    ];
    for (const [lines, message] of cases) {
      expect(validateRecurringForm({ ...rent, lines })).toBe(message);
      // One set of rules for an entry's lines, in both forms.
      expect(validateEntryForm({ description: "Rent", entryDate: "2026-03-01", reference: "", lines })).toBe(message);
    }
    expect(validateRecurringForm(rent)).toBeNull();
  });

  it("reports the entry's first failing rule under root, and sends the lines that count with the schedule", () => {
    expect(issues({ ...rent, lines: [line("6", "10", ""), line("1", "", "9")] })).toEqual([["root", "Debits must equal credits"]]);
    expect(recurringFormSchema.parse({ ...rent, description: " Office rent ", lines: [...rent.lines, line("", "", "")] })).toEqual({
      description: "Office rent",
      reference: null,
      lines: [
        { account_id: 6, description: null, debit_amount: "1500.00", credit_amount: "0.00" },
        { account_id: 1, description: null, debit_amount: "0.00", credit_amount: "1500.00" },
      ],
      frequency: "monthly",
      day_of_month: 31,
      start_date: "2026-01-10",
      end_date: null,
      post: false,
    });
    expect(recurringFormSchema.parse({ ...rent, end_date: "2026-12-31", post: true, reference: " R-1 " })).toMatchObject({
      end_date: "2026-12-31",
      post: true,
      reference: "R-1",
    });
  });

  it("names the schedule's problems at their fields, with the API's messages", () => {
    expect(issues({ ...rent, start_date: "" })).toEqual([["start_date", "Start date is required"]]);
    expect(issues({ ...rent, start_date: "1899-12-01" })).toEqual([["start_date", "Start date must be between 1900-01-01 and 2200-12-31"]]);
    expect(issues({ ...rent, end_date: "2026-01-09" })).toEqual([["end_date", "End date must not be before the start date"]]);
    expect(issues({ ...rent, day_of_month: "32" })).toEqual([["day_of_month", "Day of the month must be from 1 to 31"]]);
    expect(issues({ ...rent, frequency: "weekly" })).toEqual([["frequency", "Frequency must be monthly, quarterly or yearly"]]);
  });

  it("a form is dirty when its schedule changes, not when it is typed back as it was", () => {
    expect(isDirty({ ...rent, description: "Office rent " }, rent)).toBe(false);
    expect(isDirty({ ...rent, post: true }, rent)).toBe(true);
    expect(isDirty({ ...rent, day_of_month: "15" }, rent)).toBe(true);
    expect(isDirty({ ...rent, end_date: "2026-12-31" }, rent)).toBe(true);
  });
});

describe("what saving a schedule will do (the dialog's preview)", () => {
  const schedule = formSchedule(rent)!;

  it("runs already due are made at once; the next three follow today", () => {
    expect(schedulePreview(schedule, { today: "2026-04-15" })).toEqual({
      due: ["2026-01-31", "2026-02-28", "2026-03-31"],
      next: ["2026-04-30", "2026-05-31", "2026-06-30"],
    });
    // A run dated today is due today.
    expect(schedulePreview(schedule, { today: "2026-03-31" }).due).toEqual(["2026-01-31", "2026-02-28", "2026-03-31"]);
    // A start date ahead: nothing at once.
    expect(schedulePreview(formSchedule({ ...rent, start_date: "2026-05-01" })!, { today: "2026-04-15" })).toEqual({
      due: [],
      next: ["2026-05-31", "2026-06-30", "2026-07-31"],
    });
  });

  it("an edited schedule starts after its last run; a paused one makes nothing at once and skips the dates passed", () => {
    expect(schedulePreview(schedule, { today: "2026-04-15", lastRun: "2026-02-28" }).due).toEqual(["2026-03-31"]);
    expect(schedulePreview(schedule, { today: "2026-04-15", lastRun: "2026-03-31" }).due).toEqual([]);
    expect(schedulePreview(schedule, { today: "2026-04-30", lastRun: "2026-01-31", paused: true })).toEqual({
      due: [],
      next: ["2026-04-30", "2026-05-31", "2026-06-30"],
    });
  });

  it("quarterly and yearly schedules, an end date, and a schedule started long ago", () => {
    const quarterly = formSchedule({
      ...rent,
      frequency: "quarterly",
      day_of_month: "15",
      start_date: "2025-02-01",
      end_date: "2026-06-30",
    })!;
    expect(schedulePreview(quarterly, { today: "2026-01-01" })).toEqual({
      due: ["2025-02-15", "2025-05-15", "2025-08-15", "2025-11-15"],
      next: ["2026-02-15", "2026-05-15"],
    });
    const yearly = formSchedule({ ...rent, frequency: "yearly", day_of_month: "29", start_date: "2023-02-01" })!;
    expect(schedulePreview(yearly, { today: "2026-01-01" }).due).toEqual(["2023-02-28", "2024-02-29", "2025-02-28"]);
    expect(schedulePreview(formSchedule({ ...rent, start_date: "1990-01-01" })!, { today: "2026-04-15" }).due).toHaveLength(435);
  });

  it("no preview until the start date is a date the API takes", () => {
    expect(formSchedule({ ...rent, start_date: "" })).toBeNull();
    expect(formSchedule({ ...rent, start_date: "0201-01-01" })).toBeNull();
    expect(formSchedule({ ...rent, start_date: "2026-02-30" })).toBeNull();
    expect(formSchedule({ ...rent, end_date: "" })).toMatchObject({ end_date: null, day_of_month: 31 });
  });
});

describe("a new schedule, and one made from a journal entry", () => {
  it("a new one is monthly on the 1st from next month, made as drafts", () => {
    expect(blankRecurring("2026-04-15")).toMatchObject({ frequency: "monthly", day_of_month: "1", start_date: "2026-05-01", post: false });
    expect(blankRecurring("2026-12-31").start_date).toBe("2027-01-01");
  });

  it("an entry's day of the month (its month's last day stays the last day), from the month after it", () => {
    const entry = (entry_date: string) => ({
      description: "Rent",
      reference: "LEASE-1",
      entry_date,
      lines: [
        { account_id: 6, description: "June", debit_amount: "1500.00", credit_amount: "0.00" },
        { account_id: 1, description: null, debit_amount: "0.00", credit_amount: "1500.00" },
      ],
    });
    expect(recurringFromEntry(entry("2026-03-15"))).toMatchObject({
      description: "Rent",
      reference: "LEASE-1",
      day_of_month: "15",
      start_date: "2026-04-15",
      lines: [line("6", "1500.00", ""), line("1", "", "1500.00")].map((l, i) => ({ ...l, description: i === 0 ? "June" : "" })),
    });
    expect(recurringFromEntry(entry("2026-01-31"))).toMatchObject({ day_of_month: "31", start_date: "2026-02-28" });
    expect(recurringFromEntry(entry("2026-02-28"))).toMatchObject({ day_of_month: "31", start_date: "2026-03-31" });
    expect(recurringFromEntry(entry("2026-04-29"))).toMatchObject({ day_of_month: "29", start_date: "2026-05-29" });
    expect(recurringFromEntry(entry("2026-12-20"))).toMatchObject({ day_of_month: "20", start_date: "2027-01-20" });
  });
});

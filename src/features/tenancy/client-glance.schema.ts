import { z } from "zod";
import { textField } from "~/lib/schema-fields.ts";

/** How many clients one page of /firm/clients shows. */
export const CLIENTS_PAGE_SIZE = 50;

/** The orders of the clients list; every one ends with the name, then the id. */
export const CLIENT_SORTS = ["name", "next_due", "waiting", "lock", "reconciled"] as const;
export type ClientSort = (typeof CLIENT_SORTS)[number];
export const CLIENT_SORT_LABELS: Record<ClientSort, string> = {
  name: "Name",
  next_due: "Next work due",
  waiting: "Waiting on client longest",
  lock: "Lock date, oldest first",
  reconciled: "Reconciled through, oldest first",
};

/** Who a client's open questions and requests wait on. */
export const CLIENT_WAITING = ["client", "firm"] as const;

/** A GET form sends "" for an untouched select or input: the same as leaving the parameter out. */
const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const flag = (name: string) => z.preprocess(blank, z.enum(["1"], { error: `${name} is 1 or absent` }).optional());

/**
 * A page position: the sort's key of the last client shown and its id, as `<key>_<id>`. The key is empty when
 * sorting by name, a date (or ±infinity) for the date sorts, a UTC timestamp to the microsecond for "waiting".
 */
const DATE_KEY = /^(-?infinity|\d{4}-\d{2}-\d{2})$/;
const TIME_KEY = /^(infinity|\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)$/;
export function splitClientCursor(after: string): { key: string; id: number } {
  const i = after.lastIndexOf("_");
  return { key: after.slice(0, i), id: Number(after.slice(i + 1)) };
}
function cursorFits(sort: ClientSort, after: string): boolean {
  const m = /^(.*)_([1-9][0-9]{0,9})$/.exec(after);
  if (!m || Number(m[2]) > 2_147_483_647) return false;
  const key = m[1]!;
  if (sort === "name") return key === "";
  if (sort === "waiting") return TIME_KEY.test(key);
  return DATE_KEY.test(key);
}

/** The clients list's filters and order: the GET form on /firm/clients and GET /api/firm/clients. */
export const clientGlanceQuerySchema = z
  .object({
    q: z.preprocess(blank, textField("Search", { max: 100 }).optional()),
    sort: z.preprocess(blank, z.enum(CLIENT_SORTS, { error: `Sort must be one of ${CLIENT_SORTS.join(", ")}` }).default("name")),
    /** Some bank account is not reconciled through the last day of last month (or never was). */
    unreconciled: flag("unreconciled"),
    /** The books are not locked through the last day of last month. */
    unlocked: flag("unlocked"),
    /** Open questions or request items wait on the client (for at least `days` days) or on the firm. */
    waiting: z.preprocess(blank, z.enum(CLIENT_WAITING, { error: "Waiting must be client or firm" }).optional()),
    days: z.preprocess(
      blank,
      z.coerce
        .number({ error: "Days must be a whole number" })
        .int("Days must be a whole number")
        .min(0, "Days must be between 0 and 3650")
        .max(3650, "Days must be between 0 and 3650")
        .default(7),
    ),
    /** The viewer is a member of the books or has the next work. */
    mine: flag("mine"),
    /** Messages the viewer has not read. */
    unread: flag("unread"),
    after: z.preprocess(blank, z.string().max(60, "After is not a valid page position").optional()),
  })
  .superRefine((v, ctx) => {
    if (v.after !== undefined && !cursorFits(v.sort, v.after))
      ctx.addIssue({ code: "custom", path: ["after"], message: "After is not a valid page position" });
  });
export type ClientGlanceQuery = z.output<typeof clientGlanceQuerySchema>;

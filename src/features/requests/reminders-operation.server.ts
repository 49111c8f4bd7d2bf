import type { Logger } from "pino";
import { z } from "zod";
import { isoDateField } from "~/lib/schema-fields.ts";
import type { Db } from "~/server/db/client.ts";
import { requestRemindersJob } from "./request-reminders.server.ts";
import { todayIso } from "~/lib/format.ts";

const input = z.object({ today: isoDateField("today").optional() }).optional();

/**
 * The admin socket's `requests:remind` (decision 079): sends the reminders due now, at once, in the server that holds
 * the embedded database. Outside production a `today` may be given: the clock moved forward, as the end-to-end
 * journeys need it; production refuses it.
 */
export async function remindersOperation(
  ctx: { db: Db; logger: Logger; config: { publicUrl: string; isProduction: boolean }; mail: { kick(): void } },
  raw: unknown,
): Promise<string> {
  const parsed = input.safeParse(raw ?? undefined);
  if (!parsed.success) throw new Error("today must be a date as YYYY-MM-DD");
  const today = parsed.data?.today;
  if (today && ctx.config.isProduction) throw new Error("today cannot be given in production");
  const sent = await requestRemindersJob(ctx.db, ctx.config.publicUrl, () => ctx.mail.kick(), ctx.logger, today ?? todayIso());
  return `${sent} reminder${sent === 1 ? "" : "s"} sent`;
}

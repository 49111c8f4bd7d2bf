import { z } from "zod";
import { isoDateField, textField } from "~/lib/schema-fields.ts";
import { EARLIEST_ENTRY_DATE } from "~/features/ledger/ledger.schema.ts";
import { SIDES } from "./sales.schema.ts";

/*
 * What the routes of documents going out accept (decision 116): a statement mailed to one contact or to every customer,
 * and the business's details its documents print. A document's link and its mail take `linkSchema` and `sendSchema`
 * (sales.schema.ts). Every refusal names its field.
 */

const period = {
  from: isoDateField("From", { min: EARLIEST_ENTRY_DATE }),
  to: isoDateField("To", { min: EARLIEST_ENTRY_DATE }),
};
const message = textField("Message", { max: 2000, multiline: true }).nullish();
const fromNotAfterTo = { message: "From must not be after To", path: ["from"] };

/** POST /contacts/:id/statement/send: the period and side of the statement; `email` left out is the contact's. */
export const statementSendSchema = z
  .object({
    ...period,
    side: z.enum(SIDES, { error: "Side must be receivable or payable" }).default("receivable"),
    email: z.email("Email must be an email address").max(254, "Email must be at most 254 characters").optional(),
    message,
  })
  .refine((q) => q.from <= q.to, fromNotAfterTo);
export type StatementSendInput = z.infer<typeof statementSendSchema>;

/** POST /statements/send: every customer's statement of the period, to the customer's email. */
export const statementsSendSchema = z.object({ ...period, message }).refine((q) => q.from <= q.to, fromNotAfterTo);
export type StatementsSendInput = z.infer<typeof statementsSendSchema>;

/** A logo as a data: URL: PNG or JPEG, at most 256 KB (its base64 a third longer). */
export const LOGO_MAX_BYTES = 256 * 1024;
const LOGO_URL = /^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+={0,2}$/;

/** PUT /sales/company: the address printed under the business's name (null: none); the logo (null removes it, left out keeps it). */
export const companySchema = z.object({
  address: textField("Address", { max: 1000, multiline: true }).nullable(),
  logo: z
    .string({ error: "Logo must be a PNG or JPEG image" })
    .max(Math.ceil(LOGO_MAX_BYTES / 3) * 4 + 30, "A logo is at most 256 KB")
    .regex(LOGO_URL, "Logo must be a PNG or JPEG image")
    .nullish(),
});
export type CompanyInput = z.infer<typeof companySchema>;

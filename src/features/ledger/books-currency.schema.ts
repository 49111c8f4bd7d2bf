import { z } from "zod";
import { currencyField } from "~/lib/schema-fields.ts";

/** PUT /currency and the Closing section's form: the currency every amount of the books is kept and written in. */
export const booksCurrencySchema = z.object({ currency: currencyField() });
export type BooksCurrencyInput = z.infer<typeof booksCurrencySchema>;
export type BooksCurrencyForm = z.input<typeof booksCurrencySchema>;

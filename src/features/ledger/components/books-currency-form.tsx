import { useId } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { setServerErrors } from "~/lib/form.ts";
import { InputField } from "~/ui/field.tsx";
import { booksCurrencySchema, type BooksCurrencyForm as Values, type BooksCurrencyInput } from "../books-currency.schema.ts";
import { setBooksCurrency } from "../closing.api.ts";
import { useBooks } from "./books-context.tsx";
import { useAction } from "~/ui/use-action.ts";
import { ClosingForm } from "./closing-form.tsx";

/**
 * The books' currency (the Closing section): every amount of the books is kept and written in it. Owners and accountants
 * change it while nothing is posted or imported (the server says so otherwise); others read it.
 */
export function BooksCurrencyForm() {
  const uid = useId();
  const { organization, can } = useBooks();
  const { act } = useAction();
  const form = useForm<Values, unknown, BooksCurrencyInput>({
    resolver: zodResolver(booksCurrencySchema),
    defaultValues: { currency: organization.currency },
  });
  const { register, setError, reset, formState } = form;
  async function onValid(values: BooksCurrencyInput) {
    const res = await act(() => setBooksCurrency(organization.id, values), {
      failure: "Currency not changed",
      success: `The books are kept in ${values.currency}`,
    });
    if (!res.ok) return setServerErrors(setError, res.fields);
    reset(values);
  }
  if (!can["books.lock"])
    return (
      <p className="text-sm text-ink" data-testid="books-currency">
        The books are kept in {organization.currency}.
      </p>
    );
  return (
    <ClosingForm
      id={uid}
      title="Currency"
      form={form}
      onValid={onValid}
      submitLabel="Save currency"
      busyLabel="Saving..."
      disabled={!formState.isDirty}
    >
      <InputField
        id={`${uid}-currency`}
        label="The books are kept in"
        hint="Three letters, such as USD or EUR. It changes only while nothing is posted or imported."
        maxLength={3}
        autoCapitalize="characters"
        fieldClassName="max-w-xs"
        error={formState.errors.currency?.message}
        {...register("currency")}
      />
    </ClosingForm>
  );
}

import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "~/ui/button.tsx";
import { FieldError, InputField } from "~/ui/field.tsx";
import type { AccountDto } from "~/features/ledger/ledger.types.ts";
import { answerSchema, type AnswerInput } from "../bank.schema.ts";
import type { BankQuestion } from "../bank.types.ts";
import { AccountCombobox } from "~/features/ledger/index.ts";

type Values = { account_id?: number | null; note?: string };

/** The owner's answer to one question: the account it belongs to, a note, or both. */
export function QuestionAnswerForm({
  question,
  accounts,
  onSubmit,
}: {
  question: BankQuestion;
  accounts: AccountDto[];
  onSubmit: (input: AnswerInput) => Promise<Record<string, string> | null>;
}) {
  const form = useForm<Values, unknown, AnswerInput>({
    resolver: zodResolver(answerSchema),
    defaultValues: { account_id: question.answer_account_id, note: question.answer_note ?? "" },
  });
  const { register, handleSubmit, setValue, setError, watch, formState } = form;
  const [accountId, setAccountId] = useState(question.answer_account_id ? String(question.answer_account_id) : "");
  const id = `answer-${question.id}`;
  const submit = handleSubmit(async (values) => {
    const fields = await onSubmit(values);
    for (const [key, message] of Object.entries(fields ?? {})) setError(key as keyof Values, { message });
  });
  watch("account_id");
  return (
    <form onSubmit={submit} noValidate className="mt-3 grid gap-3 sm:grid-cols-2" aria-label={`Answer about ${question.description}`}>
      <div>
        <AccountCombobox
          standalone
          id={`${id}-account`}
          label="Account it belongs to (optional)"
          accounts={accounts}
          value={accountId}
          onChange={(v) => {
            setAccountId(v);
            setValue("account_id", v ? Number(v) : null);
          }}
        />
        <FieldError id={`${id}-account-error`} message={formState.errors.account_id?.message} />
      </div>
      <InputField id={`${id}-note`} label="Note" optional error={formState.errors.note?.message} {...register("note")} />
      <div>
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? "Sending..." : question.answered_at ? "Change answer" : "Send answer"}
        </Button>
      </div>
    </form>
  );
}

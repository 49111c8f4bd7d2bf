import { useId } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { setServerErrors } from "~/lib/form.ts";
import { InputField } from "~/ui/field.tsx";
import { lockSchema, unlockSchema, type LockInput, type UnlockInput } from "../books-lock.schema.ts";
import { lockBooks, unlockBooks } from "../closing.api.ts";
import { useBooksOrgId } from "./books-context.tsx";
import { ClosingForm } from "./closing-form.tsx";
import { useAction } from "~/ui/use-action.ts";

/** The last day of last month: the date a month's closing usually locks. */
function lastMonthEnd(now = new Date()): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)).toISOString().slice(0, 10);
}

/** Sets or moves the lock date, with the reason (an earlier date reopens a period: the reason says why). */
export function LockForm({ current }: { current: string | null }) {
  const uid = useId();
  const orgId = useBooksOrgId();
  const { act } = useAction();
  const form = useForm<LockInput>({
    resolver: zodResolver(lockSchema),
    defaultValues: { lock_date: current ?? lastMonthEnd(), reason: "" },
  });
  const { register, setError, reset, formState } = form;
  async function onValid(values: LockInput) {
    const res = await act(() => lockBooks(orgId, values), {
      failure: "Lock date not set",
      success: `Books locked up to ${values.lock_date}`,
    });
    if (!res.ok) return setServerErrors(setError, res.fields);
    reset({ lock_date: values.lock_date, reason: "" });
  }
  return (
    <ClosingForm
      id={uid}
      title={current ? "Move the lock date" : "Lock the books"}
      form={form}
      onValid={onValid}
      submitLabel="Set lock date"
      busyLabel="Saving..."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          id={`${uid}-date`}
          label="Lock date"
          type="date"
          hint="Nothing dated on or before it can be entered, changed or posted."
          error={formState.errors.lock_date?.message}
          {...register("lock_date")}
        />
        <InputField id={`${uid}-reason`} label="Reason" error={formState.errors.reason?.message} {...register("reason")} />
      </div>
    </ClosingForm>
  );
}

/** Lifts the lock: every date is open again, once the reason is told. */
export function UnlockForm() {
  const uid = useId();
  const orgId = useBooksOrgId();
  const { act } = useAction();
  const form = useForm<UnlockInput>({
    resolver: zodResolver(unlockSchema),
    defaultValues: { reason: "" },
  });
  const { register, setError, reset, formState } = form;
  async function onValid(values: UnlockInput) {
    const res = await act(() => unlockBooks(orgId, values), { failure: "Books not unlocked", success: "Books unlocked" });
    if (!res.ok) return setServerErrors(setError, res.fields);
    reset({ reason: "" });
  }
  return (
    <ClosingForm id={uid} title="Unlock the books" form={form} onValid={onValid} submitLabel="Unlock" busyLabel="Unlocking..." danger>
      <InputField id={`${uid}-reason`} label="Reason for unlocking" error={formState.errors.reason?.message} {...register("reason")} />
    </ClosingForm>
  );
}

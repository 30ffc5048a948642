import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { MoneyField } from "../../components/amount-fields.tsx";
import { Dialog } from "../../components/dialog.tsx";
import { SelectField, TextAreaField, TextField } from "../../components/form-fields.tsx";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
import { toast } from "../../lib/toast-store.ts";
import { useCreateAdjustment, useFinanceSettings } from "./adjustments-api.ts";
import { usePlayerBrief } from "./ledger-api.ts";
import { AmountInput, money, toMinor } from "./money.ts";

const AdjustmentForm = z.object({
  memberId: z
    .string()
    .trim()
    .regex(/^[1-9]\d{0,14}$/, "Enter the player's ID (a number)")
    .transform(Number),
  direction: z.enum(["credit", "debit"]),
  amount: AmountInput,
  reason: z
    .string()
    .trim()
    .min(5, "Give a reason of at least 5 characters")
    .max(300, "At most 300 characters"),
});
type FormValues = z.input<typeof AdjustmentForm>;
type FormOutput = z.output<typeof AdjustmentForm>;

/** The player the ID names, so the operator sees whose balance changes before sending. */
function PlayerCheck({ memberId }: { memberId: string }) {
  const id = /^[1-9]\d{0,14}$/.test(memberId.trim()) ? Number(memberId) : null;
  const player = usePlayerBrief(id);
  if (id === null) return null;
  if (player.data)
    return (
      <p className="field-hint" data-testid="adjustment-player-name">
        {player.data.username} · {player.data.currency}
      </p>
    );
  if (player.data === null) return <p className="field-error">There is no player #{id}.</p>;
  return (
    <p className="field-hint">
      {player.isError ? "The player could not be looked up." : `Looking up player #${id}…`}
    </p>
  );
}

/**
 * A manual change of a member's main balance with its reason. Above the owner's threshold it
 * waits for a second operator; the dialog says so before it is sent.
 */
export function AdjustmentDialog({
  player,
  onClose,
}: {
  /** Set when opened from a member's wallet: the member is then fixed. */
  player?: { id: number; username: string };
  onClose: () => void;
}) {
  const formId = useId();
  const create = useCreateAdjustment();
  const settings = useFinanceSettings();
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(AdjustmentForm),
    defaultValues: { memberId: player ? String(player.id) : "", direction: "credit", amount: "", reason: "" },
  });
  const [memberId, amount] = useWatch({ control: form.control, name: ["memberId", "amount"] });
  const threshold = settings.data?.adjustmentApprovalThreshold;
  const typed = AmountInput.safeParse(amount);
  const needsSecond =
    threshold !== undefined && typed.success && (toMinor(typed.data) ?? 0n) > (toMinor(threshold) ?? 0n);

  const onSubmit = form.handleSubmit((v) =>
    create.mutate(
      { memberId: v.memberId, amount: v.direction === "debit" ? `-${v.amount}` : v.amount, reason: v.reason },
      {
        onSuccess: (a) => {
          if (a.status === "pending")
            toast.success(`Adjustment A${a.id} is waiting for another operator's approval.`);
          else toast.success(`Adjustment A${a.id} applied.`);
          onClose();
        },
        onError: (err) => applyServerFieldErrors(err, form),
      },
    ),
  );

  return (
    <Dialog
      title={player ? `Adjust ${player.username}'s balance` : "New adjustment"}
      description="Credits or debits the member's main balance. The reason is kept with the movement and in the audit log."
      onClose={onClose}
      busy={create.isPending}
      testId="adjustment-dialog"
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={create.isPending}>
            Cancel
          </button>
          <button
            type="submit"
            form={formId}
            className="btn btn--primary"
            disabled={create.isPending}
            data-testid="adjustment-submit"
          >
            {create.isPending ? "Sending…" : needsSecond ? "Send for approval" : "Apply adjustment"}
          </button>
        </>
      }
    >
      <FormProvider {...form}>
        <form id={formId} onSubmit={onSubmit} noValidate className="form-stack">
          {player ? (
            <input type="hidden" {...form.register("memberId")} />
          ) : (
            <div>
              <TextField
                name="memberId"
                label="Player ID"
                hint="The number on the player's page."
                inputMode="numeric"
                autoComplete="off"
                required
                testId="adjustment-player"
              />
              <PlayerCheck memberId={memberId} />
            </div>
          )}
          <div className="form-grid form-grid--2">
            <SelectField
              name="direction"
              label="Direction"
              options={[
                { value: "credit", label: "Credit (add to balance)" },
                { value: "debit", label: "Debit (take from balance)" },
              ]}
              testId="adjustment-direction"
            />
            <MoneyField
              name="amount"
              label="Amount"
              hint="More than zero, up to two decimals."
              required
              testId="adjustment-amount"
            />
          </div>
          {threshold !== undefined && (
            <p
              className={needsSecond ? "alert alert--warn" : "note"}
              role="note"
              data-testid="adjustment-threshold-note"
            >
              {needsSecond
                ? `Above ${money(threshold)}: another operator must approve it before the balance changes.`
                : `Up to ${money(threshold)} is applied at once; above it, another operator must approve.`}
            </p>
          )}
          <TextAreaField
            name="reason"
            label="Reason"
            hint="5–300 characters, e.g. the ticket number and what happened."
            rows={3}
            maxLength={300}
            required
            testId="adjustment-reason"
          />
        </form>
      </FormProvider>
    </Dialog>
  );
}

import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { MoneyField } from "../../components/amount-fields.tsx";
import { Dialog } from "../../components/dialog.tsx";
import { SelectField, TextAreaField, TextField } from "../../components/form-fields.tsx";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
import { t, useT } from "../../lib/i18n.ts";
import { toast } from "../../lib/toast-store.ts";
import { useCreateAdjustment, useFinanceSettings } from "./adjustments-api.ts";
import { usePlayerBrief } from "./ledger-api.ts";
import { AmountInput, money, toMinor } from "./money.ts";

// The messages are functions: zod asks for them while validating, in the language of that moment.
const AdjustmentForm = z.object({
  memberId: z
    .string()
    .trim()
    .regex(/^[1-9]\d{0,14}$/, { error: () => t("adjDialog.err.memberId") })
    .transform(Number),
  direction: z.enum(["credit", "debit"]),
  amount: AmountInput,
  reason: z
    .string()
    .trim()
    .min(5, { error: () => t("adjDialog.err.reasonShort") })
    .max(300, { error: () => t("adjDialog.err.reasonLong") }),
});
type FormValues = z.input<typeof AdjustmentForm>;
type FormOutput = z.output<typeof AdjustmentForm>;

/** The player the ID names, so the operator sees whose balance changes before sending. */
function PlayerCheck({ memberId }: { memberId: string }) {
  const t = useT();
  const id = /^[1-9]\d{0,14}$/.test(memberId.trim()) ? Number(memberId) : null;
  const player = usePlayerBrief(id);
  if (id === null) return null;
  if (player.data)
    return (
      <p className="field-hint" data-testid="adjustment-player-name">
        {player.data.username} · {player.data.currency}
      </p>
    );
  if (player.data === null) return <p className="field-error">{t("adjDialog.noPlayer", { id })}</p>;
  return (
    <p className="field-hint">
      {player.isError ? t("adjDialog.lookupFailed") : t("adjDialog.lookingUp", { id })}
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
  const t = useT();
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
          if (a.status === "pending") toast.success(t("adjDialog.waiting", { id: a.id }));
          else toast.success(t("adjDialog.applied", { id: a.id }));
          onClose();
        },
        onError: (err) => applyServerFieldErrors(err, form),
      },
    ),
  );

  return (
    <Dialog
      title={player ? t("adjDialog.titleFor", { name: player.username }) : t("adjDialog.title")}
      description={t("adjDialog.description")}
      onClose={onClose}
      busy={create.isPending}
      testId="adjustment-dialog"
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={create.isPending}>
            {t("common.cancel")}
          </button>
          <button
            type="submit"
            form={formId}
            className="btn btn--primary"
            disabled={create.isPending}
            data-testid="adjustment-submit"
          >
            {create.isPending
              ? t("adjDialog.sending")
              : needsSecond
                ? t("adjDialog.sendForApproval")
                : t("adjDialog.apply")}
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
                label={t("adjDialog.playerId")}
                hint={t("adjDialog.playerIdHint")}
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
              label={t("adjDialog.direction")}
              options={[
                { value: "credit", label: t("adjDialog.credit") },
                { value: "debit", label: t("adjDialog.debit") },
              ]}
              testId="adjustment-direction"
            />
            <MoneyField
              name="amount"
              label={t("adjDialog.amount")}
              hint={t("adjDialog.amountHint")}
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
                ? t("adjDialog.above", { amount: money(threshold) })
                : t("adjDialog.upTo", { amount: money(threshold) })}
            </p>
          )}
          <TextAreaField
            name="reason"
            label={t("adjDialog.reason")}
            hint={t("adjDialog.reasonHint")}
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

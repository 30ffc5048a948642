import "../../i18n/texts/wallet.ts";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "../../../components/field.tsx";
import { toast } from "../../../components/toast.tsx";
import { api } from "../../../lib/api.ts";
import { errorText } from "../../account/form-errors.ts";
import { DepositBonusChoice } from "../bonus/deposit-bonus-choice.tsx";
import { checkAmount } from "./amount.ts";
import { AmountField } from "./amount-field.tsx";
import { walletFieldErrors } from "./errors.ts";
import { amountMessage, money } from "./money.ts";
import { ProofInput } from "./proof-input.tsx";
import { type Deposit, type DepositChannel, newRequestId, refreshWallet } from "./wallet-api.ts";

/** Quick amounts offered when they fit the channel's limits. */
const QUICK = ["100.00", "500.00", "1000.00", "5000.00", "10000.00"];

/** The fields that show the platform's refusals under themselves; anything else shows below the form. */
const SHOWN_FIELDS = ["amount", "reference", "proofUrl"];

export type DepositSent = { deposit: Deposit; checkoutUrl: string | null; kind: DepositChannel["kind"] };

/**
 * One deposit through the chosen channel (spec §2 depositv2). A bank transfer shows
 * the operator's account, then takes the amount, the player's transfer reference and a proof
 * image, and waits for the operator. A gateway channel sends the player to its hosted checkout
 * in a new window, so this page (and its balance, which the push updates) stays where it is.
 */
export function DepositForm(props: {
  channel: DepositChannel;
  symbol: string | undefined;
  onSent: (sent: DepositSent) => void;
}) {
  const { t } = useTranslation();
  const { channel, symbol } = props;
  const id = useId();
  const bank = channel.kind === "bank";
  const [amount, setAmount] = useState("");
  const [reference, setReference] = useState("");
  const [proofUrl, setProofUrl] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  // One id per deposit: a retry after a lost answer cannot create a second deposit.
  const [requestId, setRequestId] = useState(newRequestId);
  // The deposit bonus chosen before paying; applied once when credited.
  const [bonusRuleId, setBonusRuleId] = useState<number | null>(null);

  const check = checkAmount(amount, { min: channel.minAmount, max: channel.maxAmount });
  const amountError =
    serverErrors.amount ?? (submitted || amount !== "" ? amountMessage(check, t, symbol) : undefined);
  const referenceError =
    serverErrors.reference ??
    (submitted && bank && !reference.trim() ? t("wallet.deposit.referenceRequired") : undefined);
  const proofError =
    serverErrors.proofUrl ?? (submitted && bank && !proofUrl ? t("wallet.proof.required") : undefined);
  const quick = QUICK.filter((q) => checkAmount(q, { min: channel.minAmount, max: channel.maxAmount }).ok);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    setServerErrors({});
    setFormError(null);
    if (!check.ok || (bank && (!reference.trim() || !proofUrl))) return;
    // Opened now, while the click still counts as the player's, so no popup blocker stops it.
    const checkout = bank ? null : window.open("", "_blank");
    if (checkout) checkout.document.title = t("wallet.deposit.opening");
    setBusy(true);
    try {
      const answer = await api<{ deposit: Deposit; checkoutUrl: string | null }>("/wps/deposits", {
        method: "POST",
        body: {
          channelId: channel.id,
          amount: check.amount,
          requestId,
          reference: reference.trim() || undefined,
          proofUrl: bank ? proofUrl : undefined,
          bonusRuleId,
        },
      });
      setRequestId(newRequestId());
      void refreshWallet();
      if (answer.checkoutUrl && checkout) {
        checkout.opener = null;
        checkout.location.href = answer.checkoutUrl;
      } else if (answer.checkoutUrl) {
        window.location.assign(answer.checkoutUrl);
      } else {
        checkout?.close();
      }
      toast(t(bank ? "wallet.deposit.bankSent" : "wallet.deposit.gatewaySent"), "success");
      props.onSent({ deposit: answer.deposit, checkoutUrl: answer.checkoutUrl, kind: channel.kind });
    } catch (err) {
      checkout?.close();
      const fields = walletFieldErrors(err, t);
      setServerErrors(fields);
      if (!SHOWN_FIELDS.some((f) => fields[f])) setFormError(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="wallet-form" onSubmit={submit} noValidate data-testid="deposit-form">
      {bank && <BankDetails channel={channel} />}
      <AmountField
        id={`${id}-amount`}
        value={amount}
        onChange={(v) => {
          setAmount(v);
          setServerErrors({});
        }}
        symbol={symbol}
        error={amountError}
        hint={t("wallet.amount.limits", {
          min: money(symbol, channel.minAmount),
          max: money(symbol, channel.maxAmount),
        })}
        quick={quick}
        testId="deposit-amount"
      />
      {bank && (
        <>
          <Field id={`${id}-reference`} label={t("wallet.deposit.reference")} error={referenceError} required>
            <input
              id={`${id}-reference`}
              className="input"
              maxLength={60}
              autoComplete="off"
              placeholder={t("wallet.deposit.referencePlaceholder")}
              value={reference}
              onChange={(e) => setReference(e.target.value)}
              aria-invalid={referenceError ? true : undefined}
              data-testid="deposit-reference"
            />
          </Field>
          <ProofInput
            id={`${id}-proof`}
            label={t("wallet.deposit.proof")}
            onUploaded={setProofUrl}
            error={proofError}
            testId="deposit-proof"
          />
        </>
      )}
      <DepositBonusChoice
        amount={check.ok ? check.amount : null}
        symbol={symbol}
        value={bonusRuleId}
        onChange={setBonusRuleId}
      />
      {formError && (
        <p className="form-error" role="alert" data-testid="deposit-error">
          {formError}
        </p>
      )}
      <button
        type="submit"
        className="btn btn-gold btn-lg btn-block"
        disabled={busy}
        data-testid="deposit-submit"
      >
        {busy ? t("common.loading") : t(bank ? "wallet.deposit.submitBank" : "wallet.deposit.submitGateway")}
      </button>
    </form>
  );
}

/** The operator's account the player transfers to, each line with a copy button. */
function BankDetails({ channel }: { channel: DepositChannel }) {
  const { t } = useTranslation();
  const rows = (["bankName", "accountName", "accountNumber"] as const)
    .map((key) => [key, channel.details[key]] as const)
    .filter((row): row is readonly [(typeof row)[0], string] => Boolean(row[1]));
  const copy = (text: string) =>
    void navigator.clipboard
      ?.writeText(text)
      .then(() => toast(t("wallet.copied"), "success"))
      .catch(() => undefined);
  return (
    <div className="bank-details" data-testid="deposit-bank-details">
      <p className="bank-details-lead">{t("wallet.deposit.bankLead")}</p>
      <dl>
        {rows.map(([key, value]) => (
          <div key={key} className="bank-row">
            <dt>{t(`wallet.deposit.bank.${key}`)}</dt>
            <dd data-testid={`deposit-bank-${key}`}>{value}</dd>
            {/* A list's group holds only terms and details (axe definition-list): the copy
                button is a detail of its own. */}
            <dd className="bank-copy">
              <button type="button" className="link-btn" onClick={() => copy(value)}>
                {t("wallet.copy")}
              </button>
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

import "../../features/i18n/texts/pointMall.ts";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { queryClient } from "../../app/query-client.ts";
import { Field } from "../../components/field.tsx";
import { toast } from "../../components/toast.tsx";
import { LOYALTY_KEY } from "../../features/loyalty/loyalty-api.ts";
import { MEMBER_QUERY_ROOT } from "../../features/session/session-store.ts";
import { api, failureText } from "../../lib/api.ts";
import { formatCount, formatMoneyString } from "../../lib/format.ts";

interface PointConfig {
  convert: { points: number; amount: string; minPoints: number };
}

/**
 * Points to cash from the mall screen (spec §7 MCS2_convertPoint): the operator's rate (so many
 * points give so much), in whole steps from the minimum, with the transaction password. The
 * platform checks the amount, the password and the member's gates again; a retry of one press
 * (same request id) converts once.
 */
export function ConvertPoints({ balance }: { balance: number | undefined }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const config = useQuery({
    queryKey: [...LOYALTY_KEY, "config"],
    queryFn: () => api<PointConfig>("/wps/relay/getPointConfig"),
  });
  const [points, setPoints] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<{ points?: string; password?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const rate = config.data?.convert;
  if (!rate || rate.amount === "0.00") return null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const n = Number(points);
    const found: typeof error = {};
    if (!Number.isInteger(n) || n < rate.minPoints || n % rate.points !== 0 || n > (balance ?? 0)) {
      found.points = t("pointMall.convertRule", { min: rate.minPoints, step: rate.points });
    }
    if (!password) found.password = t("pointMall.passwordRequired");
    setError(found);
    if (found.points || found.password) return;
    setBusy(true);
    try {
      const r = await api<{ points: number; amount: string }>("/wps/relay/passwordCheck/MCS2_convertPoint", {
        method: "POST",
        body: { points: n, requestId, password },
      });
      toast(
        t("pointMall.converted", {
          points: formatCount(r.points, i18n.language),
          amount: formatMoneyString(r.amount),
        }),
        "success",
      );
      setPoints("");
      setPassword("");
      setRequestId(crypto.randomUUID());
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: LOYALTY_KEY }),
        queryClient.invalidateQueries({ queryKey: [MEMBER_QUERY_ROOT, "balance"] }),
      ]);
    } catch (err) {
      setError({ form: failureText(err, t("errors.unknown"), t("errors.network")) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="convert-points" onSubmit={submit} noValidate data-testid="convert-points">
      <h3>{t("pointMall.convertTitle")}</h3>
      <p className="muted" data-testid="convert-rate">
        {t("pointMall.convertRate", {
          points: formatCount(rate.points, i18n.language),
          amount: formatMoneyString(rate.amount),
        })}
      </p>
      <div className="convert-row">
        <Field id={`${id}-points`} label={t("pointMall.convertPoints")} error={error.points} required>
          <input
            id={`${id}-points`}
            className="input"
            inputMode="numeric"
            value={points}
            onChange={(e) => setPoints(e.target.value.replace(/\D/g, ""))}
            data-testid="convert-amount"
          />
        </Field>
        <Field id={`${id}-password`} label={t("pointMall.password")} error={error.password} required>
          <input
            id={`${id}-password`}
            className="input"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            data-testid="convert-password"
          />
        </Field>
      </div>
      {error.form && (
        <p className="form-error" role="alert" data-testid="convert-error">
          {error.form}
        </p>
      )}
      <button type="submit" className="btn btn-gold btn-sm" disabled={busy} data-testid="convert-submit">
        {busy ? t("common.loading") : t("pointMall.convert")}
      </button>
    </form>
  );
}

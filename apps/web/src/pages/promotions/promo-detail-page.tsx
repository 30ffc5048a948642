import "../../features/i18n/texts/wallet.ts";
import {
  APPLICATION_IMAGES_MAX,
  APPLICATION_REMARK_MAX,
  type PromotionDetail,
} from "@panalo/contracts/promotions";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { EmptyState } from "../../components/empty-state.tsx";
import { SafeHtml } from "../../components/safe-html.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { openLogin } from "../../features/account/account-ui.ts";
import { errorText } from "../../features/account/form-errors.ts";
import { checkProof, uploadProof } from "../../features/member-centre/wallet/upload.ts";
import { usePromotion, useTakePart } from "../../features/promotions/promotions-api.ts";
import { useSession } from "../../features/session/session-store.ts";
import { formatMoneyString } from "../../lib/format.ts";
import { period, StatusBadge } from "./promotions-page.tsx";
import "../shared/pages.css";
import "./promotions.css";

/** spec §2 /promoDetail?id=: one promotion's terms, the player's status, and the action it allows. */
export default function PromoDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const raw = params.get("id") ?? "";
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  const { data, isPending, isError } = usePromotion(id);
  return (
    <div className="page container" data-testid="page-promo-detail">
      <nav className="breadcrumbs" aria-label={t("common.breadcrumbs")}>
        <Link to="/promotions">{t("title.promotions")}</Link>
        <span aria-hidden="true"> › </span>
        <span aria-current="page">{data?.title ?? t("title.promoDetail")}</span>
      </nav>
      {id !== null && isPending && <Skeleton lines={8} />}
      {(id === null || isError) && (
        <article className="card promo-detail">
          <EmptyState
            icon="gift"
            title={t("promotions.detailEmpty")}
            text={t("promotions.detailEmptyText")}
            action={
              <Link to="/promotions" className="btn btn-primary">
                {t("promotions.back")}
              </Link>
            }
          />
        </article>
      )}
      {data && <Detail promo={data} />}
    </div>
  );
}

function Detail({ promo }: { promo: PromotionDetail }) {
  const { t } = useTranslation();
  const lang = document.documentElement.lang;
  return (
    <article className="card promo-detail" aria-labelledby="promo-title" data-testid="promo-detail">
      {promo.bannerUrl && <img className="promo-detail-banner" src={promo.bannerUrl} alt="" />}
      <header className="promo-detail-head">
        <span className="promo-type">{t(`promotions.type.${promo.type}`)}</span>
        <h1 id="promo-title">{promo.title}</h1>
        <p className="promo-period">{period(promo, lang, t)}</p>
        {promo.rewardAmount && (
          <p className="promo-reward">
            {t(promo.rewardKind === "bonus" ? "promotions.rewardBonus" : "promotions.rewardCash", {
              amount: formatMoneyString(promo.rewardAmount),
            })}
          </p>
        )}
        <StatusBadge status={promo.status} />
      </header>
      <SafeHtml html={promo.body} className="promo-body" />
      {promo.notEligible && (
        <p className="promo-note" role="note" data-testid="promo-not-eligible">
          {promo.notEligible}
        </p>
      )}
      {promo.application && (
        <div className="promo-note" data-testid="promo-application">
          <p>
            {t(`promotions.applicationState.${promo.status === "coming soon" ? "applying" : promo.status}`)}
          </p>
          {promo.application.remark && <p className="muted">“{promo.application.remark}”</p>}
          {promo.application.reason && (
            <p data-testid="promo-reject-reason">
              {t("promotions.rejectReason", { reason: promo.application.reason })}
            </p>
          )}
        </div>
      )}
      {(promo.status === "claimed" || promo.status === "issued") && promo.rewardAmount ? (
        <p className="promo-note" data-testid="promo-reward-note">
          {t("promotions.rewardCentre")}
        </p>
      ) : null}
      <Action promo={promo} />
    </article>
  );
}

function Action({ promo }: { promo: PromotionDetail }) {
  const { t } = useTranslation();
  const token = useSession((s) => s.token);
  const take = useTakePart(promo.id);
  const [done, setDone] = useState<string | null>(null);
  if (promo.action === "none") return null;
  if (!token) {
    return (
      <div className="promo-actions">
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => openLogin()}
          data-testid="promo-login"
        >
          {t("promotions.loginToTakePart")}
        </button>
      </div>
    );
  }
  if (promo.action === "apply") return <ApplyForm promoId={promo.id} />;
  const error = take.error ? errorText(take.error, t) : null;
  return (
    <div className="promo-actions">
      <button
        type="button"
        className="btn btn-primary"
        disabled={take.isPending}
        data-testid={`promo-${promo.action}`}
        onClick={() =>
          take.mutate(
            { action: promo.action === "join" ? "join" : "claim" },
            { onSuccess: () => setDone("ok") },
          )
        }
      >
        {t(promo.action === "join" ? "promotions.action.join" : "promotions.action.claim")}
      </button>
      {done && (
        <p role="status" className="promo-ok">
          {t("promotions.done")}
        </p>
      )}
      {error && (
        <p role="alert" className="field-error" data-testid="promo-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** spec §5 activity application: remark ≤ 140 characters; PNG or JPG images, 5 MB each, at most 3. */
function ApplyForm({ promoId }: { promoId: number }) {
  const { t } = useTranslation();
  const take = useTakePart(promoId);
  const remarkId = useId();
  const filesId = useId();
  const [remark, setRemark] = useState("");
  const [images, setImages] = useState<Array<{ url: string; preview: string }>>([]);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const add = async (files: FileList | null) => {
    setProblem(null);
    if (!files) return;
    const list = Array.from(files);
    if (images.length + list.length > APPLICATION_IMAGES_MAX) {
      setProblem(t("promotions.apply.tooMany", { max: APPLICATION_IMAGES_MAX }));
      return;
    }
    for (const f of list) {
      const bad = checkProof(f);
      if (bad) {
        setProblem(t(bad === "type" ? "wallet.proof.type" : "wallet.proof.size"));
        return;
      }
    }
    setUploading(true);
    try {
      for (const f of list) {
        const url = await uploadProof(f);
        setImages((prev) => [...prev, { url, preview: URL.createObjectURL(f) }]);
      }
    } catch (err) {
      setProblem(errorText(err, t));
    } finally {
      setUploading(false);
    }
  };
  const remove = (url: string) => setImages((prev) => prev.filter((i) => i.url !== url));
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (images.length === 0) {
      setProblem(t("promotions.apply.needImage"));
      return;
    }
    take.mutate({
      action: "apply",
      application: { remark: remark.trim(), images: images.map((i) => i.url) },
    });
  };
  const error = problem ?? (take.error ? errorText(take.error, t) : null);
  return (
    <form className="promo-apply" onSubmit={submit} noValidate data-testid="promo-apply-form">
      <h2>{t("promotions.apply.title")}</h2>
      <div className="field">
        <label htmlFor={remarkId} className="field-label">
          {t("promotions.apply.remark")}
        </label>
        <textarea
          id={remarkId}
          className="input"
          rows={3}
          maxLength={APPLICATION_REMARK_MAX}
          value={remark}
          onChange={(e) => setRemark(e.target.value)}
          data-testid="promo-remark"
        />
        <p className="field-hint">
          {remark.length}/{APPLICATION_REMARK_MAX}
        </p>
      </div>
      <div className="field">
        <label htmlFor={filesId} className="field-label">
          {t("promotions.apply.images")}
        </label>
        <input
          id={filesId}
          type="file"
          multiple
          accept="image/png,image/jpeg"
          className="input"
          disabled={uploading || images.length >= APPLICATION_IMAGES_MAX}
          onChange={(e) => {
            void add(e.target.files);
            e.target.value = "";
          }}
          data-testid="promo-images"
        />
        <p className="field-hint">{t("promotions.apply.imagesHint", { max: APPLICATION_IMAGES_MAX })}</p>
        {images.length > 0 && (
          <ul className="promo-thumbs" data-testid="promo-thumbs" data-count={images.length}>
            {images.map((i, n) => (
              <li key={i.url}>
                <img src={i.preview} alt={t("promotions.apply.imageAlt", { n: n + 1 })} />
                <button type="button" className="btn btn-outline btn-sm" onClick={() => remove(i.url)}>
                  {t("promotions.apply.remove")}
                </button>
              </li>
            ))}
          </ul>
        )}
        {uploading && <p className="muted">{t("wallet.proof.uploading")}</p>}
      </div>
      {error && (
        <p role="alert" className="field-error" data-testid="promo-error">
          {error}
        </p>
      )}
      <button
        type="submit"
        className="btn btn-primary"
        disabled={uploading || take.isPending}
        data-testid="promo-apply-submit"
      >
        {t("promotions.action.apply")}
      </button>
    </form>
  );
}

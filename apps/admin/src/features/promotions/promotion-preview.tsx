import "./promotions.css";
import { type LangCode, LangCodes } from "@panalo/contracts/envelope";
import { useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { useT } from "../../lib/i18n.ts";
import { LANG_NAMES } from "../messages/composer.tsx";
import type { PromotionFormValues } from "./promotion-form.ts";

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/**
 * How the promotion will look on /promoDetail, in any of the seven languages, at a phone's width
 * (390 px) or a desktop's. The page is drawn in a sandboxed frame without scripts (as the HTML
 * field's preview): the operator's HTML cannot act on the back office. A language left empty
 * shows what the site shows then — the English text.
 */
export function PromotionPreview() {
  const t = useT();
  const { control } = useFormContext<PromotionFormValues>();
  const [lang, setLang] = useState<LangCode>("TY");
  const [device, setDevice] = useState<"phone" | "desktop">("phone");
  const v = useWatch({ control }) as Partial<PromotionFormValues>;
  const text = (texts: Record<string, string> | undefined) => texts?.[lang] || texts?.EN || "";
  const title = text(v.title as Record<string, string> | undefined);
  const body = text(v.body as Record<string, string> | undefined);
  const reward =
    v.rewardKind && v.rewardKind !== "none" && v.rewardAmount
      ? `<p class="reward">${escapeHtml(v.rewardKind === "bonus" ? t("preview.bonus") : t("preview.reward"))}: ₱${escapeHtml(v.rewardAmount)}</p>`
      : "";
  const banner = v.bannerUrl ? `<img class="banner" src="${escapeHtml(v.bannerUrl)}" alt="">` : "";
  const doc = `<!doctype html><html lang="${lang.toLowerCase()}"><meta charset="utf-8"><style>
    body{font:15px/1.5 system-ui,sans-serif;margin:0;padding:12px;background:#f4f5f9;color:#1c2230}
    article{background:#fff;border-radius:12px;padding:16px;overflow:hidden}
    .banner{display:block;width:calc(100% + 32px);margin:-16px -16px 12px;aspect-ratio:16/7;object-fit:cover}
    h1{font-size:22px;margin:4px 0}.type{font-size:12px;text-transform:uppercase;color:#667}
    .reward{color:#a86b00;font-weight:700;margin:4px 0}img{max-width:100%}
    .btn{display:inline-block;margin-top:16px;padding:10px 18px;border-radius:8px;background:#f5b82e;font-weight:700}
  </style><article>${banner}<span class="type">${escapeHtml(v.type ?? "")}</span><h1>${escapeHtml(title)}</h1>${reward}
  <div>${body}</div><span class="btn">${escapeHtml(v.participation ?? "")}</span></article></html>`;
  return (
    <section className="promo-preview" aria-label={t("preview.preview")} data-testid="promotion-preview">
      <div className="toolbar">
        <label className="toolbar-label" htmlFor="promo-preview-lang">
          {t("preview.preview")}
        </label>
        <select
          id="promo-preview-lang"
          className="input select input--auto"
          value={lang}
          onChange={(e) => setLang(e.target.value as LangCode)}
          data-testid="promotion-preview-lang"
        >
          {LangCodes.map((l) => (
            <option key={l} value={l}>
              {t(LANG_NAMES[l])}
            </option>
          ))}
        </select>
        <fieldset className="segmented plain-fieldset" aria-label={t("preview.device")}>
          {(["phone", "desktop"] as const).map((d) => (
            <button
              key={d}
              type="button"
              className={`btn btn--sm${device === d ? " btn--primary" : ""}`}
              aria-pressed={device === d}
              onClick={() => setDevice(d)}
              data-testid={`promotion-preview-${d}`}
            >
              {d === "phone" ? t("preview.phone") : t("preview.desktop")}
            </button>
          ))}
        </fieldset>
      </div>
      <iframe
        title={t("preview.frameTitle", {
          lang: t(LANG_NAMES[lang]),
          device: device === "phone" ? t("preview.phoneWord") : t("preview.desktopWord"),
        })}
        sandbox=""
        srcDoc={doc}
        className="promo-preview-frame"
        style={{
          width: device === "phone" ? 390 : "100%",
          height: device === "phone" ? 844 : 560,
          maxWidth: "100%",
          border: "1px solid var(--color-border, #ccd)",
          borderRadius: device === "phone" ? 24 : 8,
          background: "#fff",
        }}
      />
    </section>
  );
}

import "./promotions.css";
import { type LangCode, LangCodes } from "@panalo/contracts/envelope";
import { useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { LANG_NAMES } from "../../lib/localized.ts";
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
  const { control } = useFormContext<PromotionFormValues>();
  const [lang, setLang] = useState<LangCode>("TY");
  const [device, setDevice] = useState<"phone" | "desktop">("phone");
  const v = useWatch({ control }) as Partial<PromotionFormValues>;
  const text = (t: Record<string, string> | undefined) => t?.[lang] || t?.EN || "";
  const title = text(v.title as Record<string, string> | undefined);
  const body = text(v.body as Record<string, string> | undefined);
  const reward =
    v.rewardKind && v.rewardKind !== "none" && v.rewardAmount
      ? `<p class="reward">${v.rewardKind === "bonus" ? "Bonus" : "Reward"}: ₱${escapeHtml(v.rewardAmount)}</p>`
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
    <section className="promo-preview" aria-label="Preview" data-testid="promotion-preview">
      <div className="toolbar">
        <label className="toolbar-label" htmlFor="promo-preview-lang">
          Preview
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
              {LANG_NAMES[l]}
            </option>
          ))}
        </select>
        <fieldset className="segmented plain-fieldset" aria-label="Device">
          {(["phone", "desktop"] as const).map((d) => (
            <button
              key={d}
              type="button"
              className={`btn btn--sm${device === d ? " btn--primary" : ""}`}
              aria-pressed={device === d}
              onClick={() => setDevice(d)}
              data-testid={`promotion-preview-${d}`}
            >
              {d === "phone" ? "Phone (390 px)" : "Desktop"}
            </button>
          ))}
        </fieldset>
      </div>
      <iframe
        title={`Promotion preview, ${LANG_NAMES[lang]}, ${device}`}
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

import type { Vendor } from "@panalo/contracts/content";
import { type KeyboardEvent, type ReactNode, useRef } from "react";
import { useTranslation } from "react-i18next";

/** spec §2: the vendor menu gets scroll arrows above 7 vendors. */
export const VENDOR_ARROWS_ABOVE = 7;

/**
 * The games page's vendor menu: "all" then one tab per vendor of the category (small icon,
 * name, hot badge). A tab strip (arrow keys move, the chosen tab is the one in the Tab order)
 * that scrolls sideways, with arrows when there are more than 7 vendors.
 */
export function VendorMenu(props: {
  vendors: readonly Vendor[];
  value: string;
  onChange: (vassalage: string) => void;
}) {
  const { vendors, value, onChange } = props;
  const { t } = useTranslation();
  const strip = useRef<HTMLDivElement>(null);
  const ids = ["all", ...vendors.map((v) => v.vassalage)];
  const current = ids.includes(value) ? value : "all";
  const arrows = vendors.length > VENDOR_ARROWS_ABOVE;

  const focusTab = (id: string) => {
    strip.current?.querySelector<HTMLElement>(`[data-vendor="${CSS.escape(id)}"]`)?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const at = ids.indexOf(current);
    let next: string | undefined;
    if (e.key === "ArrowRight") next = ids[(at + 1) % ids.length];
    else if (e.key === "ArrowLeft") next = ids[(at - 1 + ids.length) % ids.length];
    else if (e.key === "Home") next = ids[0];
    else if (e.key === "End") next = ids[ids.length - 1];
    if (next === undefined) return;
    e.preventDefault();
    onChange(next);
    focusTab(next);
  };
  const move = (dir: -1 | 1) => strip.current?.scrollBy({ left: dir * 240, behavior: "smooth" });

  const tab = (id: string, label: ReactNode) => (
    <button
      key={id}
      type="button"
      role="tab"
      className="tab vendor-tab"
      aria-selected={id === current}
      tabIndex={id === current ? 0 : -1}
      data-testid="vendor-tab"
      data-vendor={id}
      onClick={() => onChange(id)}
    >
      {label}
    </button>
  );

  return (
    <div className={arrows ? "vendor-menu has-arrows" : "vendor-menu"} data-testid="vendor-menu">
      {arrows && (
        <button type="button" className="round-btn" onClick={() => move(-1)}>
          <span aria-hidden="true">‹</span>
          <span className="sr-only">{t("common.previous")}</span>
        </button>
      )}
      <div
        ref={strip}
        role="tablist"
        aria-label={t("games.vendors")}
        className="tabs vendor-strip"
        onKeyDown={onKeyDown}
      >
        {tab("all", t("games.allVendors"))}
        {vendors.map((v) =>
          tab(
            v.vassalage,
            <>
              <img src={v.smallIcon} alt="" width={24} height={24} loading="lazy" />
              {v.displayName}
              {v.isHot === 1 && <span className="hot-badge">{t("nav.hot")}</span>}
            </>,
          ),
        )}
      </div>
      {arrows && (
        <button type="button" className="round-btn" onClick={() => move(1)}>
          <span aria-hidden="true">›</span>
          <span className="sr-only">{t("common.next")}</span>
        </button>
      )}
    </div>
  );
}

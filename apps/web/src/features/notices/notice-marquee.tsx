import { type CSSProperties, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../components/icons.tsx";
import { openNoticeModal } from "./notice-modal-store.ts";
import { useHomeNotices } from "./notices-api.ts";

/** Scroll speed of the notice bar. */
const SPEED_PX_PER_S = 45;

/**
 * The home notice bar (spec §2): the H notices scroll from right to left and stop while the
 * pointer is over the bar (or focus is inside it); clicking a title opens the notice modal
 * at that notice. The list is drawn twice so the loop is seamless; the second copy is hidden
 * from assistive technology. The scroll moves in whole-pixel steps, so between steps an item
 * holds still, and it waits two seconds before it starts.
 */
export function NoticeMarquee() {
  const { t } = useTranslation();
  const { data: notices, isPending } = useHomeNotices();
  const viewport = useRef<HTMLDivElement>(null);
  const copy = useRef<HTMLUListElement>(null);
  const [size, setSize] = useState<{ copy: number; viewport: number } | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measure when the notices change
  useLayoutEffect(() => {
    const list = copy.current;
    const box = viewport.current;
    if (!list || !box) return;
    const measure = () => setSize({ copy: list.scrollWidth, viewport: box.clientWidth });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    observer.observe(box);
    return () => observer.disconnect();
  }, [notices]);

  if (isPending) {
    return (
      <div className="marquee" aria-hidden="true">
        <span className="skeleton marquee-skeleton" />
      </div>
    );
  }
  const list = notices ?? [];
  // Each copy is at least as wide as the bar, so the loop never shows a gap.
  const copyWidth = size ? Math.max(size.copy, size.viewport) : 0;
  const moving: CSSProperties | undefined =
    size && list.length > 0
      ? ({
          "--marquee-min": `${size.viewport}px`,
          animationDuration: `${(copyWidth / SPEED_PX_PER_S).toFixed(2)}s`,
          animationTimingFunction: `steps(${Math.max(1, Math.round(copyWidth))})`,
        } as CSSProperties) // a custom property beside standard ones
      : undefined;

  return (
    <section className="marquee" data-testid="notice-marquee" aria-label={t("notices.bar")}>
      <span className="marquee-label">
        <Icon name="bell" size={18} />
        <span className="marquee-label-text">{t("notices.barShort")}</span>
      </span>
      <div className="marquee-viewport" ref={viewport}>
        {list.length === 0 ? (
          <p className="marquee-empty">{t("notices.none")}</p>
        ) : (
          <div className={moving ? "marquee-track is-moving" : "marquee-track"} style={moving}>
            <ul className="marquee-copy" ref={copy}>
              {list.map((n) => (
                <li key={n.id}>
                  <button
                    type="button"
                    className="marquee-item"
                    data-testid={`marquee-item-${n.id}`}
                    onClick={() => openNoticeModal(n.id)}
                  >
                    {n.title}
                  </button>
                </li>
              ))}
            </ul>
            <ul className="marquee-copy" aria-hidden="true">
              {list.map((n) => (
                <li key={n.id}>
                  <button
                    type="button"
                    className="marquee-item"
                    tabIndex={-1}
                    onClick={() => openNoticeModal(n.id)}
                  >
                    {n.title}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      <button
        type="button"
        className="btn btn-ghost btn-sm marquee-all"
        onClick={() => openNoticeModal(null)}
      >
        {t("notices.all")}
      </button>
    </section>
  );
}

import { type ReactNode, useEffect, useId, useLayoutEffect, useRef } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import { Icon } from "./icons.tsx";

/**
 * The modal system (spec §2 "Modals"). Any open modal locks page scroll and closing the last
 * one restores it; the cover closes a modal on click unless that is turned off; a small modal
 * (200 x 200) never closes from the cover. Escape closes closable modals, focus moves into
 * the dialog, stays inside it, and returns to where it was.
 */
let openModals = 0;
let savedOverflow = "";
let savedPadding = "";

function lockPageScroll(): () => void {
  openModals += 1;
  if (openModals === 1) {
    const body = document.body;
    savedOverflow = body.style.overflow;
    savedPadding = body.style.paddingRight;
    // Keep the page from shifting sideways when its scrollbar disappears.
    const scrollbar = window.innerWidth - document.documentElement.clientWidth;
    if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
    body.style.overflow = "hidden";
  }
  return () => {
    openModals -= 1;
    if (openModals === 0) {
      document.body.style.overflow = savedOverflow;
      document.body.style.paddingRight = savedPadding;
    }
  };
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export type ModalSize = "default" | "small" | "wide" | "page";

export interface ModalProps {
  onClose: () => void;
  title?: ReactNode;
  children: ReactNode;
  /**
   * default: at least 600 x 300; small: 200 x 200, closed only by its own controls; wide: lists;
   * page: a screen of its own (the member centre: a menu beside tables of eight columns).
   */
  size?: ModalSize;
  closeOnCover?: boolean;
  testId?: string;
  footer?: ReactNode;
  /** Names the dialog when there is no visible title. */
  ariaLabel?: string;
  /**
   * False for a modal that must be completed (the forced password change): no close button,
   * neither Escape nor the cover closes it.
   */
  dismissible?: boolean;
}

export function Modal({
  onClose,
  title,
  children,
  size = "default",
  closeOnCover = true,
  testId,
  footer,
  ariaLabel,
  dismissible = true,
}: ModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const closable = size !== "small" && dismissible;
  const coverCloses = closable && closeOnCover;

  // A layout effect, so the page scrolls again in the same commit that removes the modal.
  useLayoutEffect(() => lockPageScroll(), []);

  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    box.current?.focus();
    return () => before?.focus();
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = box.current;
      if (!el) return;
      if (e.key === "Escape" && closable) {
        e.stopPropagation();
        closeRef.current();
      } else if (e.key === "Tab") {
        const items = [...el.querySelectorAll<HTMLElement>(FOCUSABLE)];
        const first = items[0];
        const last = items[items.length - 1];
        if (!first || !last) {
          e.preventDefault();
        } else if (e.shiftKey && (document.activeElement === first || document.activeElement === el)) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [closable]);

  return createPortal(
    <div className="modal-layer">
      <div
        className="modal-cover"
        data-testid="modal-cover"
        aria-hidden="true"
        onClick={coverCloses ? () => closeRef.current() : undefined}
      />
      <div
        ref={box}
        className={`modal modal-${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        aria-label={title ? undefined : ariaLabel}
        tabIndex={-1}
        data-testid={testId}
      >
        {(title || closable) && (
          <header className="modal-head">
            {title ? <h2 id={titleId}>{title}</h2> : <span />}
            {closable && (
              <button type="button" className="icon-btn modal-close" onClick={() => closeRef.current()}>
                <Icon name="close" size={18} />
                <span className="sr-only">{t("common.close")}</span>
              </button>
            )}
          </header>
        )}
        <div className="modal-body">{children}</div>
        {footer && <footer className="modal-foot">{footer}</footer>}
      </div>
    </div>,
    document.body,
  );
}

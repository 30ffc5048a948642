import { useEffect, useState } from "react";

/**
 * An image with the three states of spec §4 (loading, loaded, error) and up to three attempts
 * (spec §9), a skeleton behind it while it loads, and its width and height always set so the
 * layout never jumps. The image stays painted while loading so it can count as the page's
 * largest paint as early as possible.
 */
const MAX_ATTEMPTS = 3;
const RETRY_DELAY_MS = 600;

type ImageState = "loading" | "loaded" | "error";

export interface LazyImageProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  className?: string;
  /** For the first banner: fetched at once with high priority. */
  eager?: boolean;
}

export function LazyImage({ src, alt, width, height, className = "", eager = false }: LazyImageProps) {
  const [attempt, setAttempt] = useState(1);
  const [state, setState] = useState<ImageState>("loading");
  const [waiting, setWaiting] = useState(false);

  // A new source starts over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: src is the trigger, not a value read inside
  useEffect(() => {
    setAttempt(1);
    setState("loading");
    setWaiting(false);
  }, [src]);

  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => {
      setWaiting(false);
      setAttempt((a) => a + 1);
    }, RETRY_DELAY_MS * attempt);
    return () => clearTimeout(timer);
  }, [waiting, attempt]);

  const url = attempt === 1 ? src : `${src}${src.includes("?") ? "&" : "?"}attempt=${attempt}`;
  return (
    <span className={`lazy-img is-${state} ${className}`} data-state={state}>
      {state !== "error" && !waiting && (
        <img
          key={url}
          src={url}
          alt={alt}
          width={width}
          height={height}
          loading={eager ? "eager" : "lazy"}
          decoding={eager ? "sync" : "async"}
          fetchPriority={eager ? "high" : "auto"}
          onLoad={() => setState("loaded")}
          onError={() => {
            if (attempt < MAX_ATTEMPTS) setWaiting(true);
            else setState("error");
          }}
        />
      )}
      {state === "error" && (
        // The broken image's stand-in says what the image was; a decorative image (no alt) stays
        // decorative, hidden from screen readers, rather than an image without a name.
        <span
          className="lazy-img-error"
          {...(alt ? { role: "img", "aria-label": alt } : { "aria-hidden": true })}
        >
          <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
            <path
              fill="currentColor"
              d="M21 5v10.6l-3-3-4 4-4-4-7 7V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2Zm-2 14H6.4l3.6-3.6 4 4 4-4 3 3V19a2 2 0 0 1-2 2ZM8.5 10A1.5 1.5 0 1 0 8.5 7a1.5 1.5 0 0 0 0 3Z"
            />
          </svg>
        </span>
      )}
    </span>
  );
}

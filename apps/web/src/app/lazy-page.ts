import { type ComponentType, lazy } from "react";
import { textsLoaded } from "../features/i18n/i18n.ts";

/** spec §9: a route's code that has not arrived after 120 s counts as failed (network). */
const CHUNK_TIMEOUT_MS = 120_000;

type PageModule = { default: ComponentType };

/**
 * React.lazy with the chunk time-out; the ErrorBoundary around the outlet shows the failure.
 * The page renders once the catalogue areas its code started loading are in (areas.ts), never
 * showing a key. `texts`: the page's own area (features/i18n/texts/<area>.ts), which the page
 * imports anyway; imported here as well, it starts downloading its texts as soon as its own
 * small module arrives, beside the page's code, instead of once all of the page's code has.
 */
export function lazyPage(load: () => Promise<PageModule>, texts?: () => Promise<unknown>) {
  return lazy(
    () =>
      new Promise<PageModule>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("route chunk timed out")), CHUNK_TIMEOUT_MS);
        Promise.all([load(), texts?.()])
          .then(([m]) => textsLoaded().then(() => m))
          .then(
            (m) => {
              clearTimeout(timer);
              resolve(m);
            },
            (err: unknown) => {
              clearTimeout(timer);
              reject(err);
            },
          );
      }),
  );
}

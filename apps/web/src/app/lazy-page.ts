import { type ComponentType, lazy } from "react";

/** spec §9: a route's code that has not arrived after 120 s counts as failed (network). */
const CHUNK_TIMEOUT_MS = 120_000;

type PageModule = { default: ComponentType };

/** React.lazy with the chunk time-out; the ErrorBoundary around the outlet shows the failure. */
export function lazyPage(load: () => Promise<PageModule>) {
  return lazy(
    () =>
      new Promise<PageModule>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("route chunk timed out")), CHUNK_TIMEOUT_MS);
        load().then(
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

import { type ComponentType, lazy as reactLazy } from "react";
import { textsLoaded } from "./i18n.ts";

/**
 * React.lazy that also waits for the catalogue areas its code started loading (areas.ts): a
 * module using an area's keys imports texts/<area>.ts, which starts the download when the
 * chunk runs; the component renders once they are in, never showing a key. Every lazily loaded
 * component of the site goes through this (areas.test.ts).
 */
// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own bound for the component's props
export function lazy<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return reactLazy(() => load().then((m) => textsLoaded().then(() => m)));
}

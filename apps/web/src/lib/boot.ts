/**
 * Calls started by the boot script (src/boot.js, loaded first by index.html) before any
 * JavaScript bundle arrives (the permission response, the nav's game menus and the search texts on every page; the banners
 * and the notice bar on the home page), so they download in parallel with the code. `api()`
 * takes each answer once, and only when it was asked in the language now in use.
 */
interface BootCalls {
  lang: string;
  calls: Record<string, Promise<unknown> | undefined>;
}

declare global {
  interface Window {
    __panaloBoot?: BootCalls;
  }
}

export function takeBootCall(path: string, lang: string): Promise<unknown> | null {
  const boot = window.__panaloBoot;
  if (!boot || boot.lang !== lang) return null;
  const call = boot.calls[path];
  boot.calls[path] = undefined;
  return call ?? null;
}

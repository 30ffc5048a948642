// Before the first paint: the stored theme and language on <html>, so nothing flashes.
// Then the calls every first screen needs start at once, in parallel with the site's
// code; src/lib/boot.ts hands their answers to the API client.
// A classic script of its own (not inline): the Content-Security-Policy allows no inline
// script. The build (vite.config.ts) writes the chunk map into it and serves it hashed.
(() => {
  // The CSP allows no 'unsafe-eval': zod must not compile parsers with `new Function` (even its
  // caught probe, made when the first schema is built, is reported as a violation). Zod reads
  // this object when it loads, so it is set before any module runs.
  globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };
  const d = document.documentElement;
  const htmlLang = { TY: "fil", EN: "en", CN: "zh", VI: "vi", TH: "th", ID: "id", JA: "ja" };
  let lang = "TY";
  let theme = "light";
  try {
    theme = localStorage.getItem("panalo.theme") === "dark" ? "dark" : "light";
    const stored = localStorage.getItem("panalo.lang");
    if (stored && htmlLang[stored]) lang = stored;
  } catch {
    // storage blocked (private mode): the defaults stay
  }
  d.dataset.theme = theme;
  d.lang = htmlLang[lang];
  const isHome = /^\/(index(\.html)?|home)?$/.test(location.pathname);
  // Filled in by the build (vite.config.ts): the chunks of the catalogs and of the home page.
  const chunks = "__PANALO_PRELOAD__";
  const preload = (href) => {
    if (!href) return;
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.appendChild(link);
  };
  if (typeof chunks === "object") {
    preload(chunks[lang]);
    if (isHome) preload(chunks.home);
  }
  if (!window.fetch) return;
  const calls = {};
  const get = (url) => {
    const call = fetch(url, {
      headers: { "X-Lang": lang, Accept: "application/json" },
      credentials: "same-origin",
    }).then((r) => r.json());
    call.catch(() => {});
    calls[url] = call;
  };
  get("/wps/system/status");
  get("/lgw/games/game_menus");
  get("/wps/system/seo");
  if (isHome) {
    get("/wps/system/banners?groups=home");
    get("/wps/notice/home");
    // The first banner is the home page's largest paint: its image downloads as soon as the
    // banners are known, not once the site's code has run and drawn the carousel.
    calls["/wps/system/banners?groups=home"].then(
      (answer) => {
        const first = answer?.success && Array.isArray(answer.value) ? answer.value[0] : null;
        if (!first || typeof first.url !== "string") return;
        const link = document.createElement("link");
        link.rel = "preload";
        link.as = "image";
        link.href = first.url;
        link.setAttribute("fetchpriority", "high");
        document.head.appendChild(link);
      },
      () => {},
    );
  }
  window.__panaloBoot = { lang, calls };
})();

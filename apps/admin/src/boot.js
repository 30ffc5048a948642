// Runs before the back office's modules (a classic script of its own: the Content-Security-Policy
// allows no inline script). The CSP allows no 'unsafe-eval' either: zod must not compile parsers
// with `new Function` (even its caught probe, made when the first schema is built, is reported
// as a violation). Zod reads this object when it loads.
globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

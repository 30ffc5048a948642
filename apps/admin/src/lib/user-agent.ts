/** Browsers in the order their tokens must be tested: Edge and Opera also say "Chrome". */
const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/EdgA?\/(\d+)/, "Edge"],
  [/OPR\/(\d+)/, "Opera"],
  [/SamsungBrowser\/(\d+)/, "Samsung Internet"],
  [/(?:Firefox|FxiOS)\/(\d+)/, "Firefox"],
  [/(?:Chrome|CriOS)\/(\d+)/, "Chrome"],
  [/Version\/(\d+)(?:\.\d+)*.*Safari\//, "Safari"],
];

const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/Windows NT/, "Windows"],
  [/Android/, "Android"],
  [/iPhone|iPad|iPod/, "iOS"],
  [/CrOS/, "ChromeOS"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/Linux/, "Linux"],
];

const SHORT_MAX = 40;

/** "Chrome 124 on Android" from a User-Agent header; the header's start for anything else. */
export function describeUserAgent(userAgent: string | null): string {
  const ua = userAgent?.trim() ?? "";
  if (!ua) return "—";
  let browser: string | undefined;
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) {
      browser = `${name} ${match[1] ?? ""}`.trim();
      break;
    }
  }
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  const head = ua.split(/[\s(]/)[0] ?? ua;
  const short = system ? `${head} on ${system}` : head;
  return short.length > SHORT_MAX ? `${short.slice(0, SHORT_MAX - 1)}…` : short;
}

/**
 * The demo brand's pictures, drawn in code as SVG: the logo and vendor logos (banners:
 * banner-art.ts).
 * They are real images stored in the media table like any upload, so the operator replaces
 * them in the back office the same way.
 */
const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export function logoSvg(name: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="56" viewBox="0 0 200 56">
<defs><linearGradient id="g" x1="0" x2="1" y1="0" y2="1"><stop offset="0" stop-color="#ffd36b"/><stop offset="1" stop-color="#f39c12"/></linearGradient></defs>
<circle cx="28" cy="28" r="24" fill="url(#g)"/><path d="M20 16h11a9 9 0 0 1 0 18h-5v8h-6z M26 22v6h5a3 3 0 0 0 0-6z" fill="#1b1f3b"/>
<text x="60" y="37" font-family="Verdana,Arial,sans-serif" font-size="26" font-weight="700" fill="#f5b82e">${esc(name)}</text></svg>`;
}

/** A vendor logo, in grey (plain) or colour (hover), 160 x 64. */
export function vendorLogoSvg(label: string, colour: string, grey: boolean): string {
  const fill = grey ? "#8a8fa3" : colour;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="64" viewBox="0 0 160 64">
<rect x="4" y="8" width="48" height="48" rx="12" fill="${fill}"/><text x="28" y="40" text-anchor="middle" font-family="Verdana,Arial,sans-serif" font-size="18" font-weight="700" fill="#fff">${esc(label.slice(0, 2))}</text>
<text x="60" y="40" font-family="Verdana,Arial,sans-serif" font-size="16" font-weight="700" fill="${fill}">${esc(label)}</text></svg>`;
}

/** A 32 x 32 round icon with initials, for the nav drop-down. */
export function vendorIconSvg(label: string, colour: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32"><circle cx="16" cy="16" r="15" fill="${colour}"/><text x="16" y="21" text-anchor="middle" font-family="Verdana,Arial,sans-serif" font-size="12" font-weight="700" fill="#fff">${esc(label.slice(0, 2))}</text></svg>`;
}

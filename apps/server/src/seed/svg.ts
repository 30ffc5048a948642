/**
 * The demo brand's pictures, drawn in code as SVG: banners, the logo and vendor logos.
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

export interface BannerArt {
  headline: string;
  sub: string;
  from: string;
  to: string;
  accent: string;
  motif: "coins" | "cards" | "fish" | "balls" | "trophy" | "phone";
}

function motif(kind: BannerArt["motif"], accent: string): string {
  switch (kind) {
    case "coins":
      return [0, 1, 2, 3, 4]
        .map(
          (i) =>
            `<ellipse cx="${880 + i * 38}" cy="${300 - i * 34}" rx="70" ry="22" fill="${accent}" stroke="#8a5a00" stroke-width="4"/>`,
        )
        .join("");
    case "cards":
      return [0, 1, 2]
        .map(
          (i) =>
            `<g transform="rotate(${-18 + i * 18} 960 240)"><rect x="900" y="110" width="130" height="190" rx="14" fill="#fff" stroke="${accent}" stroke-width="6"/><text x="965" y="225" font-size="72" text-anchor="middle" fill="${i === 1 ? "#c0392b" : "#1b1f3b"}" font-family="Georgia,serif">${["A", "K", "Q"][i]}</text></g>`,
        )
        .join("");
    case "fish":
      return [0, 1, 2]
        .map(
          (i) =>
            `<g transform="translate(${820 + i * 90} ${120 + i * 70})"><ellipse cx="60" cy="30" rx="60" ry="30" fill="${accent}"/><path d="M115 30l45-28v56z" fill="${accent}"/><circle cx="30" cy="24" r="6" fill="#1b1f3b"/></g>`,
        )
        .join("");
    case "balls":
      return [7, 21, 38, 45, 52]
        .map(
          (n, i) =>
            `<g><circle cx="${800 + i * 80}" cy="${200 + (i % 2) * 60}" r="36" fill="${accent}"/><circle cx="${800 + i * 80}" cy="${200 + (i % 2) * 60}" r="22" fill="#fff"/><text x="${800 + i * 80}" y="${209 + (i % 2) * 60}" text-anchor="middle" font-size="24" font-weight="700" font-family="Arial,sans-serif" fill="#1b1f3b">${n}</text></g>`,
        )
        .join("");
    case "trophy":
      return `<path d="M900 110h160v60a80 80 0 0 1-160 0z" fill="${accent}"/><rect x="965" y="245" width="30" height="50" fill="${accent}"/><rect x="925" y="295" width="110" height="24" rx="6" fill="${accent}"/><path d="M900 130h-40a40 40 0 0 0 40 50M1060 130h40a40 40 0 0 1-40 50" fill="none" stroke="${accent}" stroke-width="10"/>`;
    case "phone":
      return `<rect x="900" y="70" width="150" height="280" rx="24" fill="#12152b" stroke="${accent}" stroke-width="6"/><rect x="915" y="100" width="120" height="210" rx="8" fill="${accent}" opacity=".85"/><circle cx="975" cy="330" r="9" fill="${accent}"/>`;
  }
}

/** A 1200 x 400 banner: gradient, light rays, a motif and two lines of text. */
export function bannerSvg(art: BannerArt): string {
  const rays = Array.from({ length: 12 }, (_, i) => {
    const a = (i / 12) * Math.PI * 2;
    const x = 960 + Math.cos(a) * 700;
    const y = 200 + Math.sin(a) * 700;
    return `<path d="M960 200L${x.toFixed(0)} ${y.toFixed(0)}L${(960 + Math.cos(a + 0.12) * 700).toFixed(0)} ${(200 + Math.sin(a + 0.12) * 700).toFixed(0)}z" fill="#fff" opacity=".05"/>`;
  }).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400" viewBox="0 0 1200 400">
<defs><linearGradient id="bg" x1="0" x2="1" y1="0" y2="1"><stop offset="0" stop-color="${art.from}"/><stop offset="1" stop-color="${art.to}"/></linearGradient></defs>
<rect width="1200" height="400" fill="url(#bg)"/>${rays}${motif(art.motif, art.accent)}
<text x="80" y="185" font-family="Verdana,Arial,sans-serif" font-size="60" font-weight="700" fill="#fff">${esc(art.headline)}</text>
<text x="82" y="245" font-family="Verdana,Arial,sans-serif" font-size="28" fill="${art.accent}">${esc(art.sub)}</text>
<rect x="80" y="280" width="210" height="56" rx="28" fill="${art.accent}"/><text x="185" y="316" text-anchor="middle" font-family="Verdana,Arial,sans-serif" font-size="22" font-weight="700" fill="#1b1f3b">PLAY NOW</text></svg>`;
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

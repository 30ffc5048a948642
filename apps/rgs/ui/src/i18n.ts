/** Texts of the slot client in Filipino (TY, the default) and English (spec §1 languages). */
export type Lang = "TY" | "EN";

const TEXTS = {
  spin: { TY: "IKOT", EN: "SPIN" },
  balance: { TY: "Balanse", EN: "Balance" },
  win: { TY: "Panalo", EN: "Win" },
  bet: { TY: "Taya", EN: "Bet" },
  betPerLine: { TY: "Taya bawat linya", EN: "Bet per line" },
  totalBet: { TY: "Kabuuang taya", EN: "Total bet" },
  lines: { TY: "linya", EN: "lines" },
  ways: { TY: "paraan", EN: "ways" },
  betUp: { TY: "Taasan ang taya", EN: "Raise bet" },
  betDown: { TY: "Babaan ang taya", EN: "Lower bet" },
  mute: { TY: "I-mute ang tunog", EN: "Mute sound" },
  unmute: { TY: "Buksan ang tunog", EN: "Unmute sound" },
  paytable: { TY: "Bayaran at mga tuntunin", EN: "Paytable & rules" },
  history: { TY: "Kasaysayan", EN: "History" },
  fairness: { TY: "Patas na laro", EN: "Provably fair" },
  close: { TY: "Isara", EN: "Close" },
  lobby: { TY: "Lobby", EN: "Lobby" },
  loading: { TY: "Naglo-load…", EN: "Loading…" },
  bigWin: { TY: "MALAKING PANALO!", EN: "BIG WIN!" },
  freeSpins: { TY: "LIBRENG IKOT", EN: "FREE SPINS" },
  freeSpinsWon: { TY: "Nanalo ka ng {n} libreng ikot!", EN: "You won {n} free spins!" },
  freeSpinsLeft: { TY: "Libreng ikot: {n}", EN: "Free spins: {n}" },
  freeSpinsTotal: { TY: "Kabuuan ng libreng ikot", EN: "Free spins total" },
  multiplier: { TY: "Multiplier", EN: "Multiplier" },
  start: { TY: "Simulan", EN: "Start" },
  tapToContinue: { TY: "Pindutin para magpatuloy", EN: "Tap to continue" },
  lineWin: { TY: "Linya {line}", EN: "Line {line}" },
  scatterWin: { TY: "Scatter ×{n}", EN: "Scatter ×{n}" },
  serverHash: { TY: "Hash ng server seed", EN: "Server seed hash" },
  clientSeed: { TY: "Client seed", EN: "Client seed" },
  nonce: { TY: "Nonce (bilang ng round)", EN: "Nonce (round count)" },
  saveSeed: { TY: "Palitan ang seed", EN: "Change seed" },
  revealedSeed: { TY: "Inilantad na dating server seed", EN: "Revealed previous server seed" },
  verify: { TY: "Beripikahin", EN: "Verify" },
  verifyTitle: { TY: "Beripikahin ang isang round", EN: "Verify a round" },
  game: { TY: "Laro", EN: "Game" },
  serverSeed: { TY: "Server seed", EN: "Server seed" },
  hashOfSeed: { TY: "Hash ng seed", EN: "Hash of the seed" },
  outcome: { TY: "Resulta", EN: "Outcome" },
  replay: { TY: "Ulitin", EN: "Replay" },
  noRounds: { TY: "Wala pang round.", EN: "No rounds yet." },
  more: { TY: "Higit pa", EN: "More" },
  round: { TY: "Round", EN: "Round" },
  rtp: { TY: "RTP (teoretikal na balik)", EN: "RTP (theoretical return)" },
  rules: { TY: "Mga tuntunin", EN: "Rules" },
  linesDiagram: { TY: "Mga linya ng bayad", EN: "Paylines" },
  rulesLines: {
    TY: "Nagbabayad ang mga linya mula kaliwa pakanan, simula sa unang reel. Ang pinakamataas na panalo bawat linya lamang ang binabayaran. Ang bayad ay multiple ng taya bawat linya.",
    EN: "Lines pay left to right from the first reel. Only the highest win per line is paid. Pays are multiples of the bet per line.",
  },
  rulesWays: {
    TY: "243 paraan: nagbabayad ang magkakatabing reel mula kaliwa, kahit saang row. Ang bayad ay multiple ng taya bawat linya.",
    EN: "243 ways: matching symbols on adjacent reels from the left pay, in any row. Pays are multiples of the bet per line.",
  },
  rulesWild: {
    TY: "Ang WILD ay pumapalit sa lahat maliban sa scatter.",
    EN: "WILD substitutes for all symbols except the scatter.",
  },
  rulesScatter: {
    TY: "Ang scatter ay nagbabayad kahit saan, multiple ng kabuuang taya, at nagbibigay ng libreng ikot.",
    EN: "Scatters pay anywhere, as multiples of the total bet, and award free spins.",
  },
  rulesFree: {
    TY: "Sa libreng ikot, ang panalo ay pinararami ng {m}. Puwedeng manalo ulit ng libreng ikot.",
    EN: "During free spins wins are multiplied by {m}. Free spins can be retriggered.",
  },
  rulesMalfunction: {
    TY: "Ang malfunction ay nagpapawalang-bisa sa lahat ng bayad at laro.",
    EN: "Malfunction voids all pays and plays.",
  },
  pays: { TY: "Bayad", EN: "Pays" },
  errorTitle: { TY: "May problema", EN: "Something went wrong" },
  insufficient: { TY: "Kulang ang balanse para sa tayang ito.", EN: "Your balance is too low for this bet." },
  network: { TY: "Hindi maabot ang server. Subukan muli.", EN: "The server cannot be reached. Try again." },
  retry: { TY: "Subukan muli", EN: "Try again" },
  sessionFailed: { TY: "Hindi mabuksan ang laro.", EN: "The game could not be opened." },
  winPending: {
    TY: "Binabayaran pa ang iyong panalo; maa-update ang balanse sa ilang saglit.",
    EN: "Your win is being paid; the balance updates shortly.",
  },
  keyboardHint: { TY: "Space = ikot", EN: "Space = spin" },
  verifyLink: { TY: "Beripikahin", EN: "Verify" },
  replayTitle: { TY: "Replay ng round", EN: "Round replay" },
  replayAgain: { TY: "Ulitin muli", EN: "Play again" },
  replayReadOnly: {
    TY: "Replay lamang ito: walang taya at walang nagbabago sa balanse.",
    EN: "This is a replay only: no bet is placed and no balance changes.",
  },
  replayNoOutcome: {
    TY: "Walang resulta ang round na ito para i-replay: naibalik ang taya.",
    EN: "This round has no outcome to replay: its bet was returned.",
  },
  replayFailed: { TY: "Hindi mabuksan ang replay.", EN: "The replay could not be opened." },
  seedNotRevealed: {
    TY: "Ang kasalukuyang seed ay ilalantad kapag pinalitan mo ang client seed.",
    EN: "The current seed is revealed when you change the client seed.",
  },
} as const;

export type TextKey = keyof typeof TEXTS;

/** The language from `?lang=`; anything but EN falls back to Filipino (the default). */
export function langFrom(search: string): Lang {
  return new URLSearchParams(search).get("lang")?.toUpperCase() === "EN" ? "EN" : "TY";
}

/** A text in the language, with `{name}` placeholders filled in. */
export function t(lang: Lang, key: TextKey, vars: Record<string, string | number> = {}): string {
  return TEXTS[key][lang].replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? `{${name}}`));
}

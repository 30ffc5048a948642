import type { Lang } from "./i18n.ts";

type Names = Record<Lang, string>;

/** The card table screen's texts in the seven languages of the site (Filipino the default). */
const TEXTS = {
  holdem: {
    TY: "Texas Hold'em",
    EN: "Texas Hold'em",
    CN: "德州扑克",
    VI: "Texas Hold'em",
    TH: "เท็กซัสโฮลเด็ม",
    ID: "Texas Hold'em",
    JA: "テキサスホールデム",
  },
  tongits: {
    TY: "Tongits",
    EN: "Tongits",
    CN: "Tongits",
    VI: "Tongits",
    TH: "ตงอิต",
    ID: "Tongits",
    JA: "トンイッツ",
  },
  buyIn: { TY: "Buy-in", EN: "Buy-in", CN: "买入", VI: "Mua chip", TH: "ซื้อชิป", ID: "Buy-in", JA: "バイイン" },
  sitDown: {
    TY: "Umupo",
    EN: "Sit down",
    CN: "入座",
    VI: "Ngồi vào bàn",
    TH: "นั่งโต๊ะ",
    ID: "Duduk",
    JA: "着席",
  },
  leave: {
    TY: "Tumayo",
    EN: "Stand up",
    CN: "离座",
    VI: "Rời bàn",
    TH: "ลุกจากโต๊ะ",
    ID: "Berdiri",
    JA: "離席",
  },
  rebuy: {
    TY: "Dagdag chips",
    EN: "Rebuy",
    CN: "补充筹码",
    VI: "Mua thêm",
    TH: "ซื้อเพิ่ม",
    ID: "Beli lagi",
    JA: "リバイ",
  },
  stack: {
    TY: "Chips mo",
    EN: "Your chips",
    CN: "你的筹码",
    VI: "Chip của bạn",
    TH: "ชิปของคุณ",
    ID: "Chip Anda",
    JA: "あなたのチップ",
  },
  pot: { TY: "Pot", EN: "Pot", CN: "底池", VI: "Pot", TH: "กองกลาง", ID: "Pot", JA: "ポット" },
  fold: { TY: "Fold", EN: "Fold", CN: "弃牌", VI: "Bỏ bài", TH: "หมอบ", ID: "Fold", JA: "フォールド" },
  check: { TY: "Check", EN: "Check", CN: "过牌", VI: "Xem bài", TH: "เช็ค", ID: "Check", JA: "チェック" },
  call: {
    TY: "Call {amount}",
    EN: "Call {amount}",
    CN: "跟注 {amount}",
    VI: "Theo {amount}",
    TH: "คอล {amount}",
    ID: "Call {amount}",
    JA: "コール {amount}",
  },
  halfPot: {
    TY: "½ pot",
    EN: "½ pot",
    CN: "½ 底池",
    VI: "½ pot",
    TH: "½ กองกลาง",
    ID: "½ pot",
    JA: "½ ポット",
  },
  potBet: { TY: "Pot", EN: "Pot", CN: "底池", VI: "Pot", TH: "เต็มกองกลาง", ID: "Pot", JA: "ポット" },
  allIn: {
    TY: "All-in",
    EN: "All-in",
    CN: "全下",
    VI: "Tất tay",
    TH: "ออลอิน",
    ID: "All-in",
    JA: "オールイン",
  },
  draw: { TY: "Bumunot", EN: "Draw", CN: "摸牌", VI: "Rút bài", TH: "จั่ว", ID: "Ambil kartu", JA: "ドロー" },
  discard: {
    TY: "Itapon {card}",
    EN: "Discard {card}",
    CN: "弃 {card}",
    VI: "Bỏ {card}",
    TH: "ทิ้ง {card}",
    ID: "Buang {card}",
    JA: "{card} を捨てる",
  },
  meld: {
    TY: "Ibaba {cards}",
    EN: "Meld {cards}",
    CN: "组合 {cards}",
    VI: "Hạ {cards}",
    TH: "วางชุด {cards}",
    ID: "Turunkan {cards}",
    JA: "{cards} を出す",
  },
  other: {
    TY: "Galaw: {action}",
    EN: "Move: {action}",
    CN: "操作：{action}",
    VI: "Nước đi: {action}",
    TH: "การเล่น: {action}",
    ID: "Langkah: {action}",
    JA: "手: {action}",
  },
  yourTurn: {
    TY: "Ikaw na: {s} s",
    EN: "Your turn: {s} s",
    CN: "轮到你：{s} 秒",
    VI: "Đến lượt bạn: {s} giây",
    TH: "ตาคุณ: {s} วิ",
    ID: "Giliran Anda: {s} dtk",
    JA: "あなたの番: 残り {s} 秒",
  },
  waiting: {
    TY: "Hinihintay ang seat {seat}: {s} s",
    EN: "Waiting for seat {seat}: {s} s",
    CN: "等待座位 {seat}：{s} 秒",
    VI: "Đang chờ ghế {seat}: {s} giây",
    TH: "รอที่นั่ง {seat}: {s} วิ",
    ID: "Menunggu kursi {seat}: {s} dtk",
    JA: "座席 {seat} を待っています: 残り {s} 秒",
  },
  timeBank: {
    TY: "Time bank",
    EN: "Time bank",
    CN: "时间银行",
    VI: "Thời gian dự phòng",
    TH: "เวลาสำรอง",
    ID: "Waktu cadangan",
    JA: "タイムバンク",
  },
  nextHand: {
    TY: "Hinihintay ang susunod na kamay…",
    EN: "Waiting for the next hand…",
    CN: "等待下一手牌…",
    VI: "Đang chờ ván tiếp theo…",
    TH: "รอมือถัดไป…",
    ID: "Menunggu tangan berikutnya…",
    JA: "次のハンドを待っています…",
  },
  deckHash: {
    TY: "Hash ng baraha",
    EN: "Deck hash",
    CN: "牌组哈希",
    VI: "Mã băm bộ bài",
    TH: "แฮชสำรับ",
    ID: "Hash dek",
    JA: "デッキのハッシュ",
  },
  verify: {
    TY: "Suriin ang baraha",
    EN: "Verify the deck",
    CN: "验证牌组",
    VI: "Kiểm tra bộ bài",
    TH: "ตรวจสอบสำรับ",
    ID: "Verifikasi dek",
    JA: "デッキを検証",
  },
  verified: {
    TY: "Tugma ang baraha sa seed",
    EN: "The deck matches its seed",
    CN: "牌组与种子一致",
    VI: "Bộ bài khớp với seed",
    TH: "สำรับตรงกับซีด",
    ID: "Dek cocok dengan seed",
    JA: "デッキはシードと一致します",
  },
  notVerified: {
    TY: "Hindi tugma: {why}",
    EN: "Does not match: {why}",
    CN: "不一致：{why}",
    VI: "Không khớp: {why}",
    TH: "ไม่ตรงกัน: {why}",
    ID: "Tidak cocok: {why}",
    JA: "一致しません: {why}",
  },
  handVoid: {
    TY: "Kinansela ang kamay: ibinalik ang chips",
    EN: "Hand cancelled: chips returned",
    CN: "本手牌作废：筹码已退回",
    VI: "Ván bị hủy: đã hoàn chip",
    TH: "ยกเลิกมือนี้: คืนชิปแล้ว",
    ID: "Tangan dibatalkan: chip dikembalikan",
    JA: "ハンドは無効になり、チップは返却されました",
  },
  rake: {
    TY: "Rake {amount}",
    EN: "Rake {amount}",
    CN: "抽水 {amount}",
    VI: "Phí {amount}",
    TH: "ค่าธรรมเนียม {amount}",
    ID: "Rake {amount}",
    JA: "レーキ {amount}",
  },
  /** Fair play (CARDS_SAME_ADDRESS): the server's message is in TY/EN only. */
  sameAddress: {
    TY: "May ibang manlalaro mula sa iyong network o device na nakaupo na sa mesang ito. Pumili ng ibang mesa.",
    EN: "Another player on your network or device is already seated at this table. Please choose another table.",
    CN: "与您同一网络或设备的另一位玩家已在此牌桌就座。请选择其他牌桌。",
    VI: "Một người chơi khác cùng mạng hoặc thiết bị của bạn đã ngồi ở bàn này. Vui lòng chọn bàn khác.",
    TH: "มีผู้เล่นอื่นจากเครือข่ายหรืออุปกรณ์เดียวกับคุณนั่งที่โต๊ะนี้แล้ว โปรดเลือกโต๊ะอื่น",
    ID: "Pemain lain dari jaringan atau perangkat Anda sudah duduk di meja ini. Silakan pilih meja lain.",
    JA: "同じネットワークまたは端末の別のプレイヤーがすでにこのテーブルに着席しています。別のテーブルを選んでください。",
  },
  seatNo: {
    TY: "Upuan {n}",
    EN: "Seat {n}",
    CN: "{n} 号座",
    VI: "Ghế {n}",
    TH: "ที่นั่ง {n}",
    ID: "Kursi {n}",
    JA: "{n} 番席",
  },
  dealer: {
    TY: "Dealer",
    EN: "Dealer",
    CN: "庄家",
    VI: "Nhà cái",
    TH: "ดีลเลอร์",
    ID: "Dealer",
    JA: "ディーラー",
  },
  stock: {
    TY: "Stock {n}",
    EN: "Stock {n}",
    CN: "牌堆 {n}",
    VI: "Nọc {n}",
    TH: "กองไพ่ {n}",
    ID: "Stok {n}",
    JA: "山札 {n}",
  },
  emotes: {
    TY: "Mga emote",
    EN: "Emotes",
    CN: "表情",
    VI: "Biểu cảm",
    TH: "อีโมต",
    ID: "Emote",
    JA: "エモート",
  },
  emote_thumbs_up: {
    TY: "Ayos!",
    EN: "Nice!",
    CN: "赞！",
    VI: "Hay!",
    TH: "เยี่ยม!",
    ID: "Mantap!",
    JA: "いいね！",
  },
  emote_laugh: { TY: "Haha", EN: "Haha", CN: "哈哈", VI: "Haha", TH: "ฮ่าๆ", ID: "Haha", JA: "ははは" },
  emote_wow: { TY: "Wow!", EN: "Wow!", CN: "哇！", VI: "Ồ!", TH: "ว้าว!", ID: "Wow!", JA: "わお！" },
  emote_angry: { TY: "Grr!", EN: "Grr!", CN: "哼！", VI: "Hừ!", TH: "ฮึ่ม!", ID: "Grr!", JA: "むっ！" },
  emote_cry: {
    TY: "Huhu",
    EN: "So sad",
    CN: "好惨",
    VI: "Buồn quá",
    TH: "เศร้าจัง",
    ID: "Sedih",
    JA: "悲しい",
  },
  emote_good_game: {
    TY: "Magandang laro!",
    EN: "Good game!",
    CN: "打得好！",
    VI: "Ván hay!",
    TH: "เกมดี!",
    ID: "Permainan bagus!",
    JA: "ナイスゲーム！",
  },
  /** CARDS_EMOTE_TOO_FAST: the server's message is in TY/EN only. */
  emoteTooFast: {
    TY: "Maghintay sandali bago magpadala ulit ng emote.",
    EN: "Wait a moment before sending another emote.",
    CN: "请稍等片刻再发送表情。",
    VI: "Vui lòng đợi một chút trước khi gửi biểu cảm khác.",
    TH: "โปรดรอสักครู่ก่อนส่งอีโมตอีกครั้ง",
    ID: "Tunggu sebentar sebelum mengirim emote lagi.",
    JA: "次のエモートを送るまで少しお待ちください。",
  },
} satisfies Record<string, Names>;

export type CardsTextKey = keyof typeof TEXTS;
export const CARDS_TEXT_KEYS = Object.keys(TEXTS) as CardsTextKey[];
export const cardsTextsOf = (key: CardsTextKey): Names => TEXTS[key];

export function ct(lang: Lang, key: CardsTextKey, vars: Record<string, string | number> = {}): string {
  return TEXTS[key][lang].replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));
}

/**
 * The street totals of the ½-pot and pot buttons: a bet (nothing to call) of half or all of the
 * pot, or a raise to the current bet plus half or all of the pot after calling; clamped to what
 * the table allows now (`range`), null when no bet or raise is possible.
 */
/** The quick emotes (the server's list), each with its picture; its words are `emote_<name>`. */
export const EMOTES = [
  ["thumbs_up", "👍"],
  ["laugh", "😂"],
  ["wow", "😮"],
  ["angry", "😠"],
  ["cry", "😢"],
  ["good_game", "🤝"],
] as const;
export type EmoteName = (typeof EMOTES)[number][0];
export const emoteText = (lang: Lang, name: EmoteName): string => ct(lang, `emote_${name}`);

/**
 * Where seat `seat` of `seats` sits around the oval table, in percent of the table's box: seat 1
 * at the bottom centre (the viewer's own seat is turned there by `turn`), the rest clockwise.
 */
export function seatPlace(seat: number, seats: number, turn = 0): { x: number; y: number } {
  const k = (((seat - 1 - turn) % seats) + seats) % seats;
  const angle = Math.PI / 2 + (2 * Math.PI * k) / seats;
  return { x: Math.round(50 + 44 * Math.cos(angle)), y: Math.round(50 + 40 * Math.sin(angle)) };
}

export function potSizes(
  g: { pot: number; currentBet: number; myStreetBet: number },
  range: { min: number; max: number } | null,
): { half: number; pot: number } | null {
  if (!range) return null;
  const toCall = Math.max(0, g.currentBet - g.myStreetBet);
  const after = g.pot + toCall;
  const clamp = (v: number) => Math.min(range.max, Math.max(range.min, Math.floor(v)));
  return { half: clamp(g.currentBet + after / 2), pot: clamp(g.currentBet + after) };
}

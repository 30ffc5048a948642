import type { Lang } from "./i18n.ts";

/** The live table screen's texts in the seven languages of the site. */
const TEXTS = {
  placeBets: {
    TY: "Ilagay ang taya",
    EN: "Place bets",
    CN: "确认投注",
    VI: "Đặt cược",
    TH: "วางเดิมพัน",
    ID: "Pasang taruhan",
    JA: "ベット確定",
  },
  undo: { TY: "Bawiin", EN: "Undo", CN: "撤销", VI: "Hoàn tác", TH: "ย้อนกลับ", ID: "Batal", JA: "取り消し" },
  repeat: { TY: "Ulitin", EN: "Repeat", CN: "重复", VI: "Lặp lại", TH: "ซ้ำ", ID: "Ulangi", JA: "リピート" },
  clear: { TY: "Burahin", EN: "Clear", CN: "清除", VI: "Xóa", TH: "ล้าง", ID: "Hapus", JA: "クリア" },
  betting: {
    TY: "Tumataya: {s} s",
    EN: "Place your bets: {s} s",
    CN: "请下注：{s} 秒",
    VI: "Đặt cược: {s} giây",
    TH: "วางเดิมพัน: {s} วินาที",
    ID: "Pasang taruhan: {s} dtk",
    JA: "ベット受付中：{s} 秒",
  },
  closed: {
    TY: "Sarado na ang taya",
    EN: "Bets closed",
    CN: "停止下注",
    VI: "Ngừng cược",
    TH: "ปิดรับเดิมพัน",
    ID: "Taruhan ditutup",
    JA: "ベット締切",
  },
  waiting: {
    TY: "Hinihintay ang susunod na round",
    EN: "Waiting for the next round",
    CN: "等待下一局",
    VI: "Chờ ván tiếp theo",
    TH: "รอรอบถัดไป",
    ID: "Menunggu ronde berikutnya",
    JA: "次のラウンドを待っています",
  },
  players: {
    TY: "{n} manlalaro",
    EN: "{n} players",
    CN: "{n} 名玩家",
    VI: "{n} người chơi",
    TH: "ผู้เล่น {n} คน",
    ID: "{n} pemain",
    JA: "プレイヤー {n} 人",
  },
  round: {
    TY: "Round #{n}",
    EN: "Round #{n}",
    CN: "第 {n} 局",
    VI: "Ván #{n}",
    TH: "รอบ #{n}",
    ID: "Ronde #{n}",
    JA: "ラウンド #{n}",
  },
  myBets: {
    TY: "Mga taya ko",
    EN: "My bets",
    CN: "我的投注",
    VI: "Cược của tôi",
    TH: "เดิมพันของฉัน",
    ID: "Taruhan saya",
    JA: "マイベット",
  },
  myWin: {
    TY: "Panalo ko: {w}",
    EN: "My win: {w}",
    CN: "我的赢额：{w}",
    VI: "Tiền thắng: {w}",
    TH: "ชนะ: {w}",
    ID: "Kemenangan saya: {w}",
    JA: "獲得額：{w}",
  },
  accepted: {
    TY: "Tinanggap ang mga taya",
    EN: "Bets accepted",
    CN: "投注已接受",
    VI: "Đã nhận cược",
    TH: "รับเดิมพันแล้ว",
    ID: "Taruhan diterima",
    JA: "ベットを受け付けました",
  },
  limits: {
    TY: "Mga limit",
    EN: "Limits",
    CN: "限额",
    VI: "Giới hạn",
    TH: "วงเงิน",
    ID: "Batas",
    JA: "リミット",
  },
  lastResults: {
    TY: "Mga huling resulta",
    EN: "Last results",
    CN: "近期结果",
    VI: "Kết quả gần đây",
    TH: "ผลล่าสุด",
    ID: "Hasil terakhir",
    JA: "最近の結果",
  },
  verify: {
    TY: "I-verify ang round",
    EN: "Verify this round",
    CN: "验证本局",
    VI: "Xác minh ván này",
    TH: "ตรวจสอบรอบนี้",
    ID: "Verifikasi ronde",
    JA: "このラウンドを検証",
  },
  commitment: {
    TY: "Hash ng seed",
    EN: "Seed hash",
    CN: "种子哈希",
    VI: "Hash của seed",
    TH: "แฮชของซีด",
    ID: "Hash seed",
    JA: "シードハッシュ",
  },
  bigRoad: {
    TY: "Big road",
    EN: "Big road",
    CN: "大路",
    VI: "Big road",
    TH: "บิ๊กโรด",
    ID: "Big road",
    JA: "大路",
  },
  beadPlate: {
    TY: "Bead plate",
    EN: "Bead plate",
    CN: "珠盘路",
    VI: "Bead plate",
    TH: "บีดเพลต",
    ID: "Bead plate",
    JA: "珠盤路",
  },
  void: {
    TY: "Kanselado ang round; ibinalik ang mga taya",
    EN: "Round void: bets returned",
    CN: "本局作废，投注已退还",
    VI: "Ván bị hủy: đã hoàn cược",
    TH: "รอบเป็นโมฆะ: คืนเดิมพันแล้ว",
    ID: "Ronde batal: taruhan dikembalikan",
    JA: "ラウンド無効：ベットは返金されました",
  },
  chips: { TY: "Mga chip", EN: "Chips", CN: "筹码", VI: "Chip", TH: "ชิป", ID: "Chip", JA: "チップ" },
  racetrack: {
    TY: "Racetrack",
    EN: "Racetrack",
    CN: "跑道投注",
    VI: "Đường đua",
    TH: "เรซแทร็ก",
    ID: "Racetrack",
    JA: "レーストラック",
  },
  voisins: {
    TY: "Voisins du zéro",
    EN: "Voisins du zéro",
    CN: "零旁注",
    VI: "Voisins du zéro",
    TH: "Voisins du zéro",
    ID: "Voisins du zéro",
    JA: "ヴォワザン・デュ・ゼロ",
  },
  tiers: {
    TY: "Tiers du cylindre",
    EN: "Tiers du cylindre",
    CN: "三分之一注",
    VI: "Tiers du cylindre",
    TH: "Tiers du cylindre",
    ID: "Tiers du cylindre",
    JA: "ティエール・デュ・シランドル",
  },
  orphelins: {
    TY: "Orphelins",
    EN: "Orphelins",
    CN: "孤儿注",
    VI: "Orphelins",
    TH: "Orphelins",
    ID: "Orphelins",
    JA: "オルフェラン",
  },
  jeu_zero: {
    TY: "Jeu zéro",
    EN: "Jeu zéro",
    CN: "零游戏",
    VI: "Jeu zéro",
    TH: "Jeu zéro",
    ID: "Jeu zéro",
    JA: "ジュ・ゼロ",
  },
  neighbours: {
    TY: "{n} at mga katabi",
    EN: "{n} and neighbours",
    CN: "{n} 及邻号",
    VI: "{n} và hàng xóm",
    TH: "{n} และเพื่อนบ้าน",
    ID: "{n} dan tetangga",
    JA: "{n} とネイバー",
  },
  neighboursHint: {
    TY: "Pindutin ang numero sa gulong: ito at tig-dalawang katabi (5 chip).",
    EN: "Tap a number on the wheel: it and two neighbours each side (5 chips).",
    CN: "点击轮盘上的号码：该号码及两侧各两个邻号（5 个筹码）。",
    VI: "Chạm một số trên bánh xe: số đó và hai số bên mỗi phía (5 chip).",
    TH: "แตะตัวเลขบนวงล้อ: ตัวเลขนั้นและเพื่อนบ้านข้างละสองตัว (5 ชิป)",
    ID: "Ketuk angka di roda: angka itu dan dua tetangga di tiap sisi (5 chip).",
    JA: "ホイール上の数字をタップ：その数字と左右2つずつのネイバー（チップ5枚）。",
  },
  announcedTotal: {
    TY: "{u} chip × {c} = {t}",
    EN: "{u} chips × {c} = {t}",
    CN: "{u} 个筹码 × {c} = {t}",
    VI: "{u} chip × {c} = {t}",
    TH: "{u} ชิป × {c} = {t}",
    ID: "{u} chip × {c} = {t}",
    JA: "チップ {u} 枚 × {c} = {t}",
  },
  staged: {
    TY: "Hindi pa naipapadala: {t}",
    EN: "Not sent yet: {t}",
    CN: "尚未提交：{t}",
    VI: "Chưa gửi: {t}",
    TH: "ยังไม่ได้ส่ง: {t}",
    ID: "Belum dikirim: {t}",
    JA: "未送信：{t}",
  },
  board: {
    TY: "Mesa ng roulette",
    EN: "Roulette layout",
    CN: "轮盘台面",
    VI: "Bàn roulette",
    TH: "โต๊ะรูเล็ต",
    ID: "Meja rolet",
    JA: "ルーレットのレイアウト",
  },
  game: { TY: "Laro", EN: "Game", CN: "游戏", VI: "Trò chơi", TH: "เกม", ID: "Permainan", JA: "ゲーム" },
  seed: {
    TY: "Seed ng round",
    EN: "Round seed",
    CN: "本局种子",
    VI: "Seed của ván",
    TH: "ซีดของรอบ",
    ID: "Seed ronde",
    JA: "ラウンドのシード",
  },
  seedHelp: {
    TY: "64 hex na character, ipinapakita pagkatapos ng round",
    EN: "64 hex characters, shown once the round is revealed",
    CN: "64 个十六进制字符，本局开奖后公布",
    VI: "64 ký tự hex, hiển thị khi ván đã mở kết quả",
    TH: "อักขระฐานสิบหก 64 ตัว แสดงหลังเปิดผลรอบ",
    ID: "64 karakter heksadesimal, ditampilkan setelah ronde dibuka",
    JA: "16進数64文字。ラウンドの結果公開後に表示されます",
  },
  check: { TY: "Suriin", EN: "Check", CN: "验证", VI: "Kiểm tra", TH: "ตรวจสอบ", ID: "Periksa", JA: "検証" },
  outcome: { TY: "Resulta", EN: "Outcome", CN: "结果", VI: "Kết quả", TH: "ผลลัพธ์", ID: "Hasil", JA: "結果" },
  wins: {
    TY: "Panalo ang {w}",
    EN: "{w} wins",
    CN: "{w} 赢",
    VI: "{w} thắng",
    TH: "{w} ชนะ",
    ID: "{w} menang",
    JA: "{w} の勝ち",
  },
  hashMatches: {
    TY: "Patas ang round kung ito ang hash na inilathala bago nagbukas ang taya.",
    EN: "The round is fair if this hash is the one published before betting opened.",
    CN: "若此哈希与开注前公布的哈希一致，本局即为公平。",
    VI: "Ván là công bằng nếu hash này trùng với hash công bố trước khi mở cược.",
    TH: "รอบนี้ยุติธรรมหากแฮชนี้ตรงกับแฮชที่ประกาศก่อนเปิดรับเดิมพัน",
    ID: "Ronde adil jika hash ini sama dengan yang diumumkan sebelum taruhan dibuka.",
    JA: "このハッシュがベット開始前に公開されたものと一致すれば、ラウンドは公正です。",
  },
  hashMatchYes: {
    TY: "Tugma ito sa hash na inilathala bago nagbukas ang taya: patas ang round.",
    EN: "It matches the hash published before betting opened: the round is fair.",
    CN: "与开注前公布的哈希一致：本局公平。",
    VI: "Trùng với hash công bố trước khi mở cược: ván là công bằng.",
    TH: "ตรงกับแฮชที่ประกาศก่อนเปิดรับเดิมพัน รอบนี้ยุติธรรม",
    ID: "Sama dengan hash yang diumumkan sebelum taruhan dibuka: ronde ini adil.",
    JA: "ベット開始前に公開されたハッシュと一致しました。ラウンドは公正です。",
  },
  hashMatchNo: {
    TY: "HINDI ito tugma sa hash na inilathala bago nagbukas ang taya.",
    EN: "It does NOT match the hash published before betting opened.",
    CN: "与开注前公布的哈希不一致。",
    VI: "KHÔNG trùng với hash công bố trước khi mở cược.",
    TH: "ไม่ตรงกับแฮชที่ประกาศก่อนเปิดรับเดิมพัน",
    ID: "TIDAK sama dengan hash yang diumumkan sebelum taruhan dibuka.",
    JA: "ベット開始前に公開されたハッシュと一致しません。",
  },
  rawOutcome: {
    TY: "Datos ng game server",
    EN: "Game server record",
    CN: "游戏服务器记录",
    VI: "Bản ghi của máy chủ trò chơi",
    TH: "บันทึกของเซิร์ฟเวอร์เกม",
    ID: "Catatan server permainan",
    JA: "ゲームサーバーの記録",
  },
  seedInvalid: {
    TY: "Ang seed ay dapat 64 na hex na character (0–9, a–f).",
    EN: "The seed must be 64 hex characters (0–9, a–f).",
    CN: "种子必须是 64 个十六进制字符（0–9、a–f）。",
    VI: "Seed phải gồm 64 ký tự hex (0–9, a–f).",
    TH: "ซีดต้องเป็นอักขระฐานสิบหก 64 ตัว (0–9, a–f)",
    ID: "Seed harus 64 karakter heksadesimal (0–9, a–f).",
    JA: "シードは16進数64文字（0–9、a–f）である必要があります。",
  },
  error: {
    TY: "May nangyaring mali. Subukan muli.",
    EN: "Something went wrong. Please try again.",
    CN: "出错了，请重试。",
    VI: "Đã xảy ra lỗi. Vui lòng thử lại.",
    TH: "เกิดข้อผิดพลาด โปรดลองอีกครั้ง",
    ID: "Terjadi kesalahan. Silakan coba lagi.",
    JA: "エラーが発生しました。もう一度お試しください。",
  },
  BETS_CLOSED: {
    TY: "Sarado na ang taya bago dumating ang mga taya mo. Wala ni isang kinuha.",
    EN: "Betting closed before your bets arrived. None of them was taken.",
    CN: "您的投注到达前已停止下注，所有投注均未被接受。",
    VI: "Đã ngừng cược trước khi cược của bạn đến. Không cược nào được nhận.",
    TH: "ปิดรับเดิมพันก่อนที่เดิมพันของคุณจะมาถึง ไม่มีเดิมพันใดถูกรับ",
    ID: "Taruhan ditutup sebelum taruhan Anda tiba. Tidak ada yang diterima.",
    JA: "ベットが届く前に締め切られました。どのベットも受け付けられていません。",
  },
  TABLE_LIMIT: {
    TY: "Ang taya sa {spot} ay dapat mula {min} hanggang {max} bawat round. Walang taya na kinuha.",
    EN: "The stake on {spot} must be between {min} and {max} per round. None of the bets was taken.",
    CN: "{spot} 每局的投注额须在 {min} 至 {max} 之间。所有投注均未被接受。",
    VI: "Tiền cược vào {spot} phải từ {min} đến {max} mỗi ván. Không cược nào được nhận.",
    TH: "เดิมพันที่ {spot} ต้องอยู่ระหว่าง {min} ถึง {max} ต่อรอบ ไม่มีเดิมพันใดถูกรับ",
    ID: "Taruhan pada {spot} harus antara {min} dan {max} per ronde. Tidak ada taruhan yang diterima.",
    JA: "{spot} へのベットは1ラウンドあたり {min}〜{max} です。どのベットも受け付けられていません。",
  },
  INSUFFICIENT_FUNDS: {
    TY: "Kulang ang balanse mo para sa mga tayang ito.",
    EN: "Your balance is too low for these bets.",
    CN: "余额不足，无法进行这些投注。",
    VI: "Số dư không đủ cho các cược này.",
    TH: "ยอดเงินไม่พอสำหรับเดิมพันเหล่านี้",
    ID: "Saldo Anda tidak cukup untuk taruhan ini.",
    JA: "残高が不足しています。",
  },
  SESSION_EXPIRED: {
    TY: "Nag-expire ang session. Buksan muli ang mesa.",
    EN: "Your session has expired. Open the table again.",
    CN: "会话已过期，请重新打开牌桌。",
    VI: "Phiên đã hết hạn. Hãy mở lại bàn.",
    TH: "เซสชันหมดอายุ โปรดเปิดโต๊ะอีกครั้ง",
    ID: "Sesi Anda telah berakhir. Buka meja lagi.",
    JA: "セッションの有効期限が切れました。テーブルを開き直してください。",
  },
  PLATFORM_UNAVAILABLE: {
    TY: "Hindi maabot ang wallet ngayon. Walang taya na kinuha; subukan muli.",
    EN: "The wallet cannot be reached right now. No bet was taken; please try again.",
    CN: "暂时无法连接钱包。投注未被接受，请重试。",
    VI: "Hiện không kết nối được ví. Không cược nào được nhận; vui lòng thử lại.",
    TH: "ไม่สามารถเชื่อมต่อกระเป๋าเงินได้ในขณะนี้ ไม่มีเดิมพันถูกรับ โปรดลองอีกครั้ง",
    ID: "Dompet tidak dapat dihubungi saat ini. Tidak ada taruhan yang diterima; coba lagi.",
    JA: "ウォレットに接続できません。ベットは受け付けられていません。もう一度お試しください。",
  },
  BET_INVALID: {
    TY: "Hindi wasto ang taya.",
    EN: "This bet is not valid.",
    CN: "投注无效。",
    VI: "Cược không hợp lệ.",
    TH: "เดิมพันไม่ถูกต้อง",
    ID: "Taruhan tidak valid.",
    JA: "無効なベットです。",
  },
} as const;

export type TableTextKey = keyof typeof TEXTS;

export function tt(lang: Lang, key: TableTextKey, vars: Record<string, string | number> = {}): string {
  const texts: Record<string, string> = TEXTS[key];
  return (texts[lang] ?? texts.EN ?? key).replace(/\{(\w+)\}/g, (_, k: string) =>
    String(vars[k] ?? `{${k}}`),
  );
}

type Names = Record<Lang, string>;
const same = (v: string): Names => ({ TY: v, EN: v, CN: v, VI: v, TH: v, ID: v, JA: v });

/** Names of the spots that are words, in the seven languages. */
const SPOTS: Record<string, Names> = {
  player: { TY: "Player", EN: "Player", CN: "闲", VI: "Con", TH: "ผู้เล่น", ID: "Player", JA: "プレイヤー" },
  banker: { TY: "Banker", EN: "Banker", CN: "庄", VI: "Cái", TH: "เจ้ามือ", ID: "Bankir", JA: "バンカー" },
  tie: { TY: "Tabla", EN: "Tie", CN: "和", VI: "Hòa", TH: "เสมอ", ID: "Seri", JA: "タイ" },
  player_pair: {
    TY: "P Pair",
    EN: "P Pair",
    CN: "闲对",
    VI: "Đôi Con",
    TH: "ผู้เล่นคู่",
    ID: "Pair P",
    JA: "Pペア",
  },
  banker_pair: {
    TY: "B Pair",
    EN: "B Pair",
    CN: "庄对",
    VI: "Đôi Cái",
    TH: "เจ้ามือคู่",
    ID: "Pair B",
    JA: "Bペア",
  },
  dragon: { TY: "Dragon", EN: "Dragon", CN: "龙", VI: "Rồng", TH: "มังกร", ID: "Naga", JA: "ドラゴン" },
  tiger: { TY: "Tiger", EN: "Tiger", CN: "虎", VI: "Hổ", TH: "เสือ", ID: "Harimau", JA: "タイガー" },
  suited_tie: {
    TY: "Suited tie",
    EN: "Suited tie",
    CN: "同花和",
    VI: "Hòa đồng chất",
    TH: "เสมอดอกเดียวกัน",
    ID: "Seri sejenis",
    JA: "スーテッドタイ",
  },
  small: { TY: "Maliit", EN: "Small", CN: "小", VI: "Xỉu", TH: "ต่ำ", ID: "Kecil", JA: "小" },
  big: { TY: "Malaki", EN: "Big", CN: "大", VI: "Tài", TH: "สูง", ID: "Besar", JA: "大" },
  odd: { TY: "Odd", EN: "Odd", CN: "单", VI: "Lẻ", TH: "คี่", ID: "Ganjil", JA: "奇数" },
  even: { TY: "Even", EN: "Even", CN: "双", VI: "Chẵn", TH: "คู่", ID: "Genap", JA: "偶数" },
  any_triple: {
    TY: "Kahit anong triple",
    EN: "Any triple",
    CN: "全围",
    VI: "Bộ ba bất kỳ",
    TH: "ตองใดก็ได้",
    ID: "Tripel apa saja",
    JA: "エニートリプル",
  },
  red: { TY: "Pula", EN: "Red", CN: "红", VI: "Đỏ", TH: "แดง", ID: "Merah", JA: "赤" },
  black: { TY: "Itim", EN: "Black", CN: "黑", VI: "Đen", TH: "ดำ", ID: "Hitam", JA: "黒" },
  low: same("1–18"),
  high: same("19–36"),
  first4: {
    TY: "Unang apat 0-1-2-3",
    EN: "First four 0-1-2-3",
    CN: "首四 0-1-2-3",
    VI: "Bốn số đầu 0-1-2-3",
    TH: "สี่ตัวแรก 0-1-2-3",
    ID: "Empat pertama 0-1-2-3",
    JA: "ファーストフォー 0-1-2-3",
  },
};

/** Names of the spot kinds that carry numbers ({n}: the numbers), in the seven languages. */
const KINDS: Record<string, Names> = {
  straight: {
    TY: "Straight {n}",
    EN: "Straight {n}",
    CN: "直注 {n}",
    VI: "Cược thẳng {n}",
    TH: "เต็ง {n}",
    ID: "Straight {n}",
    JA: "ストレート {n}",
  },
  split: {
    TY: "Split {n}",
    EN: "Split {n}",
    CN: "分注 {n}",
    VI: "Cược chia {n}",
    TH: "สปลิต {n}",
    ID: "Split {n}",
    JA: "スプリット {n}",
  },
  street: {
    TY: "Street {n}",
    EN: "Street {n}",
    CN: "街注 {n}",
    VI: "Cược hàng {n}",
    TH: "สตรีท {n}",
    ID: "Street {n}",
    JA: "ストリート {n}",
  },
  trio: {
    TY: "Trio {n}",
    EN: "Trio {n}",
    CN: "三数 {n}",
    VI: "Cược ba số {n}",
    TH: "ทรีโอ {n}",
    ID: "Trio {n}",
    JA: "トリオ {n}",
  },
  corner: {
    TY: "Kanto {n}",
    EN: "Corner {n}",
    CN: "角注 {n}",
    VI: "Cược góc {n}",
    TH: "คอร์เนอร์ {n}",
    ID: "Corner {n}",
    JA: "コーナー {n}",
  },
  six: {
    TY: "Six line {n}",
    EN: "Six line {n}",
    CN: "线注 {n}",
    VI: "Cược 6 số {n}",
    TH: "ไลน์หกตัว {n}",
    ID: "Six line {n}",
    JA: "シックスライン {n}",
  },
  dozen: {
    TY: "Dosena {n}",
    EN: "Dozen {n}",
    CN: "打注 {n}",
    VI: "Tá {n}",
    TH: "โหล {n}",
    ID: "Lusin {n}",
    JA: "ダズン {n}",
  },
  column: {
    TY: "Hanay {n}",
    EN: "Column {n}",
    CN: "列注 {n}",
    VI: "Cột {n}",
    TH: "คอลัมน์ {n}",
    ID: "Kolom {n}",
    JA: "カラム {n}",
  },
  total: {
    TY: "Kabuuan {n}",
    EN: "Total {n}",
    CN: "点数 {n}",
    VI: "Tổng {n}",
    TH: "แต้มรวม {n}",
    ID: "Total {n}",
    JA: "合計 {n}",
  },
  single: {
    TY: "Isahan {n}",
    EN: "Single {n}",
    CN: "单骰 {n}",
    VI: "Số đơn {n}",
    TH: "เลขเดี่ยว {n}",
    ID: "Tunggal {n}",
    JA: "シングル {n}",
  },
  double: {
    TY: "Dobleng {n}",
    EN: "Double {n}",
    CN: "对子 {n}",
    VI: "Đôi {n}",
    TH: "ดับเบิล {n}",
    ID: "Ganda {n}",
    JA: "ダブル {n}",
  },
  triple: {
    TY: "Tripleng {n}",
    EN: "Triple {n}",
    CN: "围骰 {n}",
    VI: "Bộ ba {n}",
    TH: "ตอง {n}",
    ID: "Tripel {n}",
    JA: "トリプル {n}",
  },
  combo: {
    TY: "Kombinasyon {n}",
    EN: "Combination {n}",
    CN: "组合 {n}",
    VI: "Tổ hợp {n}",
    TH: "คู่ผสม {n}",
    ID: "Kombinasi {n}",
    JA: "コンビネーション {n}",
  },
};

/** The numbers a roulette spot's name carries, as the layout shows them ("13-14-16-17"). */
function numbersOf(kind: string, arg: string): string {
  const n = arg.split("-").map(Number);
  const a = n[0] ?? 0;
  if (kind === "street") return `${a}-${a + 1}-${a + 2}`;
  if (kind === "six") return `${a}–${a + 5}`;
  if (kind === "corner") return `${a}-${a + 1}-${a + 3}-${a + 4}`;
  if (kind === "split") return arg.replace("-", "/");
  if (kind === "dozen") return `${12 * a - 11}–${12 * a}`;
  if (kind === "double") return `${a}${a}`;
  if (kind === "triple") return `${a}${a}${a}`;
  if (kind === "combo") return arg.replace("-", "·");
  return arg;
}

/** A spot's full name (labels, my bets, errors): "Corner 13-14-16-17", "Red", "Total 9". */
export function spotName(lang: Lang, spot: string): string {
  const s = SPOTS[spot];
  if (s) return s[lang];
  const [kind = "", arg = ""] = spot.split(":");
  const k = KINDS[kind];
  return k ? k[lang].replace("{n}", numbersOf(kind, arg)) : spot;
}

/** The short text printed on a spot of the layout (its full name is the button's label). */
export function spotFace(lang: Lang, spot: string): string {
  const s = SPOTS[spot];
  if (s) return s[lang];
  const [kind = "", arg = ""] = spot.split(":");
  if (kind === "straight") return arg;
  if (kind === "column") return "2:1";
  if (kind === "total") return `Σ${arg}`;
  if (kind === "single") return `⚀${arg}`;
  return numbersOf(kind, arg);
}

/** A limit's spot kind by name ("straight" → "Straight", "tie" → "Tie"). */
export function kindName(lang: Lang, kind: string): string {
  const s = SPOTS[kind];
  if (s) return s[lang];
  const k = KINDS[kind];
  return k ? k[lang].replace("{n}", "").trim() : kind;
}

/** The game's name for the verify page. */
export const GAME_NAMES: Record<string, Names> = {
  baccarat: {
    TY: "Baccarat",
    EN: "Baccarat",
    CN: "百家乐",
    VI: "Baccarat",
    TH: "บาคาร่า",
    ID: "Baccarat",
    JA: "バカラ",
  },
  baccarat_nc: {
    TY: "Baccarat Walang Komisyon",
    EN: "No Commission Baccarat",
    CN: "免佣百家乐",
    VI: "Baccarat không hoa hồng",
    TH: "บาคาร่าไม่มีค่าคอมมิชชั่น",
    ID: "Baccarat Tanpa Komisi",
    JA: "ノーコミッションバカラ",
  },
  roulette: {
    TY: "Roulette",
    EN: "Roulette",
    CN: "轮盘",
    VI: "Roulette",
    TH: "รูเล็ต",
    ID: "Rolet",
    JA: "ルーレット",
  },
  dragon_tiger: {
    TY: "Dragon Tiger",
    EN: "Dragon Tiger",
    CN: "龙虎",
    VI: "Rồng Hổ",
    TH: "เสือมังกร",
    ID: "Dragon Tiger",
    JA: "ドラゴンタイガー",
  },
  sicbo: {
    TY: "Sic Bo",
    EN: "Sic Bo",
    CN: "骰宝",
    VI: "Tài Xỉu",
    TH: "ไฮโล",
    ID: "Sic Bo",
    JA: "シックボー",
  },
};

/** Every text the table screens use, per language (the languages test reads it). */
export const TABLE_TEXT_KEYS = Object.keys(TEXTS) as TableTextKey[];
export const textsOf = (key: TableTextKey): Record<Lang, string> => TEXTS[key];
export const SPOT_NAMES = SPOTS;
export const KIND_NAMES = KINDS;

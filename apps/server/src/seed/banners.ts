import type { Db } from "../db/client.ts";
import { banners } from "../db/schema/content.ts";
import { bannerArtSvg, type Palette, type Scene } from "./banner-art.ts";
import { localise } from "./content-i18n.ts";

/**
 * The base seed's banners: the home carousel and a hero per category page, each a text-free
 * picture of its category (banner-art.ts) with its caption in the seven languages, laid over it
 * by the site. Links go only to what the installation has (seed.test.ts checks them); a hero
 * without a link is a picture of its page.
 */
type L7 = Record<"TY" | "EN" | "CN" | "VI" | "TH" | "ID" | "JA", string>;
const l7 = (EN: string, TY: string, CN: string, VI: string, TH: string, ID: string, JA: string): L7 => ({
  TY,
  EN,
  CN,
  VI,
  TH,
  ID,
  JA,
});

const NIGHT: Palette = { from: "#1b1f3b", to: "#3d2a7a", accent: "#f5b82e" };
const EMERALD: Palette = { from: "#0f3d2e", to: "#146b4a", accent: "#ffd36b" };
const RUBY: Palette = { from: "#4a1230", to: "#8c1c4b", accent: "#ffcf5a" };
const OCEAN: Palette = { from: "#0b2e4a", to: "#14678c", accent: "#ffd36b" };
const NEON: Palette = { from: "#150b33", to: "#4a1a8c", accent: "#39f0c8" };
const STADIUM: Palette = { from: "#0b1f3a", to: "#1f4f8c", accent: "#7fd3ff" };

interface SeedBanner {
  group: string;
  scene: Scene;
  palette: Palette;
  alt: { TY: string; EN: string };
  title: L7;
  sub: L7;
  link?: string;
}

const BANNERS: SeedBanner[] = [
  {
    group: "home",
    scene: "slots",
    palette: NIGHT,
    alt: { TY: "Slot machine na may gintong barya", EN: "A slot machine with gold coins" },
    title: l7(
      "Panalo Slots",
      "Panalo Slots",
      "Panalo 老虎机",
      "Panalo Slots",
      "Panalo สล็อต",
      "Panalo Slots",
      "Panalo スロット",
    ),
    sub: l7(
      "Every spin provably fair: check any round",
      "Bawat spin ay patas at masusuri mo",
      "每一次旋转都可验证公平",
      "Mỗi vòng quay đều minh bạch, có thể kiểm chứng",
      "ทุกการหมุนยุติธรรม ตรวจสอบได้ทุกรอบ",
      "Setiap putaran adil dan bisa diperiksa",
      "すべてのスピンが公平、どのラウンドも検証可能",
    ),
    link: "/rng/vassalage/PNS",
  },
  {
    group: "home",
    scene: "casino",
    palette: EMERALD,
    alt: { TY: "Mga baraha, chips at barya", EN: "Cards, chips and coins" },
    title: l7(
      "Panalo Gold",
      "Panalo Gold",
      "Panalo Gold",
      "Panalo Gold",
      "Panalo Gold",
      "Panalo Gold",
      "Panalo Gold",
    ),
    sub: l7(
      "Classic reels with golden wins",
      "Klasikong reels, gintong panalo",
      "经典转轴，黄金大奖",
      "Vòng quay cổ điển, thắng lớn",
      "วงล้อคลาสสิก รางวัลทองคำ",
      "Gulungan klasik, kemenangan emas",
      "クラシックなリールで黄金の勝利を",
    ),
    link: "/rng/vassalage/PNG",
  },
  {
    group: "home",
    scene: "lottery",
    palette: RUBY,
    alt: { TY: "Mga bola ng lotto sa tambyolo", EN: "Lotto balls in a drum" },
    title: l7(
      "Daily lotto draws",
      "Araw-araw na lotto draw",
      "每日彩票开奖",
      "Xổ số mỗi ngày",
      "ลอตเตอรี่ออกทุกวัน",
      "Undian lotto harian",
      "毎日の宝くじ抽選",
    ),
    sub: l7(
      "Pick your numbers, win big",
      "Piliin ang numero mo, manalo nang malaki",
      "选好号码，赢取大奖",
      "Chọn số của bạn, thắng lớn",
      "เลือกเลขของคุณ ลุ้นรางวัลใหญ่",
      "Pilih angkamu, menangkan hadiah besar",
      "数字を選んで大きく当てよう",
    ),
    link: "/lottery",
  },
  {
    group: "rng",
    scene: "slots",
    palette: NIGHT,
    alt: { TY: "Slot machine", EN: "A slot machine" },
    title: l7(
      "Slots you can check",
      "Slots na masusuri mo",
      "可验证的老虎机",
      "Slots có thể kiểm chứng",
      "สล็อตที่ตรวจสอบได้",
      "Slot yang bisa diperiksa",
      "検証できるスロット",
    ),
    sub: l7(
      "Seeds and results of every round, verified",
      "Seed at resulta ng bawat round, beripikado",
      "每局的种子和结果均可验证",
      "Seed và kết quả mỗi vòng đều được xác minh",
      "ซีดและผลของทุกรอบตรวจสอบแล้ว",
      "Seed dan hasil setiap ronde terverifikasi",
      "各ラウンドのシードと結果を検証済み",
    ),
  },
  {
    group: "live",
    scene: "live",
    palette: EMERALD,
    alt: { TY: "Roulette at mesa ng baraha", EN: "A roulette wheel and a card table" },
    title: l7(
      "Casino tables",
      "Mga mesa ng casino",
      "赌场牌桌",
      "Bàn casino",
      "โต๊ะคาสิโน",
      "Meja kasino",
      "カジノテーブル",
    ),
    sub: l7(
      "Baccarat, roulette, dragon tiger and sic bo",
      "Baccarat, roulette, dragon tiger at sic bo",
      "百家乐、轮盘、龙虎和骰宝",
      "Baccarat, roulette, rồng hổ và tài xỉu",
      "บาคาร่า รูเล็ต เสือมังกร และไฮโล",
      "Baccarat, roulette, dragon tiger, dan sic bo",
      "バカラ、ルーレット、ドラゴンタイガー、シックボー",
    ),
  },
  {
    group: "fish",
    scene: "fish",
    palette: OCEAN,
    alt: { TY: "Mga isda sa ilalim ng dagat", EN: "Fish under the sea" },
    title: l7(
      "Fishing games",
      "Mga fishing game",
      "捕鱼游戏",
      "Game bắn cá",
      "เกมยิงปลา",
      "Game tembak ikan",
      "フィッシングゲーム",
    ),
    sub: l7(
      "Aim, shoot and reel in the prizes",
      "Asintahin, barilin at hulihin ang premyo",
      "瞄准、射击、收获奖励",
      "Nhắm, bắn và thu về giải thưởng",
      "เล็ง ยิง และเก็บรางวัล",
      "Bidik, tembak, dan raih hadiahnya",
      "狙って撃って賞品をゲット",
    ),
  },
  {
    group: "pvp",
    scene: "poker",
    palette: RUBY,
    alt: { TY: "Poker table na may chips", EN: "A poker table with chips" },
    title: l7(
      "Card games",
      "Mga card game",
      "棋牌游戏",
      "Game bài",
      "เกมไพ่",
      "Permainan kartu",
      "カードゲーム",
    ),
    sub: l7(
      "Play against other players",
      "Makipaglaro laban sa ibang player",
      "与其他玩家对战",
      "Đấu với người chơi khác",
      "เล่นแข่งกับผู้เล่นคนอื่น",
      "Bermain melawan pemain lain",
      "ほかのプレイヤーと対戦",
    ),
  },
  {
    group: "sports",
    scene: "sports",
    palette: STADIUM,
    alt: { TY: "Bola sa ilalim ng ilaw ng stadium", EN: "A ball under stadium lights" },
    title: l7(
      "Sports betting",
      "Sports betting",
      "体育投注",
      "Cá cược thể thao",
      "แทงกีฬา",
      "Taruhan olahraga",
      "スポーツベッティング",
    ),
    sub: l7(
      "Football, basketball, tennis and more",
      "Football, basketball, tennis at iba pa",
      "足球、篮球、网球等",
      "Bóng đá, bóng rổ, quần vợt và hơn nữa",
      "ฟุตบอล บาสเกตบอล เทนนิส และอื่น ๆ",
      "Sepak bola, basket, tenis, dan lainnya",
      "サッカー、バスケットボール、テニスなど",
    ),
  },
  {
    group: "esports",
    scene: "esports",
    palette: NEON,
    alt: { TY: "Game controller sa neon", EN: "A game controller in neon" },
    title: l7("E-sports", "E-sports", "电子竞技", "Thể thao điện tử", "อีสปอร์ต", "E-sports", "eスポーツ"),
    sub: l7(
      "Bet on the big tournaments",
      "Tumaya sa malalaking tournament",
      "投注顶级赛事",
      "Cược vào các giải đấu lớn",
      "เดิมพันทัวร์นาเมนต์ใหญ่",
      "Bertaruh di turnamen besar",
      "大きな大会に賭けよう",
    ),
  },
  {
    group: "promotions",
    scene: "gifts",
    palette: RUBY,
    alt: { TY: "Mga regalo at confetti", EN: "Gifts and confetti" },
    title: l7("Promotions", "Mga promo", "优惠活动", "Khuyến mãi", "โปรโมชั่น", "Promosi", "プロモーション"),
    sub: l7(
      "News and offers from Panalo",
      "Mga balita at alok mula sa Panalo",
      "来自 Panalo 的新闻与优惠",
      "Tin tức và ưu đãi từ Panalo",
      "ข่าวและข้อเสนอจาก Panalo",
      "Berita dan penawaran dari Panalo",
      "Panalo のお知らせと特典",
    ),
  },
  {
    group: "shop",
    scene: "mall",
    palette: NIGHT,
    alt: { TY: "Shopping bag at mga barya", EN: "A shopping bag and coins" },
    title: l7(
      "Points mall",
      "Points mall",
      "积分商城",
      "Cửa hàng điểm",
      "ร้านแลกแต้ม",
      "Toko poin",
      "ポイントモール",
    ),
    sub: l7(
      "Trade your points for prizes",
      "Ipalit ang iyong points sa premyo",
      "用积分兑换奖品",
      "Đổi điểm lấy quà",
      "แลกแต้มเป็นของรางวัล",
      "Tukar poinmu dengan hadiah",
      "ポイントを賞品と交換",
    ),
    link: "/pointMall",
  },
  {
    group: "download",
    scene: "phone",
    palette: NIGHT,
    alt: { TY: "Cellphone na may app", EN: "A phone with the app" },
    title: l7(
      "Get the app",
      "I-download ang app",
      "下载应用",
      "Tải ứng dụng",
      "ดาวน์โหลดแอป",
      "Unduh aplikasinya",
      "アプリを入手",
    ),
    sub: l7(
      "Play anywhere on your phone",
      "Maglaro kahit saan gamit ang cellphone",
      "随时随地用手机畅玩",
      "Chơi mọi lúc trên điện thoại",
      "เล่นได้ทุกที่บนมือถือ",
      "Main di mana saja lewat ponsel",
      "スマホでどこでもプレイ",
    ),
  },
  {
    group: "help",
    scene: "help",
    palette: STADIUM,
    alt: { TY: "Salbabida at chat bubble", EN: "A lifebuoy and a chat bubble" },
    title: l7(
      "Help centre",
      "Tulong",
      "帮助中心",
      "Trung tâm trợ giúp",
      "ศูนย์ช่วยเหลือ",
      "Pusat bantuan",
      "ヘルプセンター",
    ),
    sub: l7(
      "Answers to common questions",
      "Mga sagot sa karaniwang tanong",
      "常见问题解答",
      "Giải đáp các câu hỏi thường gặp",
      "คำตอบสำหรับคำถามที่พบบ่อย",
      "Jawaban atas pertanyaan umum",
      "よくある質問への回答",
    ),
  },
];

/** The banners, each picture stored once in the media table as the operator's uploads are. */
export async function seedBanners(tx: Db, media: (svg: string) => Promise<string>): Promise<void> {
  let sort = 0;
  for (const b of BANNERS) {
    await tx.insert(banners).values({
      groupName: b.group,
      imageUrl: await media(bannerArtSvg(b.scene, b.palette)),
      alt: localise(b.alt),
      title: b.title,
      subtitle: b.sub,
      linkageType: b.link ? "ROUTE" : null,
      linkage: b.link ?? null,
      sortOrder: sort++,
    });
  }
}

/** A promotion's banner: its category's picture, the promotion's title laid over it by the site. */
export function promotionArt(kind: "welcome" | "event"): string {
  return kind === "welcome" ? bannerArtSvg("gifts", RUBY) : bannerArtSvg("casino", NIGHT);
}

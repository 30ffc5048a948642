import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { helpArticles, helpCategories, notices, resources, seoTexts } from "../db/schema/content.ts";
import { settings } from "../db/schema/core.ts";
import { gameVendors } from "../db/schema/games.ts";
import { paymentChannels } from "../db/schema/payments.ts";
import { storeMedia } from "../modules/admin/media.ts";
import { SETTING_DEFAULTS, writeSetting } from "../modules/content/settings.ts";
import { promotionArt, seedBanners } from "./banners.ts";
import { localise } from "./content-i18n.ts";
import { logoSvg, vendorIconSvg, vendorLogoSvg } from "./svg.ts";
import { inHouseVendorLogo } from "./vendor-logos.ts";

type T = { TY: string; EN: string };

/** Bulletins (B) and home marquee notices (H): 13 + 4, enough for two pages of the notice modal. */
/**
 * Demo promotions: only what the installation can give — a cash reward through the
 * reward centre, no bonus (no bonus rule is seeded) and nothing tied to games that are not here.
 */
const PROMOTIONS: Array<{
  type: string;
  title: T;
  body: T;
  audience: "everyone" | "new";
  newWithinDays: number | null;
  participation: "claim" | "apply";
  rewardMinor: bigint;
}> = [
  {
    type: "welcome",
    title: { TY: "Regalo para sa mga bagong miyembro: ₱20", EN: "Welcome gift for new members: ₱20" },
    body: {
      TY: "<p>Bago ka ba sa Panalo? Kunin ang ₱20 sa loob ng 7 araw mula sa pagrehistro. Isang beses lamang bawat miyembro; hindi kasali ang mga account ng ahente.</p>",
      EN: "<p>New to Panalo? Claim ₱20 within 7 days of registering. Once per member; agent accounts cannot take part.</p>",
    },
    audience: "new",
    newWithinDays: 7,
    participation: "claim",
    rewardMinor: 2_000n,
  },
  {
    type: "event",
    title: { TY: "Ibahagi ang iyong malaking panalo", EN: "Share your big win" },
    body: {
      TY: "<p>Nanalo ka ba nang malaki sa Panalo Slots? Ipadala ang screenshot ng panalo (hanggang 3 larawan) at isang maikling mensahe. Kapag naaprubahan, makakatanggap ka ng ₱100.</p><p>Isang aplikasyon bawat miyembro. Sinusuri ng aming team ang bawat aplikasyon.</p>",
      EN: "<p>Had a big win in Panalo Slots? Send a screenshot of the win (up to 3 pictures) and a short message. Once approved, you receive ₱100.</p><p>One application per member. Our team reviews every application.</p>",
    },
    audience: "everyone",
    newWithinDays: null,
    participation: "apply",
    rewardMinor: 10_000n,
  },
];

const NOTICES: Array<{ type: "B" | "H"; title: T; content: T }> = [
  {
    type: "H",
    title: {
      TY: "Maligayang pagdating sa Panalo! Maglaro nang responsable.",
      EN: "Welcome to Panalo! Play responsibly.",
    },
    content: {
      TY: "<p>Salamat sa pagsali. Magtakda ng limitasyon at maglaro nang responsable. Para lamang sa edad 21 pataas.</p>",
      EN: "<p>Thank you for joining. Set your limits and play responsibly. For ages 21 and over only.</p>",
    },
  },
  {
    type: "H",
    title: {
      TY: "Bagong GCash at Maya deposit channel, bukas na!",
      EN: "New GCash and Maya deposit channels are open!",
    },
    content: {
      TY: "<p>Mas mabilis na ang pag-deposit gamit ang <b>GCash</b> at <b>Maya</b>.</p>",
      EN: "<p>Deposits are now faster with <b>GCash</b> and <b>Maya</b>.</p>",
    },
  },
  {
    type: "H",
    title: { TY: "Araw-araw na lotto draw tuwing 9 PM.", EN: "Daily lotto draws at 9 PM." },
    content: {
      TY: "<p>Pumili ng numero bago mag-9 PM para sa draw ngayong gabi.</p>",
      EN: "<p>Pick your numbers before 9 PM for tonight's draw.</p>",
    },
  },
  {
    type: "H",
    title: {
      TY: "Mag-ingat sa mga scam: hindi kami humihingi ng password.",
      EN: "Beware of scams: we never ask for your password.",
    },
    content: {
      TY: "<p>Huwag ibigay ang iyong password o OTP kahit kanino.</p>",
      EN: "<p>Never share your password or one-time code with anyone.</p>",
    },
  },
  {
    type: "B",
    title: {
      TY: "Nakatakdang maintenance sa Linggo, 2:00–4:00 AM",
      EN: "Scheduled maintenance on Sunday, 2:00–4:00 AM",
    },
    content: {
      TY: "<p>Pansamantalang hindi magagamit ang site habang inaayos ang sistema.</p>",
      EN: "<p>The site will be briefly unavailable while we upgrade our systems.</p>",
    },
  },
  {
    type: "B",
    title: { TY: "Bagong limitasyon sa withdrawal", EN: "New withdrawal limits" },
    content: {
      TY: "<p>Ang pinakamababang withdrawal ay ₱100 at ang pinakamataas ay ₱50,000 kada transaksyon.</p>",
      EN: "<p>The minimum withdrawal is ₱100 and the maximum is ₱50,000 per transaction.</p>",
    },
  },
  {
    type: "B",
    title: { TY: "Paalala sa responsableng paglalaro", EN: "A reminder on responsible gaming" },
    content: {
      TY: "<p>Maaari kang magtakda ng limitasyon sa deposito o mag-self-exclude anumang oras.</p>",
      EN: "<p>You can set deposit limits or self-exclude at any time.</p>",
    },
  },
  {
    type: "B",
    title: {
      TY: "I-verify ang iyong account para sa mas mabilis na withdrawal",
      EN: "Verify your account for faster withdrawals",
    },
    content: {
      TY: "<p>Ilagay ang iyong tunay na pangalan at i-bind ang iyong payout account.</p>",
      EN: "<p>Enter your real name and bind your payout account.</p>",
    },
  },
  {
    type: "B",
    title: { TY: "Bagong slot games ngayong linggo", EN: "New slot games this week" },
    content: {
      TY: "<p>Subukan ang aming mga bagong laro sa Slots.</p>",
      EN: "<p>Try our newest games under Slots.</p>",
    },
  },
  {
    type: "B",
    title: { TY: "Oras ng customer service", EN: "Customer service hours" },
    content: {
      TY: "<p>Bukas ang aming customer service 24 oras, 7 araw.</p>",
      EN: "<p>Our customer service is open 24 hours, 7 days a week.</p>",
    },
  },
  {
    type: "B",
    title: { TY: "Suriin ang bawat round", EN: "Check every round" },
    content: {
      TY: "<p>Sa betting record, buksan ang isang round at i-verify ang seeds at resulta nito.</p>",
      EN: "<p>In your betting record, open a round and verify its seeds and result.</p>",
    },
  },
  {
    type: "B",
    title: { TY: "Proteksyon ng iyong account", EN: "Protecting your account" },
    content: {
      TY: "<p>Gumamit ng malakas na password at huwag itong gamitin sa ibang site.</p>",
      EN: "<p>Use a strong password and never reuse it on other sites.</p>",
    },
  },
  {
    type: "B",
    title: { TY: "Cashback tuwing Lunes", EN: "Cashback every Monday" },
    content: {
      TY: "<p>Makakuha ng hanggang 5% cashback sa iyong net loss noong nakaraang linggo.</p>",
      EN: "<p>Get up to 5% cashback on last week's net loss.</p>",
    },
  },
  {
    type: "B",
    title: { TY: "Bagong paraan ng pag-login gamit ang mobile", EN: "New mobile login option" },
    content: {
      TY: "<p>Maaari ka nang mag-login gamit ang iyong mobile number at SMS code.</p>",
      EN: "<p>You can now log in with your mobile number and an SMS code.</p>",
    },
  },
  {
    type: "B",
    title: { TY: "Mga resulta ng lotto, makikita na sa site", EN: "Lotto results are now on the site" },
    content: {
      TY: "<p>Tingnan ang mga nakaraang resulta sa pahina ng Lottery.</p>",
      EN: "<p>See past results on the Lottery page.</p>",
    },
  },
  {
    type: "B",
    title: { TY: "Referral program: mag-imbita ng kaibigan", EN: "Referral programme: invite a friend" },
    content: {
      TY: "<p>Ibahagi ang iyong invitation code at makakuha ng bonus.</p>",
      EN: "<p>Share your invitation code and earn a bonus.</p>",
    },
  },
  {
    type: "B",
    title: { TY: "Para lamang sa edad 21 pataas", EN: "For ages 21 and over only" },
    content: {
      TY: "<p>Ayon sa batas, ang online na paglalaro ay para lamang sa edad 21 pataas.</p>",
      EN: "<p>By law, online play is only for people aged 21 and over.</p>",
    },
  },
];

const HELP: Array<{ title: T; articles: Array<{ title: T; content: T }> }> = [
  {
    title: { TY: "Account", EN: "Account" },
    articles: [
      {
        title: { TY: "Paano magparehistro", EN: "How to register" },
        content: {
          TY: "<p>Pindutin ang <b>Magrehistro</b>, punan ang form at tanggapin ang mga tuntunin.</p>",
          EN: "<p>Press <b>Register</b>, fill in the form and accept the terms.</p>",
        },
      },
      {
        title: { TY: "Nakalimutan ang password", EN: "Forgot password" },
        content: {
          TY: "<p>Gamitin ang 'Nakalimutan ang password' sa login at sundin ang mga hakbang.</p>",
          EN: "<p>Use 'Forgot password' on the login form and follow the steps.</p>",
        },
      },
      {
        title: { TY: "Pagpapalit ng password", EN: "Changing your password" },
        content: {
          TY: "<p>Pumunta sa Security Center at piliin ang Palitan ang Password.</p>",
          EN: "<p>Go to the Security Center and choose Change Password.</p>",
        },
      },
    ],
  },
  {
    title: { TY: "Deposito at Withdrawal", EN: "Deposits and Withdrawals" },
    articles: [
      {
        title: { TY: "Paano mag-deposit", EN: "How to deposit" },
        content: {
          TY: "<p>Piliin ang Deposit, pumili ng channel at ilagay ang halaga.</p>",
          EN: "<p>Choose Deposit, pick a channel and enter the amount.</p>",
        },
      },
      {
        title: { TY: "Paano mag-withdraw", EN: "How to withdraw" },
        content: {
          TY: "<p>I-bind ang iyong payout account, itakda ang transaction password, at humiling ng withdrawal.</p>",
          EN: "<p>Bind your payout account, set a transaction password, and request a withdrawal.</p>",
        },
      },
      {
        title: { TY: "Gaano katagal ang withdrawal?", EN: "How long does a withdrawal take?" },
        content: {
          TY: "<p>Karaniwang naproseso sa loob ng 30 minuto matapos maaprubahan.</p>",
          EN: "<p>Usually processed within 30 minutes after approval.</p>",
        },
      },
    ],
  },
  {
    title: { TY: "Responsableng Paglalaro", EN: "Responsible Gaming" },
    articles: [
      {
        title: { TY: "Pagtatakda ng limitasyon", EN: "Setting limits" },
        content: {
          TY: "<p>Makipag-ugnayan sa customer service upang magtakda ng limitasyon sa deposito.</p>",
          EN: "<p>Contact customer service to set a deposit limit.</p>",
        },
      },
      {
        title: { TY: "Self-exclusion", EN: "Self-exclusion" },
        content: {
          TY: "<p>Maaari mong isara pansamantala ang iyong account anumang oras.</p>",
          EN: "<p>You may close your account temporarily at any time.</p>",
        },
      },
    ],
  },
  {
    title: { TY: "Mga Tuntunin", EN: "Terms" },
    articles: [
      {
        title: { TY: "Mga tuntunin at kundisyon", EN: "Terms and conditions" },
        content: {
          TY: "<p>Sa paggamit ng site, sumasang-ayon ka sa aming mga tuntunin. Para lamang sa edad 21 pataas.</p>",
          EN: "<p>By using the site you agree to our terms. For ages 21 and over only.</p>",
        },
      },
    ],
  },
];

const SEO: Array<{ path: string; title: T; description: T }> = [
  {
    path: "/",
    title: { TY: "Panalo — Online Casino", EN: "Panalo — Online Casino" },
    description: {
      TY: "Maligayang pagdating sa Panalo: slots, live casino, lotto at sports.",
      EN: "Welcome to Panalo: slots, live casino, lotto and sports.",
    },
  },
  {
    path: "/jili",
    title: { TY: "JILI Slots | Panalo", EN: "JILI Slots | Panalo" },
    description: { TY: "Maglaro ng slots mula sa isang vendor.", EN: "Play slots from one vendor." },
  },
  {
    path: "/rng",
    title: { TY: "Online Slot Games | Panalo", EN: "Online Slot Games | Panalo" },
    description: {
      TY: "Daan-daang online slot games na may jackpot.",
      EN: "Hundreds of online slot games with jackpots.",
    },
  },
  {
    path: "/live",
    title: { TY: "Live Casino | Panalo", EN: "Live Casino | Panalo" },
    description: { TY: "Maglaro kasama ang totoong live dealer.", EN: "Play with real live dealers." },
  },
  {
    path: "/fish",
    title: { TY: "Fishing Games | Panalo", EN: "Fishing Games | Panalo" },
    description: { TY: "Mga fishing game na puno ng aksyon.", EN: "Action-packed fishing games." },
  },
  {
    path: "/bingo",
    title: { TY: "Bingo | Panalo", EN: "Bingo | Panalo" },
    description: { TY: "Maglaro ng bingo online.", EN: "Play bingo online." },
  },
  {
    path: "/sports",
    title: { TY: "Sports Betting | Panalo", EN: "Sports Betting | Panalo" },
    description: {
      TY: "Pumusta sa football, basketball, baseball, tennis at iba pa.",
      EN: "Bet on football, basketball, baseball, tennis and more.",
    },
  },
  {
    path: "/lottery",
    title: { TY: "Lottery | Panalo", EN: "Lottery | Panalo" },
    description: {
      TY: "Single, double at direct selection play.",
      EN: "Single, double and direct selection play.",
    },
  },
  {
    path: "/promotions",
    title: { TY: "Mga Promo | Panalo", EN: "Promotions | Panalo" },
    description: { TY: "Mga balita at alok ng Panalo.", EN: "News and offers from Panalo." },
  },
  {
    path: "/down",
    title: { TY: "I-download ang App | Panalo", EN: "Download the App | Panalo" },
    description: {
      TY: "I-download ang app at maglaro kahit saan.",
      EN: "Download the app and play anywhere.",
    },
  },
];

const VENDORS: Array<{ code: string; name: string; type: string; colour: string; hot: boolean }> = [
  { code: "PNS", name: "Panalo Slots", type: "RNG", colour: "#8e44ad", hot: true },
  { code: "PNG", name: "Panalo Gold", type: "RNG", colour: "#d68910", hot: false },
  // A transfer-wallet vendor (docs/provider-protocol.md): its games play from a wallet of its own.
  { code: "PNX", name: "Panalo Xpress", type: "RNG", colour: "#117a65", hot: false },
  { code: "PNL", name: "Panalo Live", type: "LIVE", colour: "#1e8449", hot: true },
  { code: "PNSB", name: "Panalo Sports", type: "SPORTS", colour: "#2e86c1", hot: false },
  { code: "PNES", name: "Panalo E-sports", type: "ESPORTS", colour: "#6c3483", hot: false },
  { code: "TCG_SEA", name: "Panalo Lotto", type: "LOTT", colour: "#c0392b", hot: false },
  { code: "PNF", name: "Panalo Fishing", type: "FISH", colour: "#138d90", hot: false },
  { code: "PNB", name: "Panalo Bingo", type: "BINGO", colour: "#ca6f1e", hot: false },
  { code: "PNC", name: "Panalo Crash", type: "RNG", colour: "#c0392b", hot: false },
  // In-house cockfight pools (apps/rgs/src/cockfight); offered only where the operator turns it on.
  { code: "SV3", name: "Panalo Sabong", type: "COCKFIGHT", colour: "#922b21", hot: false },
  // The PVP card rooms (Hold'em, Tongits): buy-ins in real money only (provider_clients.cash_only).
  { code: "PNP", name: "Panalo Poker", type: "PVP", colour: "#7b241c", hot: false },
];

/** The drawn logo of an in-house vendor (grey until hovered: the site's CSS), else a placeholder. */
async function vendorLogos(
  tx: Parameters<typeof storeMedia>[0],
  v: { code: string; name: string; colour: string },
): Promise<{ logo: string; logoHover: string }> {
  const drawn = inHouseVendorLogo(v.code);
  if (drawn) {
    const url = await storeMedia(tx, drawn, "image/svg+xml");
    return { logo: url, logoHover: url };
  }
  return {
    logo: await storeMedia(tx, Buffer.from(vendorLogoSvg(v.name, v.colour, true)), "image/svg+xml"),
    logoHover: await storeMedia(tx, Buffer.from(vendorLogoSvg(v.name, v.colour, false)), "image/svg+xml"),
  };
}

/**
 * First start only: the demo brand. Nothing is written when a brand setting
 * already exists, so an operator's own content is never overwritten.
 */
export async function seedDemoContent(db: Db, config: Config): Promise<boolean> {
  const existing = await db.select({ key: settings.key }).from(settings);
  if (existing.some((r) => r.key === "brand")) return false;
  const base = config.PUBLIC_URL.replace(/\/$/, "");

  await db.transaction(async (tx) => {
    const media = (s: string) => storeMedia(tx, Buffer.from(s), "image/svg+xml");
    const logoUrl = await media(logoSvg("Panalo"));
    await writeSetting(tx, "brand", {
      ...SETTING_DEFAULTS.brand,
      logoUrl,
      aboutText: localise({
        TY: "Ang Panalo ay isang lisensyadong online gaming site para sa mga manlalarong edad 21 pataas sa Pilipinas. Maglaro nang responsable.",
        EN: "Panalo is a licensed online gaming site for players aged 21 and over in the Philippines. Please play responsibly.",
      }),
      copyright: `© ${new Date().getFullYear()} Panalo. All rights reserved. 21+ only.`,
      customerServiceUrl: "/help",
    });
    await writeSetting(tx, "whitelabel", SETTING_DEFAULTS.whitelabel);
    await writeSetting(tx, "maintenance", SETTING_DEFAULTS.maintenance);
    await writeSetting(tx, "region", SETTING_DEFAULTS.region);

    await seedBanners(tx, media);
    await tx.insert(notices).values(
      NOTICES.map((n, i) => ({
        type: n.type,
        title: localise(n.title),
        content: localise(n.content),
        sortOrder: i,
      })),
    );
    let promoSort = 0;
    for (const p of PROMOTIONS) {
      await tx.execute(sql`INSERT INTO promotions (type, title, banner_url, body, audience, new_within_days,
          participation, reward_kind, reward_amount, sort_order)
        VALUES (${p.type}, ${JSON.stringify(localise(p.title))}::jsonb, ${await media(promotionArt(p.type === "welcome" ? "welcome" : "event"))},
          ${JSON.stringify(localise(p.body))}::jsonb, ${p.audience}, ${p.newWithinDays}, ${p.participation},
          'cash', ${p.rewardMinor.toString()}::bigint, ${promoSort++})`);
    }
    let catSort = 0;
    for (const c of HELP) {
      const [cat] = await tx
        .insert(helpCategories)
        .values({ title: localise(c.title), sortOrder: catSort++ })
        .returning();
      if (!cat) continue;
      await tx.insert(helpArticles).values(
        c.articles.map((a, i) => ({
          categoryId: cat.id,
          title: localise(a.title),
          content: localise(a.content),
          sortOrder: i,
        })),
      );
    }
    await tx.insert(resources).values([
      { resourceType: "FACEBOOK", url: "https://www.facebook.com/PanaloOfficial" },
      { resourceType: "YOUTUBE", url: "https://www.youtube.com/@PanaloOfficial" },
      { resourceType: "TELEGRAM", url: "https://t.me/PanaloOfficial" },
      { resourceType: "ANDROID_APP", url: `${base}/down?platform=android` },
      { resourceType: "IOS_APP", url: `${base}/down?platform=ios` },
    ]);
    await tx
      .insert(seoTexts)
      .values(
        SEO.map((s) => ({ path: s.path, title: localise(s.title), description: localise(s.description) })),
      );
    // Deposit channels: a bank transfer to the operator's account, and — in demo mode only —
    // GCash and Maya through the sandbox gateway (each installation gets its own callback
    // secret). Outside demo mode no sandbox channel is ever made: it credits without money.
    const bank = {
      code: "bdo-transfer",
      kind: "bank" as const,
      name: "Bank transfer (BDO)",
      minAmount: 10_000n,
      maxAmount: 5_000_000n,
      sortOrder: 0,
      details: {
        bankName: "BDO Unibank",
        accountName: "Panalo Gaming Corp.",
        accountNumber: "001234567890",
      },
    };
    const sandbox = (code: string, name: string, sortOrder: number) => ({
      code,
      kind: "gateway" as const,
      adapter: "sandbox",
      name,
      minAmount: 10_000n,
      maxAmount: 5_000_000n,
      sortOrder,
      secrets: { secret: randomBytes(24).toString("hex") },
    });
    await tx
      .insert(paymentChannels)
      .values(config.DEMO_MODE ? [bank, sandbox("gcash", "GCash", 1), sandbox("maya", "Maya", 2)] : [bank]);
    let vSort = 0;
    for (const v of VENDORS) {
      await tx.insert(gameVendors).values({
        vassalage: v.code,
        gameType: v.type,
        accountTypeId: 1,
        displayName: v.name,
        smallIcon: await media(vendorIconSvg(v.code, v.colour)),
        ...(await vendorLogos(tx, v)),
        isHot: v.hot,
        sort: vSort++,
      });
    }
  });
  return true;
}

import { ChatSettings } from "@panalo/contracts/chat";

/** Until the operator sets them: open every day, all day, in Manila time, with a polite away text. */
export const DEFAULT_CHAT_SETTINGS: ChatSettings = {
  utcOffsetMinutes: 480,
  hours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: "00:00", close: "24:00" })),
  away: {
    TY: "Salamat sa iyong mensahe. Sarado ang aming customer service ngayon; sasagutin ka namin pagbalik namin.",
    EN: "Thank you for your message. Customer service is closed right now; we will answer as soon as we are back.",
    CN: "感谢您的留言。客服目前不在服务时间内，我们恢复服务后会尽快回复您。",
    VI: "Cảm ơn tin nhắn của bạn. Bộ phận chăm sóc khách hàng hiện đã đóng cửa; chúng tôi sẽ trả lời ngay khi quay lại.",
    TH: "ขอบคุณสำหรับข้อความของคุณ ขณะนี้ฝ่ายบริการลูกค้าปิดทำการ เราจะตอบกลับทันทีที่กลับมา",
    ID: "Terima kasih atas pesan Anda. Layanan pelanggan sedang tutup; kami akan menjawab segera setelah kembali.",
    JA: "メッセージありがとうございます。現在カスタマーサービスは営業時間外です。再開後すぐにお返事いたします。",
  },
};

/** The stored settings, or the defaults where they are missing or unreadable. */
export function withDefaults(raw: unknown): ChatSettings {
  const parsed = ChatSettings.safeParse(raw);
  return parsed.success ? parsed.data : DEFAULT_CHAT_SETTINGS;
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Inside business hours at `at`: the local weekday has an entry with open ≤ now < close. */
export function isOpenAt(s: ChatSettings, at: Date): boolean {
  const local = new Date(at.getTime() + s.utcOffsetMinutes * 60_000);
  const day = local.getUTCDay();
  const minute = local.getUTCHours() * 60 + local.getUTCMinutes();
  return s.hours.some((h) => h.day === day && minutesOf(h.open) <= minute && minute < minutesOf(h.close));
}

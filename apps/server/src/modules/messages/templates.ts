import { formatMinor } from "@panalo/contracts/money";
import type { Lang } from "../../lib/messages.ts";

/**
 * The texts of event messages, one per event kind and site language, with
 * `{param}` placeholders filled from the event's params when the member reads the message, in the
 * reader's language. `{amount}` is shown with two decimals and the currency.
 */
type Template = { title: string; body: string };
type Catalog = Record<Lang, Template>;

export const EVENT_TEMPLATES: Record<string, Catalog> = {
  "deposit.credited": {
    EN: {
      title: "Deposit credited",
      body: "Your deposit {id} of {amount} has been credited to your wallet.",
    },
    TY: {
      title: "Na-credit ang deposito",
      body: "Na-credit na sa iyong wallet ang deposito mong {id} na {amount}.",
    },
    CN: { title: "存款已到账", body: "您的存款 {id}（{amount}）已存入您的钱包。" },
    VI: {
      title: "Nạp tiền thành công",
      body: "Khoản nạp {id} số tiền {amount} đã được cộng vào ví của bạn.",
    },
    TH: { title: "เงินฝากเข้าบัญชีแล้ว", body: "เงินฝาก {id} จำนวน {amount} ของคุณเข้ากระเป๋าเงินแล้ว" },
    ID: { title: "Deposit masuk", body: "Deposit {id} Anda sebesar {amount} telah masuk ke dompet Anda." },
    JA: { title: "入金が反映されました", body: "入金 {id}（{amount}）がウォレットに反映されました。" },
  },
  "withdrawal.paid": {
    EN: {
      title: "Withdrawal paid",
      body: "Your withdrawal {id} of {amount} has been paid. Reference: {reference}.",
    },
    TY: {
      title: "Nabayaran ang withdrawal",
      body: "Nabayaran na ang withdrawal mong {id} na {amount}. Reference: {reference}.",
    },
    CN: { title: "提款已支付", body: "您的提款 {id}（{amount}）已支付。参考号：{reference}。" },
    VI: {
      title: "Rút tiền đã được chi trả",
      body: "Lệnh rút {id} số tiền {amount} đã được chi trả. Mã tham chiếu: {reference}.",
    },
    TH: {
      title: "จ่ายเงินถอนแล้ว",
      body: "รายการถอน {id} จำนวน {amount} ของคุณได้รับการจ่ายแล้ว เลขอ้างอิง: {reference}",
    },
    ID: {
      title: "Penarikan dibayar",
      body: "Penarikan {id} Anda sebesar {amount} telah dibayar. Referensi: {reference}.",
    },
    JA: {
      title: "出金が完了しました",
      body: "出金 {id}（{amount}）のお支払いが完了しました。参照番号：{reference}",
    },
  },
  "withdrawal.rejected": {
    EN: {
      title: "Withdrawal rejected",
      body: "Your withdrawal {id} of {amount} was rejected and the amount is back in your wallet. Reason: {reason}",
    },
    TY: {
      title: "Tinanggihan ang withdrawal",
      body: "Tinanggihan ang withdrawal mong {id} na {amount} at ibinalik ang halaga sa iyong wallet. Dahilan: {reason}",
    },
    CN: { title: "提款被拒绝", body: "您的提款 {id}（{amount}）被拒绝，款项已退回您的钱包。原因：{reason}" },
    VI: {
      title: "Lệnh rút bị từ chối",
      body: "Lệnh rút {id} số tiền {amount} bị từ chối và số tiền đã được hoàn vào ví. Lý do: {reason}",
    },
    TH: {
      title: "รายการถอนถูกปฏิเสธ",
      body: "รายการถอน {id} จำนวน {amount} ถูกปฏิเสธ และเงินคืนเข้ากระเป๋าแล้ว เหตุผล: {reason}",
    },
    ID: {
      title: "Penarikan ditolak",
      body: "Penarikan {id} Anda sebesar {amount} ditolak dan dananya kembali ke dompet Anda. Alasan: {reason}",
    },
    JA: {
      title: "出金が却下されました",
      body: "出金 {id}（{amount}）は却下され、金額はウォレットに戻りました。理由：{reason}",
    },
  },
  "kyc.approved": {
    EN: { title: "Account verified", body: "Your documents were approved: your account is verified." },
    TY: {
      title: "Na-verify ang account",
      body: "Naaprubahan ang iyong mga dokumento: verified na ang iyong account.",
    },
    CN: { title: "账户已验证", body: "您的证件已通过审核，账户已完成验证。" },
    VI: {
      title: "Tài khoản đã xác minh",
      body: "Giấy tờ của bạn đã được duyệt: tài khoản đã được xác minh.",
    },
    TH: { title: "ยืนยันบัญชีแล้ว", body: "เอกสารของคุณได้รับการอนุมัติ บัญชีของคุณยืนยันตัวตนแล้ว" },
    ID: { title: "Akun terverifikasi", body: "Dokumen Anda disetujui: akun Anda telah terverifikasi." },
    JA: { title: "本人確認が完了しました", body: "書類が承認され、アカウントの本人確認が完了しました。" },
  },
  "kyc.rejected": {
    EN: { title: "Verification not accepted", body: "Your documents were not accepted. Reason: {reason}" },
    TY: {
      title: "Hindi tinanggap ang beripikasyon",
      body: "Hindi tinanggap ang iyong mga dokumento. Dahilan: {reason}",
    },
    CN: { title: "验证未通过", body: "您的证件未通过审核。原因：{reason}" },
    VI: {
      title: "Xác minh không được chấp nhận",
      body: "Giấy tờ của bạn không được chấp nhận. Lý do: {reason}",
    },
    TH: { title: "การยืนยันตัวตนไม่ผ่าน", body: "เอกสารของคุณไม่ได้รับการยอมรับ เหตุผล: {reason}" },
    ID: { title: "Verifikasi tidak diterima", body: "Dokumen Anda tidak diterima. Alasan: {reason}" },
    JA: { title: "本人確認が承認されませんでした", body: "書類が承認されませんでした。理由：{reason}" },
  },
  "kyc.more-info": {
    EN: { title: "More information needed", body: "Please send more for your verification: {reason}" },
    TY: {
      title: "Kailangan ng karagdagang impormasyon",
      body: "Magpadala pa para sa iyong beripikasyon: {reason}",
    },
    CN: { title: "需要补充资料", body: "请为您的验证补充资料：{reason}" },
    VI: { title: "Cần thêm thông tin", body: "Vui lòng gửi thêm thông tin để xác minh: {reason}" },
    TH: { title: "ต้องการข้อมูลเพิ่มเติม", body: "กรุณาส่งข้อมูลเพิ่มเติมเพื่อยืนยันตัวตน: {reason}" },
    ID: {
      title: "Perlu informasi tambahan",
      body: "Mohon kirim informasi tambahan untuk verifikasi Anda: {reason}",
    },
    JA: { title: "追加情報が必要です", body: "本人確認のため追加の情報をお送りください：{reason}" },
  },
  "bonus.granted": {
    EN: { title: "Bonus received", body: "A bonus of {amount} was added to your bonus wallet." },
    TY: { title: "Natanggap ang bonus", body: "Naidagdag sa iyong bonus wallet ang bonus na {amount}." },
    CN: { title: "已获得红利", body: "{amount} 的红利已存入您的红利钱包。" },
    VI: { title: "Đã nhận tiền thưởng", body: "Khoản thưởng {amount} đã được cộng vào ví thưởng của bạn." },
    TH: { title: "ได้รับโบนัสแล้ว", body: "โบนัสจำนวน {amount} ถูกเพิ่มเข้ากระเป๋าโบนัสของคุณแล้ว" },
    ID: { title: "Bonus diterima", body: "Bonus sebesar {amount} telah ditambahkan ke dompet bonus Anda." },
    JA: {
      title: "ボーナスを受け取りました",
      body: "{amount} のボーナスがボーナスウォレットに追加されました。",
    },
  },
  "feedback.replied": {
    EN: { title: "Reply to your feedback", body: "{reply}\n\nYour feedback: “{feedback}”" },
    TY: { title: "Sagot sa iyong feedback", body: "{reply}\n\nAng iyong feedback: “{feedback}”" },
    CN: { title: "您的反馈已回复", body: "{reply}\n\n您的反馈：“{feedback}”" },
    VI: { title: "Phản hồi cho góp ý của bạn", body: "{reply}\n\nGóp ý của bạn: “{feedback}”" },
    TH: { title: "ตอบกลับความคิดเห็นของคุณ", body: "{reply}\n\nความคิดเห็นของคุณ: “{feedback}”" },
    ID: { title: "Balasan untuk masukan Anda", body: "{reply}\n\nMasukan Anda: “{feedback}”" },
    JA: { title: "ご意見への返信", body: "{reply}\n\nお客様のご意見：「{feedback}」" },
  },
  "rg.excluded": {
    EN: {
      title: "Self-exclusion active",
      body: "Your self-exclusion is active until {until}. You cannot play or receive offers; you can still withdraw your balance.",
    },
    TY: {
      title: "Aktibo ang self-exclusion",
      body: "Aktibo ang iyong self-exclusion hanggang {until}. Hindi ka makakapaglaro o makakatanggap ng alok; maaari mo pa ring i-withdraw ang iyong balanse.",
    },
    CN: {
      title: "自我禁入已生效",
      body: "您的自我禁入有效期至 {until}。期间无法游戏或接收优惠，但仍可提取余额。",
    },
    VI: {
      title: "Tự loại trừ đang có hiệu lực",
      body: "Tự loại trừ của bạn có hiệu lực đến {until}. Bạn không thể chơi hay nhận ưu đãi; bạn vẫn có thể rút số dư.",
    },
    TH: {
      title: "การระงับตนเองมีผลแล้ว",
      body: "การระงับตนเองของคุณมีผลถึง {until} คุณไม่สามารถเล่นหรือรับข้อเสนอได้ แต่ยังถอนยอดเงินคงเหลือได้",
    },
    ID: {
      title: "Pengecualian diri aktif",
      body: "Pengecualian diri Anda aktif hingga {until}. Anda tidak dapat bermain atau menerima penawaran; Anda tetap dapat menarik saldo.",
    },
    JA: {
      title: "自己排除が有効になりました",
      body: "自己排除は {until} まで有効です。期間中はプレイや特典の受け取りはできませんが、残高の出金は可能です。",
    },
  },
};

export type EventParams = Record<string, string | number | null>;

/** A param as the member reads it: amounts (minor units) with two decimals and the currency. */
function paramText(name: string, params: EventParams): string {
  const v = params[name];
  if (v === null || v === undefined) return "";
  if (name === "amount" && /^-?\d+$/.test(String(v))) {
    const currency = params.currency ? ` ${params.currency}` : "";
    // Two decimals with thousands separators, as the site shows amounts (spec §9).
    const [whole = "0", cents = "00"] = formatMinor(BigInt(v)).split(".");
    return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${cents}${currency}`;
  }
  return String(v);
}

/** Fill `{name}` placeholders in one pass: a value that holds "{x}" is never filled again. */
export function fill(text: string, params: EventParams): string {
  return text.replace(/\{([a-zA-Z]+)\}/g, (_, name: string) => paramText(name, params));
}

export function renderEvent(kind: string, params: EventParams, lang: Lang): Template | null {
  const catalog = EVENT_TEMPLATES[kind];
  if (!catalog) return null;
  const t = catalog[lang] ?? catalog.EN;
  return { title: fill(t.title, params), body: fill(t.body, params) };
}

/** An operator's texts in the reader's language: theirs, else English, else Filipino, else any. */
export function pickText(
  texts: Partial<Record<string, { title: string; body: string }>>,
  lang: Lang,
): Template {
  return texts[lang] ?? texts.EN ?? texts.TY ?? Object.values(texts).find(Boolean) ?? { title: "", body: "" };
}

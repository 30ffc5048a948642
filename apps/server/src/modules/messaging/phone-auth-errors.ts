import { AppError } from "../../lib/errors.ts";
import { registerMessages } from "../../lib/messages.ts";

/**
 * The refusals of the third-party phone-code service (spec §8 "third-party phone
 * authentication"), each with its own code and a message in the seven languages. The service
 * answers its own error names; `phoneAuthError` maps each to one of these. The two popup errors
 * arise in the browser (the service's human check), so the site has their texts; the nine others
 * come from here.
 */
export const PHONE_AUTH_RETRY_AFTER_S = 5 * 60; // spec §9: phone-auth retry after 5 minutes

export type PhoneAuthCode =
  | "PHONE_AUTH_INVALID_PHONE"
  | "PHONE_AUTH_MISSING_PHONE"
  | "PHONE_AUTH_TOO_MANY"
  | "PHONE_AUTH_UNKNOWN"
  | "PHONE_AUTH_INVALID_CODE"
  | "PHONE_AUTH_CAPTCHA_FAILED"
  | "PHONE_AUTH_QUOTA_EXCEEDED"
  | "PHONE_AUTH_NOT_ALLOWED"
  | "PHONE_AUTH_CODE_EXPIRED";

/** The service's error names (Identity Toolkit's `error.message`, before any " : detail"). */
const BY_NAME: Record<string, PhoneAuthCode> = {
  INVALID_PHONE_NUMBER: "PHONE_AUTH_INVALID_PHONE",
  MISSING_PHONE_NUMBER: "PHONE_AUTH_MISSING_PHONE",
  TOO_MANY_ATTEMPTS_TRY_LATER: "PHONE_AUTH_TOO_MANY",
  INVALID_CODE: "PHONE_AUTH_INVALID_CODE",
  INVALID_VERIFICATION_CODE: "PHONE_AUTH_INVALID_CODE",
  MISSING_CODE: "PHONE_AUTH_INVALID_CODE",
  INVALID_SESSION_INFO: "PHONE_AUTH_INVALID_CODE",
  MISSING_SESSION_INFO: "PHONE_AUTH_INVALID_CODE",
  CAPTCHA_CHECK_FAILED: "PHONE_AUTH_CAPTCHA_FAILED",
  MISSING_RECAPTCHA_TOKEN: "PHONE_AUTH_CAPTCHA_FAILED",
  INVALID_RECAPTCHA_TOKEN: "PHONE_AUTH_CAPTCHA_FAILED",
  INVALID_APP_CREDENTIAL: "PHONE_AUTH_CAPTCHA_FAILED",
  MISSING_APP_CREDENTIAL: "PHONE_AUTH_CAPTCHA_FAILED",
  QUOTA_EXCEEDED: "PHONE_AUTH_QUOTA_EXCEEDED",
  OPERATION_NOT_ALLOWED: "PHONE_AUTH_NOT_ALLOWED",
  SESSION_EXPIRED: "PHONE_AUTH_CODE_EXPIRED",
  CODE_EXPIRED: "PHONE_AUTH_CODE_EXPIRED",
};

/** The field a refusal concerns, so the form shows it under that field (spec §8). */
const FIELD: Partial<Record<PhoneAuthCode, string>> = {
  PHONE_AUTH_INVALID_PHONE: "mobileNum",
  PHONE_AUTH_MISSING_PHONE: "mobileNum",
  PHONE_AUTH_INVALID_CODE: "verificationCode",
  PHONE_AUTH_CODE_EXPIRED: "verificationCode",
};

const STATUS: Record<PhoneAuthCode, number> = {
  PHONE_AUTH_INVALID_PHONE: 400,
  PHONE_AUTH_MISSING_PHONE: 400,
  PHONE_AUTH_TOO_MANY: 429,
  PHONE_AUTH_UNKNOWN: 502,
  PHONE_AUTH_INVALID_CODE: 400,
  PHONE_AUTH_CAPTCHA_FAILED: 400,
  PHONE_AUTH_QUOTA_EXCEEDED: 503,
  PHONE_AUTH_NOT_ALLOWED: 403,
  PHONE_AUTH_CODE_EXPIRED: 400,
};

/** The code for one of the service's error names (unknown names are PHONE_AUTH_UNKNOWN). */
export function phoneAuthCodeOf(serviceMessage: string | undefined): PhoneAuthCode {
  const name = (serviceMessage ?? "").split(/[\s:]/)[0] ?? "";
  return BY_NAME[name] ?? "PHONE_AUTH_UNKNOWN";
}

/** The refusal for a code, naming its field and, for too many requests, when to retry. */
export function phoneAuthError(code: PhoneAuthCode): AppError {
  const field = FIELD[code];
  const retry = code === "PHONE_AUTH_TOO_MANY" ? { retryAfterS: PHONE_AUTH_RETRY_AFTER_S } : undefined;
  return new AppError(code, STATUS[code], {}, field ? [{ path: field, message: code }] : undefined, retry);
}

registerMessages("EN", {
  PHONE_AUTH_INVALID_PHONE: "The phone number is not in a valid format.",
  PHONE_AUTH_MISSING_PHONE: "Please enter your phone number.",
  PHONE_AUTH_TOO_MANY: "Too many requests from this number. Please try again in 5 minutes.",
  PHONE_AUTH_UNKNOWN: "Something went wrong while checking your phone. Please try again.",
  PHONE_AUTH_INVALID_CODE: "The verification code is wrong or missing.",
  PHONE_AUTH_CAPTCHA_FAILED: "The security check failed. Please try again.",
  PHONE_AUTH_QUOTA_EXCEEDED: "We cannot send codes right now. Please contact customer service.",
  PHONE_AUTH_NOT_ALLOWED: "Phone verification is not available at the moment.",
  PHONE_AUTH_CODE_EXPIRED: "The code has expired. Please ask for a new one.",
});
registerMessages("TY", {
  PHONE_AUTH_INVALID_PHONE: "Mali ang format ng numero ng telepono.",
  PHONE_AUTH_MISSING_PHONE: "Ilagay ang numero ng iyong telepono.",
  PHONE_AUTH_TOO_MANY:
    "Masyadong maraming hiling mula sa numerong ito. Subukang muli pagkalipas ng 5 minuto.",
  PHONE_AUTH_UNKNOWN: "Nagkaproblema habang sinusuri ang iyong telepono. Pakisubukang muli.",
  PHONE_AUTH_INVALID_CODE: "Mali o walang inilagay na verification code.",
  PHONE_AUTH_CAPTCHA_FAILED: "Hindi pumasa ang security check. Pakisubukang muli.",
  PHONE_AUTH_QUOTA_EXCEEDED: "Hindi kami makapagpadala ng code ngayon. Makipag-ugnayan sa aming suporta.",
  PHONE_AUTH_NOT_ALLOWED: "Hindi available ang pag-verify ng telepono sa ngayon.",
  PHONE_AUTH_CODE_EXPIRED: "Nag-expire na ang code. Humiling ng bago.",
});
registerMessages("CN", {
  PHONE_AUTH_INVALID_PHONE: "手机号码格式无效。",
  PHONE_AUTH_MISSING_PHONE: "请输入您的手机号码。",
  PHONE_AUTH_TOO_MANY: "该号码请求次数过多，请 5 分钟后再试。",
  PHONE_AUTH_UNKNOWN: "验证手机时出现问题，请重试。",
  PHONE_AUTH_INVALID_CODE: "验证码错误或未填写。",
  PHONE_AUTH_CAPTCHA_FAILED: "安全验证未通过，请重试。",
  PHONE_AUTH_QUOTA_EXCEEDED: "暂时无法发送验证码，请联系客服。",
  PHONE_AUTH_NOT_ALLOWED: "手机验证暂不可用。",
  PHONE_AUTH_CODE_EXPIRED: "验证码已过期，请重新获取。",
});
registerMessages("VI", {
  PHONE_AUTH_INVALID_PHONE: "Số điện thoại không đúng định dạng.",
  PHONE_AUTH_MISSING_PHONE: "Vui lòng nhập số điện thoại của bạn.",
  PHONE_AUTH_TOO_MANY: "Số này đã yêu cầu quá nhiều lần. Vui lòng thử lại sau 5 phút.",
  PHONE_AUTH_UNKNOWN: "Đã xảy ra lỗi khi xác minh điện thoại. Vui lòng thử lại.",
  PHONE_AUTH_INVALID_CODE: "Mã xác minh sai hoặc chưa nhập.",
  PHONE_AUTH_CAPTCHA_FAILED: "Kiểm tra bảo mật không thành công. Vui lòng thử lại.",
  PHONE_AUTH_QUOTA_EXCEEDED: "Hiện không thể gửi mã. Vui lòng liên hệ chăm sóc khách hàng.",
  PHONE_AUTH_NOT_ALLOWED: "Hiện chưa thể xác minh điện thoại.",
  PHONE_AUTH_CODE_EXPIRED: "Mã đã hết hạn. Vui lòng yêu cầu mã mới.",
});
registerMessages("TH", {
  PHONE_AUTH_INVALID_PHONE: "รูปแบบหมายเลขโทรศัพท์ไม่ถูกต้อง",
  PHONE_AUTH_MISSING_PHONE: "กรุณากรอกหมายเลขโทรศัพท์ของคุณ",
  PHONE_AUTH_TOO_MANY: "หมายเลขนี้ขอรหัสบ่อยเกินไป กรุณาลองใหม่ในอีก 5 นาที",
  PHONE_AUTH_UNKNOWN: "เกิดข้อผิดพลาดระหว่างยืนยันโทรศัพท์ กรุณาลองใหม่อีกครั้ง",
  PHONE_AUTH_INVALID_CODE: "รหัสยืนยันไม่ถูกต้องหรือยังไม่ได้กรอก",
  PHONE_AUTH_CAPTCHA_FAILED: "การตรวจสอบความปลอดภัยไม่ผ่าน กรุณาลองใหม่อีกครั้ง",
  PHONE_AUTH_QUOTA_EXCEEDED: "ขณะนี้ไม่สามารถส่งรหัสได้ กรุณาติดต่อฝ่ายบริการลูกค้า",
  PHONE_AUTH_NOT_ALLOWED: "ขณะนี้ยังไม่สามารถยืนยันโทรศัพท์ได้",
  PHONE_AUTH_CODE_EXPIRED: "รหัสหมดอายุแล้ว กรุณาขอรหัสใหม่",
});
registerMessages("ID", {
  PHONE_AUTH_INVALID_PHONE: "Format nomor telepon tidak valid.",
  PHONE_AUTH_MISSING_PHONE: "Silakan masukkan nomor telepon Anda.",
  PHONE_AUTH_TOO_MANY: "Terlalu banyak permintaan dari nomor ini. Silakan coba lagi dalam 5 menit.",
  PHONE_AUTH_UNKNOWN: "Terjadi kesalahan saat memeriksa telepon Anda. Silakan coba lagi.",
  PHONE_AUTH_INVALID_CODE: "Kode verifikasi salah atau belum diisi.",
  PHONE_AUTH_CAPTCHA_FAILED: "Pemeriksaan keamanan gagal. Silakan coba lagi.",
  PHONE_AUTH_QUOTA_EXCEEDED: "Kode tidak dapat dikirim saat ini. Silakan hubungi layanan pelanggan.",
  PHONE_AUTH_NOT_ALLOWED: "Verifikasi telepon sedang tidak tersedia.",
  PHONE_AUTH_CODE_EXPIRED: "Kode sudah kedaluwarsa. Silakan minta kode baru.",
});
registerMessages("JA", {
  PHONE_AUTH_INVALID_PHONE: "電話番号の形式が正しくありません。",
  PHONE_AUTH_MISSING_PHONE: "電話番号を入力してください。",
  PHONE_AUTH_TOO_MANY: "この番号からのリクエストが多すぎます。5 分後にもう一度お試しください。",
  PHONE_AUTH_UNKNOWN: "電話番号の確認中に問題が発生しました。もう一度お試しください。",
  PHONE_AUTH_INVALID_CODE: "認証コードが正しくないか、入力されていません。",
  PHONE_AUTH_CAPTCHA_FAILED: "セキュリティチェックに失敗しました。もう一度お試しください。",
  PHONE_AUTH_QUOTA_EXCEEDED: "現在コードを送信できません。カスタマーサービスまでお問い合わせください。",
  PHONE_AUTH_NOT_ALLOWED: "現在、電話番号の確認はご利用いただけません。",
  PHONE_AUTH_CODE_EXPIRED: "コードの有効期限が切れました。新しいコードをリクエストしてください。",
});

/**
 * Human messages for error codes, per language. The player site also translates codes itself
 * (its catalogs cover every code); this table is what API clients and the back office read.
 * Languages follow the spec's codes (TY = Filipino, the default; EN = English).
 */
export type Lang = "TY" | "EN" | "CN" | "VI" | "TH" | "ID" | "JA";
export const LANGS: readonly Lang[] = ["TY", "EN", "CN", "VI", "TH", "ID", "JA"];
export const DEFAULT_LANG: Lang = "TY";

type Catalog = Record<string, string>;

const EN: Catalog = {
  VALIDATION_ERROR: "Some fields are not valid. Please check them and try again.",
  NOT_FOUND: "We could not find that {what}.",
  NOT_LOGGED_IN: "You are not logged in. Please log in first.",
  FORBIDDEN: "You do not have permission to do that.",
  RATE_LIMITED: "Too many attempts. Please wait {retryAfterS} seconds and try again.",
  SYSTEM_MAINTENANCE: "The system is under maintenance. Please come back later.",
  REGION_RESTRICTED: "Access is restricted from your location or IP address.",
  INTERNAL_ERROR: "Something went wrong on our side. Please try again.",
  SERVICE_UNAVAILABLE: "The service is briefly unavailable. Please try again in a moment.",
  INVALID_CREDENTIALS: "Wrong username or password.",
  TOTP_REQUIRED: "Enter the 6-digit code from your authenticator app.",
  TOTP_INVALID: "That authenticator code is not valid.",
  ACCOUNT_LOCKED: "This account is locked. Please contact support.",
  SESSION_EXPIRED: "Your session has expired. Please log in again.",
  UNSUPPORTED_LANGUAGE: "That language is not supported.",
  VERSION_CONFLICT: "Someone else changed this item. Reload it and try again.",
  // A refused field named in the message: "{field}" is the field's path, "{reason}" one of the
  // reasons below (keys of the contracts' money parser and input helpers).
  VALIDATION_ERROR_FIELD: "The field “{field}” is not valid: {reason}",
  amount_format:
    "enter an amount with digits and at most two decimals, like 1234.50 (no commas, spaces or signs).",
  amount_decimals: "an amount has at most two decimals (centavos).",
  amount_sign: "an amount cannot have a sign here.",
  amount_zero: "the amount must be more than zero.",
  amount_too_large: "the amount is too large.",
  amount_below_min: "the maximum cannot be below the minimum.",
  id_invalid: "an id is a positive whole number (digits only) within range.",
  int_invalid: "enter a whole number with digits only, within range.",
  nul_char: "the text contains a forbidden control character.",
  link_invalid:
    "a link is either an in-site path starting with a single “/” or a full https:// address marked external.",
  link_not_external: "this link leaves the site: mark it as an external link to allow it.",
};

const TY: Catalog = {
  VALIDATION_ERROR: "May mga field na hindi tama. Pakisuri at subukang muli.",
  NOT_FOUND: "Hindi namin mahanap ang {what}.",
  NOT_LOGGED_IN: "Hindi ka pa naka-log in. Mag-log in muna.",
  FORBIDDEN: "Wala kang pahintulot na gawin iyon.",
  RATE_LIMITED: "Masyadong maraming pagtatangka. Maghintay ng {retryAfterS} segundo at subukang muli.",
  SYSTEM_MAINTENANCE: "Kasalukuyang inaayos ang sistema. Bumalik mamaya.",
  REGION_RESTRICTED: "Hindi pinapayagan ang access mula sa iyong lokasyon o IP address.",
  INTERNAL_ERROR: "Nagkaproblema sa aming panig. Pakisubukang muli.",
  SERVICE_UNAVAILABLE: "Pansamantalang hindi available ang serbisyo. Pakisubukang muli maya-maya.",
  INVALID_CREDENTIALS: "Mali ang username o password.",
  TOTP_REQUIRED: "Ilagay ang 6-digit na code mula sa iyong authenticator app.",
  TOTP_INVALID: "Hindi tama ang authenticator code.",
  ACCOUNT_LOCKED: "Naka-lock ang account na ito. Makipag-ugnayan sa support.",
  SESSION_EXPIRED: "Nag-expire na ang iyong session. Mag-log in muli.",
  UNSUPPORTED_LANGUAGE: "Hindi suportado ang wikang iyon.",
  VERSION_CONFLICT: "May ibang nagbago ng item na ito. I-reload at subukang muli.",
  VALIDATION_ERROR_FIELD: "Hindi tama ang field na “{field}”: {reason}",
  amount_format:
    "maglagay ng halaga na may mga numero at hanggang dalawang decimal, gaya ng 1234.50 (walang kuwit, espasyo o sign).",
  amount_decimals: "hanggang dalawang decimal (sentimo) lamang ang halaga.",
  amount_sign: "hindi puwedeng may sign ang halaga rito.",
  amount_zero: "dapat higit sa zero ang halaga.",
  amount_too_large: "masyadong malaki ang halaga.",
  amount_below_min: "hindi puwedeng mas mababa ang maximum sa minimum.",
  id_invalid: "ang id ay positibong buong numero (mga digit lamang) na nasa saklaw.",
  int_invalid: "maglagay ng buong numero na mga digit lamang, na nasa saklaw.",
  nul_char: "may ipinagbabawal na control character ang teksto.",
  link_invalid:
    "ang link ay dapat path sa site na nagsisimula sa iisang “/” o buong https:// address na minarkahang external.",
  link_not_external: "lumalabas ng site ang link na ito: markahan itong external link para payagan.",
};

const CN: Catalog = {
  VALIDATION_ERROR: "部分内容填写有误，请检查后重试。",
  NOT_FOUND: "找不到该{what}。",
  NOT_LOGGED_IN: "您尚未登录，请先登录。",
  FORBIDDEN: "您没有执行此操作的权限。",
  RATE_LIMITED: "尝试次数过多，请等待 {retryAfterS} 秒后重试。",
  SYSTEM_MAINTENANCE: "系统维护中，请稍后再来。",
  REGION_RESTRICTED: "您所在的地区或 IP 地址无法访问本站。",
  INTERNAL_ERROR: "系统出现问题，请重试。",
  SERVICE_UNAVAILABLE: "服务暂时不可用，请稍后重试。",
  INVALID_CREDENTIALS: "用户名或密码错误。",
  TOTP_REQUIRED: "请输入身份验证器应用中的 6 位验证码。",
  TOTP_INVALID: "身份验证器验证码无效。",
  ACCOUNT_LOCKED: "该账户已被锁定，请联系客服。",
  SESSION_EXPIRED: "登录已过期，请重新登录。",
  UNSUPPORTED_LANGUAGE: "不支持该语言。",
  VERSION_CONFLICT: "该内容已被他人修改，请刷新后重试。",
  VALIDATION_ERROR_FIELD: "“{field}”填写有误：{reason}",
  amount_format: "请输入数字金额，最多两位小数，例如 1234.50（不含逗号、空格或符号）。",
  amount_decimals: "金额最多两位小数。",
  amount_sign: "此处金额不能带符号。",
  amount_zero: "金额必须大于零。",
  amount_too_large: "金额过大。",
  amount_below_min: "最大值不能低于最小值。",
  id_invalid: "ID 必须是范围内的正整数（仅限数字）。",
  int_invalid: "请输入范围内的整数（仅限数字）。",
  nul_char: "文本包含不允许的控制字符。",
  link_invalid: "链接须为以单个“/”开头的站内路径，或标记为外部链接的完整 https:// 地址。",
  link_not_external: "该链接指向站外：请将其标记为外部链接以允许。",
};

const VI: Catalog = {
  VALIDATION_ERROR: "Một số thông tin chưa hợp lệ. Vui lòng kiểm tra và thử lại.",
  NOT_FOUND: "Không tìm thấy {what} này.",
  NOT_LOGGED_IN: "Bạn chưa đăng nhập. Vui lòng đăng nhập trước.",
  FORBIDDEN: "Bạn không có quyền thực hiện thao tác này.",
  RATE_LIMITED: "Bạn đã thử quá nhiều lần. Vui lòng đợi {retryAfterS} giây rồi thử lại.",
  SYSTEM_MAINTENANCE: "Hệ thống đang bảo trì. Vui lòng quay lại sau.",
  REGION_RESTRICTED: "Truy cập bị hạn chế từ vị trí hoặc địa chỉ IP của bạn.",
  INTERNAL_ERROR: "Đã xảy ra lỗi từ phía chúng tôi. Vui lòng thử lại.",
  SERVICE_UNAVAILABLE: "Dịch vụ tạm thời không khả dụng. Vui lòng thử lại sau giây lát.",
  INVALID_CREDENTIALS: "Sai tên đăng nhập hoặc mật khẩu.",
  TOTP_REQUIRED: "Nhập mã 6 chữ số từ ứng dụng xác thực của bạn.",
  TOTP_INVALID: "Mã xác thực không hợp lệ.",
  ACCOUNT_LOCKED: "Tài khoản này đã bị khóa. Vui lòng liên hệ bộ phận hỗ trợ.",
  SESSION_EXPIRED: "Phiên đăng nhập đã hết hạn. Vui lòng đăng nhập lại.",
  UNSUPPORTED_LANGUAGE: "Ngôn ngữ này không được hỗ trợ.",
  VERSION_CONFLICT: "Mục này đã được người khác thay đổi. Vui lòng tải lại và thử lại.",
  VALIDATION_ERROR_FIELD: "Trường “{field}” không hợp lệ: {reason}",
  amount_format:
    "nhập số tiền bằng chữ số, tối đa hai chữ số thập phân, ví dụ 1234.50 (không dấu phẩy, khoảng trắng hay dấu).",
  amount_decimals: "số tiền có tối đa hai chữ số thập phân.",
  amount_sign: "số tiền ở đây không được có dấu.",
  amount_zero: "số tiền phải lớn hơn 0.",
  amount_too_large: "số tiền quá lớn.",
  amount_below_min: "giá trị tối đa không được nhỏ hơn giá trị tối thiểu.",
  id_invalid: "id là số nguyên dương (chỉ gồm chữ số) trong phạm vi cho phép.",
  int_invalid: "nhập số nguyên chỉ gồm chữ số, trong phạm vi cho phép.",
  nul_char: "văn bản chứa ký tự điều khiển không được phép.",
  link_invalid:
    "liên kết phải là đường dẫn trong trang bắt đầu bằng một dấu “/” hoặc địa chỉ https:// đầy đủ được đánh dấu là liên kết ngoài.",
  link_not_external: "liên kết này dẫn ra ngoài trang: hãy đánh dấu là liên kết ngoài để cho phép.",
};

const TH: Catalog = {
  VALIDATION_ERROR: "ข้อมูลบางช่องไม่ถูกต้อง กรุณาตรวจสอบแล้วลองใหม่อีกครั้ง",
  NOT_FOUND: "ไม่พบ{what}นี้",
  NOT_LOGGED_IN: "คุณยังไม่ได้เข้าสู่ระบบ กรุณาเข้าสู่ระบบก่อน",
  FORBIDDEN: "คุณไม่มีสิทธิ์ดำเนินการนี้",
  RATE_LIMITED: "ลองหลายครั้งเกินไป กรุณารอ {retryAfterS} วินาทีแล้วลองใหม่",
  SYSTEM_MAINTENANCE: "ระบบอยู่ระหว่างการปรับปรุง กรุณากลับมาใหม่ภายหลัง",
  REGION_RESTRICTED: "ไม่สามารถเข้าใช้งานจากตำแหน่งหรือที่อยู่ IP ของคุณได้",
  INTERNAL_ERROR: "เกิดข้อผิดพลาดจากระบบของเรา กรุณาลองใหม่อีกครั้ง",
  SERVICE_UNAVAILABLE: "บริการไม่พร้อมใช้งานชั่วคราว กรุณาลองใหม่ในอีกสักครู่",
  INVALID_CREDENTIALS: "ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง",
  TOTP_REQUIRED: "กรุณากรอกรหัส 6 หลักจากแอปยืนยันตัวตนของคุณ",
  TOTP_INVALID: "รหัสจากแอปยืนยันตัวตนไม่ถูกต้อง",
  ACCOUNT_LOCKED: "บัญชีนี้ถูกล็อก กรุณาติดต่อฝ่ายบริการลูกค้า",
  SESSION_EXPIRED: "เซสชันหมดอายุแล้ว กรุณาเข้าสู่ระบบอีกครั้ง",
  UNSUPPORTED_LANGUAGE: "ไม่รองรับภาษานี้",
  VERSION_CONFLICT: "รายการนี้ถูกผู้อื่นแก้ไขแล้ว กรุณาโหลดใหม่แล้วลองอีกครั้ง",
  VALIDATION_ERROR_FIELD: "ช่อง “{field}” ไม่ถูกต้อง: {reason}",
  amount_format: "กรุณากรอกจำนวนเงินเป็นตัวเลข ทศนิยมไม่เกินสองตำแหน่ง เช่น 1234.50 (ไม่มีจุลภาค ช่องว่าง หรือเครื่องหมาย)",
  amount_decimals: "จำนวนเงินมีทศนิยมได้ไม่เกินสองตำแหน่ง",
  amount_sign: "จำนวนเงินในช่องนี้ต้องไม่มีเครื่องหมาย",
  amount_zero: "จำนวนเงินต้องมากกว่าศูนย์",
  amount_too_large: "จำนวนเงินมากเกินไป",
  amount_below_min: "ค่าสูงสุดต้องไม่น้อยกว่าค่าต่ำสุด",
  id_invalid: "id ต้องเป็นจำนวนเต็มบวก (ตัวเลขเท่านั้น) ภายในช่วงที่กำหนด",
  int_invalid: "กรุณากรอกจำนวนเต็มเป็นตัวเลขเท่านั้น ภายในช่วงที่กำหนด",
  nul_char: "ข้อความมีอักขระควบคุมที่ไม่อนุญาต",
  link_invalid: "ลิงก์ต้องเป็นพาธภายในเว็บไซต์ที่ขึ้นต้นด้วย “/” ตัวเดียว หรือที่อยู่ https:// แบบเต็มที่ทำเครื่องหมายเป็นลิงก์ภายนอก",
  link_not_external: "ลิงก์นี้ออกนอกเว็บไซต์: กรุณาทำเครื่องหมายเป็นลิงก์ภายนอกเพื่ออนุญาต",
};

const ID: Catalog = {
  VALIDATION_ERROR: "Beberapa isian tidak valid. Silakan periksa dan coba lagi.",
  NOT_FOUND: "{what} tersebut tidak ditemukan.",
  NOT_LOGGED_IN: "Anda belum masuk. Silakan masuk terlebih dahulu.",
  FORBIDDEN: "Anda tidak memiliki izin untuk melakukan itu.",
  RATE_LIMITED: "Terlalu banyak percobaan. Silakan tunggu {retryAfterS} detik lalu coba lagi.",
  SYSTEM_MAINTENANCE: "Sistem sedang dalam pemeliharaan. Silakan kembali lagi nanti.",
  REGION_RESTRICTED: "Akses dibatasi dari lokasi atau alamat IP Anda.",
  INTERNAL_ERROR: "Terjadi kesalahan di sistem kami. Silakan coba lagi.",
  SERVICE_UNAVAILABLE: "Layanan sedang tidak tersedia sementara. Silakan coba lagi sebentar lagi.",
  INVALID_CREDENTIALS: "Nama pengguna atau kata sandi salah.",
  TOTP_REQUIRED: "Masukkan kode 6 digit dari aplikasi autentikator Anda.",
  TOTP_INVALID: "Kode autentikator tidak valid.",
  ACCOUNT_LOCKED: "Akun ini terkunci. Silakan hubungi layanan pelanggan.",
  SESSION_EXPIRED: "Sesi Anda telah berakhir. Silakan masuk kembali.",
  UNSUPPORTED_LANGUAGE: "Bahasa tersebut tidak didukung.",
  VERSION_CONFLICT: "Item ini telah diubah oleh orang lain. Muat ulang lalu coba lagi.",
  VALIDATION_ERROR_FIELD: "Isian “{field}” tidak valid: {reason}",
  amount_format:
    "masukkan jumlah dengan angka dan paling banyak dua desimal, seperti 1234.50 (tanpa koma, spasi, atau tanda).",
  amount_decimals: "jumlah paling banyak memiliki dua desimal.",
  amount_sign: "jumlah di sini tidak boleh memakai tanda.",
  amount_zero: "jumlah harus lebih dari nol.",
  amount_too_large: "jumlah terlalu besar.",
  amount_below_min: "nilai maksimum tidak boleh di bawah nilai minimum.",
  id_invalid: "id adalah bilangan bulat positif (hanya angka) dalam rentang yang diizinkan.",
  int_invalid: "masukkan bilangan bulat (hanya angka) dalam rentang yang diizinkan.",
  nul_char: "teks berisi karakter kontrol yang tidak diizinkan.",
  link_invalid:
    "tautan harus berupa jalur di dalam situs yang diawali satu “/” atau alamat https:// lengkap yang ditandai eksternal.",
  link_not_external: "tautan ini keluar dari situs: tandai sebagai tautan eksternal untuk mengizinkannya.",
};

const JA: Catalog = {
  VALIDATION_ERROR: "入力内容に誤りがあります。ご確認のうえ、もう一度お試しください。",
  NOT_FOUND: "該当する{what}が見つかりません。",
  NOT_LOGGED_IN: "ログインしていません。先にログインしてください。",
  FORBIDDEN: "この操作を行う権限がありません。",
  RATE_LIMITED: "試行回数が多すぎます。{retryAfterS} 秒ほどお待ちのうえ、もう一度お試しください。",
  SYSTEM_MAINTENANCE: "システムメンテナンス中です。しばらくしてから再度お越しください。",
  REGION_RESTRICTED: "お客様の地域または IP アドレスからはご利用いただけません。",
  INTERNAL_ERROR: "システムで問題が発生しました。もう一度お試しください。",
  SERVICE_UNAVAILABLE: "サービスが一時的にご利用いただけません。しばらくしてからもう一度お試しください。",
  INVALID_CREDENTIALS: "ユーザー名またはパスワードが正しくありません。",
  TOTP_REQUIRED: "認証アプリに表示される 6 桁のコードを入力してください。",
  TOTP_INVALID: "認証コードが正しくありません。",
  ACCOUNT_LOCKED: "このアカウントはロックされています。サポートまでお問い合わせください。",
  SESSION_EXPIRED: "セッションの有効期限が切れました。もう一度ログインしてください。",
  UNSUPPORTED_LANGUAGE: "この言語には対応していません。",
  VERSION_CONFLICT: "この項目は他の方によって変更されました。再読み込みしてからもう一度お試しください。",
  VALIDATION_ERROR_FIELD: "「{field}」の入力内容が正しくありません：{reason}",
  amount_format:
    "金額は数字で、小数点以下 2 桁までで入力してください（例：1234.50。カンマ・空白・符号は不要です）。",
  amount_decimals: "金額は小数点以下 2 桁までです。",
  amount_sign: "ここでは金額に符号を付けられません。",
  amount_zero: "金額は 0 より大きくしてください。",
  amount_too_large: "金額が大きすぎます。",
  amount_below_min: "最大値は最小値を下回ることはできません。",
  id_invalid: "ID は範囲内の正の整数（数字のみ）です。",
  int_invalid: "範囲内の整数を数字のみで入力してください。",
  nul_char: "テキストに使用できない制御文字が含まれています。",
  link_invalid:
    "リンクは単一の「/」で始まるサイト内パス、または外部リンクとして指定した完全な https:// アドレスにしてください。",
  link_not_external: "このリンクはサイト外に移動します。許可するには外部リンクとして指定してください。",
};

const CATALOGS: Partial<Record<Lang, Catalog>> = { EN, TY, CN, VI, TH, ID, JA };

export function parseLang(value: unknown): Lang {
  const v = typeof value === "string" ? value.toUpperCase() : "";
  return (LANGS as readonly string[]).includes(v) ? (v as Lang) : DEFAULT_LANG; // checked by includes
}

export function messageFor(code: string, lang: Lang, params: Record<string, string | number> = {}): string {
  // A validation error whose first refused field has a known reason names that field and why.
  if (code === "VALIDATION_ERROR" && params.field !== undefined && typeof params.reason === "string") {
    const reason = CATALOGS[lang]?.[params.reason] ?? EN[params.reason];
    if (reason) return messageFor("VALIDATION_ERROR_FIELD", lang, { field: params.field, reason });
  }
  const template = CATALOGS[lang]?.[code] ?? EN[code] ?? code;
  return template.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? ""));
}

/**
 * Modules add their own codes at import time, keeping each module's texts beside it. A language
 * without a catalog yet gets one (a code it lacks falls back to English).
 */
export function registerMessages(lang: Lang, entries: Catalog): void {
  const catalog = CATALOGS[lang] ?? {};
  CATALOGS[lang] = catalog;
  Object.assign(catalog, entries);
}

/** A copy of one language's catalog as registered so far (for the coverage test and tooling). */
export function messageCatalog(lang: Lang): Readonly<Catalog> {
  return { ...(CATALOGS[lang] ?? {}) };
}

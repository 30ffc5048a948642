import { registerMessages } from "../../lib/messages.ts";

/** The refusals of responsible gaming, in the 7 site languages. */
registerMessages("EN", {
  RG_DEPOSIT_LIMIT: "This deposit is over your deposit limit. You can deposit {left} more in this period.",
  RG_LOSS_LIMIT: "This bet would go over your loss limit for this period.",
  RG_WAGER_LIMIT: "This bet would go over your wager limit for this period.",
  RG_SELF_EXCLUDED: "Your account is self-excluded. You can still withdraw your balance.",
  RG_COOLING_OFF: "Your account is in a cooling-off period. You can still withdraw your balance.",
  RG_SESSION_LIMIT: "You have reached your session time limit. Log in again later to keep playing.",
  RG_NOT_READY: "This change can be confirmed after {at} (24 hours after you asked).",
  RG_NO_PENDING: "There is no waiting change for this limit.",
  RG_NO_LIMIT: "There is no limit to remove.",
});
registerMessages("TY", {
  RG_DEPOSIT_LIMIT:
    "Lampas ang deposit na ito sa iyong deposit limit. Maaari ka pang mag-deposit ng {left} sa panahong ito.",
  RG_LOSS_LIMIT: "Lalampas ang taya na ito sa iyong loss limit para sa panahong ito.",
  RG_WAGER_LIMIT: "Lalampas ang taya na ito sa iyong wager limit para sa panahong ito.",
  RG_SELF_EXCLUDED: "Naka-self-exclude ang iyong account. Maaari mo pa ring i-withdraw ang iyong balanse.",
  RG_COOLING_OFF: "Nasa cooling-off ang iyong account. Maaari mo pa ring i-withdraw ang iyong balanse.",
  RG_SESSION_LIMIT:
    "Naabot mo na ang limitasyon sa oras ng session. Mag-log in muli mamaya para makapaglaro.",
  RG_NOT_READY:
    "Maaaring kumpirmahin ang pagbabagong ito pagkatapos ng {at} (24 na oras mula nang hilingin mo).",
  RG_NO_PENDING: "Walang naghihintay na pagbabago para sa limit na ito.",
  RG_NO_LIMIT: "Walang limit na aalisin.",
});
registerMessages("CN", {
  RG_DEPOSIT_LIMIT: "此笔存款超出您的存款限额。本周期内您还可存入 {left}。",
  RG_LOSS_LIMIT: "此注单将超出您本周期的亏损限额。",
  RG_WAGER_LIMIT: "此注单将超出您本周期的投注限额。",
  RG_SELF_EXCLUDED: "您的账户已自我排除。您仍可提取余额。",
  RG_COOLING_OFF: "您的账户处于冷静期。您仍可提取余额。",
  RG_SESSION_LIMIT: "您已达到本次会话的时间限制。请稍后重新登录再继续游戏。",
  RG_NOT_READY: "此更改可在 {at} 之后确认（申请后 24 小时）。",
  RG_NO_PENDING: "此限额没有待确认的更改。",
  RG_NO_LIMIT: "没有可移除的限额。",
});
registerMessages("VI", {
  RG_DEPOSIT_LIMIT: "Khoản nạp này vượt hạn mức nạp của bạn. Bạn còn có thể nạp {left} trong kỳ này.",
  RG_LOSS_LIMIT: "Cược này sẽ vượt hạn mức thua của bạn trong kỳ này.",
  RG_WAGER_LIMIT: "Cược này sẽ vượt hạn mức đặt cược của bạn trong kỳ này.",
  RG_SELF_EXCLUDED: "Tài khoản của bạn đang tự loại trừ. Bạn vẫn có thể rút số dư.",
  RG_COOLING_OFF: "Tài khoản của bạn đang trong thời gian tạm nghỉ. Bạn vẫn có thể rút số dư.",
  RG_SESSION_LIMIT: "Bạn đã đạt giới hạn thời gian phiên. Hãy đăng nhập lại sau để tiếp tục chơi.",
  RG_NOT_READY: "Thay đổi này có thể xác nhận sau {at} (24 giờ sau khi bạn yêu cầu).",
  RG_NO_PENDING: "Không có thay đổi nào đang chờ cho hạn mức này.",
  RG_NO_LIMIT: "Không có hạn mức nào để gỡ bỏ.",
});
registerMessages("TH", {
  RG_DEPOSIT_LIMIT: "ยอดฝากนี้เกินวงเงินฝากของคุณ คุณยังฝากได้อีก {left} ในรอบนี้",
  RG_LOSS_LIMIT: "การเดิมพันนี้จะเกินวงเงินขาดทุนของคุณในรอบนี้",
  RG_WAGER_LIMIT: "การเดิมพันนี้จะเกินวงเงินเดิมพันของคุณในรอบนี้",
  RG_SELF_EXCLUDED: "บัญชีของคุณอยู่ในสถานะยกเว้นตนเอง คุณยังถอนยอดคงเหลือได้",
  RG_COOLING_OFF: "บัญชีของคุณอยู่ในช่วงพัก คุณยังถอนยอดคงเหลือได้",
  RG_SESSION_LIMIT: "คุณใช้เวลาครบขีดจำกัดของเซสชันแล้ว กรุณาเข้าสู่ระบบใหม่ภายหลังเพื่อเล่นต่อ",
  RG_NOT_READY: "ยืนยันการเปลี่ยนแปลงนี้ได้หลัง {at} (24 ชั่วโมงหลังจากที่คุณขอ)",
  RG_NO_PENDING: "ไม่มีการเปลี่ยนแปลงที่รออยู่สำหรับวงเงินนี้",
  RG_NO_LIMIT: "ไม่มีวงเงินให้ลบ",
});
registerMessages("ID", {
  RG_DEPOSIT_LIMIT:
    "Deposit ini melebihi batas deposit Anda. Anda masih dapat deposit {left} pada periode ini.",
  RG_LOSS_LIMIT: "Taruhan ini akan melebihi batas kekalahan Anda untuk periode ini.",
  RG_WAGER_LIMIT: "Taruhan ini akan melebihi batas taruhan Anda untuk periode ini.",
  RG_SELF_EXCLUDED: "Akun Anda dalam pengecualian diri. Anda tetap dapat menarik saldo.",
  RG_COOLING_OFF: "Akun Anda dalam masa jeda. Anda tetap dapat menarik saldo.",
  RG_SESSION_LIMIT: "Anda telah mencapai batas waktu sesi. Masuk kembali nanti untuk terus bermain.",
  RG_NOT_READY: "Perubahan ini dapat dikonfirmasi setelah {at} (24 jam setelah Anda memintanya).",
  RG_NO_PENDING: "Tidak ada perubahan yang menunggu untuk batas ini.",
  RG_NO_LIMIT: "Tidak ada batas yang dapat dihapus.",
});
registerMessages("JA", {
  RG_DEPOSIT_LIMIT: "この入金は入金上限を超えています。この期間はあと {left} まで入金できます。",
  RG_LOSS_LIMIT: "このベットはこの期間の損失上限を超えます。",
  RG_WAGER_LIMIT: "このベットはこの期間のベット上限を超えます。",
  RG_SELF_EXCLUDED: "お客様のアカウントは自己排除中です。残高の出金は可能です。",
  RG_COOLING_OFF: "お客様のアカウントはクーリングオフ期間中です。残高の出金は可能です。",
  RG_SESSION_LIMIT: "セッションの時間制限に達しました。後ほど再度ログインしてプレイを続けてください。",
  RG_NOT_READY: "この変更は {at} 以降に確認できます（申請から 24 時間後）。",
  RG_NO_PENDING: "この上限に保留中の変更はありません。",
  RG_NO_LIMIT: "削除する上限はありません。",
});

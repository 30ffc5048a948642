import { registerMessages } from "../../lib/messages.ts";

// The sportsbook's refusals (issue 19), in every language of the site.
registerMessages("EN", {
  SB_MARKET_CLOSED: "This market is closed or suspended. Please check your bet slip.",
  SB_RELATED_OUTCOMES: "Selections from the same match cannot be combined.",
  SB_BAD_SLIP: "The bet slip does not fit this bet type.",
  SB_MAX_LEGS: "A parlay takes at most {max} selections.",
  SB_ODDS_CHANGED: "The odds have changed. Please review and accept the new odds.",
  SB_STAKE_LIMIT: "The stake must be between {min} and {max}.",
  SB_MAX_PAYOUT: "The potential return is above the maximum payout.",
  SB_CASHOUT_UNAVAILABLE: "Cash-out is not available for this bet now.",
  SB_CASHOUT_CHANGED: "The cash-out amount has changed.",
  SB_FOUR_EYES: "Another operator must approve this.",
});
registerMessages("TY", {
  SB_MARKET_CLOSED: "Sarado o suspendido ang market na ito. Pakitingnan ang iyong bet slip.",
  SB_RELATED_OUTCOMES: "Hindi maaaring pagsamahin ang mga pili mula sa iisang laban.",
  SB_BAD_SLIP: "Hindi tugma ang bet slip sa uri ng taya na ito.",
  SB_MAX_LEGS: "Hanggang {max} na pili lamang ang isang parlay.",
  SB_ODDS_CHANGED: "Nagbago ang odds. Pakisuri at tanggapin ang bagong odds.",
  SB_STAKE_LIMIT: "Ang taya ay dapat nasa pagitan ng {min} at {max}.",
  SB_MAX_PAYOUT: "Lampas sa pinakamataas na bayad ang posibleng panalo.",
  SB_CASHOUT_UNAVAILABLE: "Hindi available ang cash-out para sa taya na ito ngayon.",
  SB_CASHOUT_CHANGED: "Nagbago ang halaga ng cash-out.",
  SB_FOUR_EYES: "Kailangang aprubahan ito ng ibang operator.",
});
registerMessages("CN", {
  SB_MARKET_CLOSED: "该盘口已关闭或暂停，请检查您的投注单。",
  SB_RELATED_OUTCOMES: "同一场比赛的选项不能组合。",
  SB_BAD_SLIP: "投注单与该投注类型不符。",
  SB_MAX_LEGS: "串关最多 {max} 个选项。",
  SB_ODDS_CHANGED: "赔率已变更，请确认并接受新赔率。",
  SB_STAKE_LIMIT: "投注额须在 {min} 至 {max} 之间。",
  SB_MAX_PAYOUT: "可赢金额超过最高派彩。",
  SB_CASHOUT_UNAVAILABLE: "该注单当前无法提前兑现。",
  SB_CASHOUT_CHANGED: "提前兑现金额已变更。",
  SB_FOUR_EYES: "此操作须由另一位操作员批准。",
});
registerMessages("VI", {
  SB_MARKET_CLOSED: "Kèo này đã đóng hoặc tạm ngưng. Vui lòng kiểm tra phiếu cược.",
  SB_RELATED_OUTCOMES: "Không thể kết hợp các lựa chọn của cùng một trận.",
  SB_BAD_SLIP: "Phiếu cược không phù hợp với loại cược này.",
  SB_MAX_LEGS: "Cược xiên tối đa {max} lựa chọn.",
  SB_ODDS_CHANGED: "Tỷ lệ cược đã thay đổi. Vui lòng xem lại và chấp nhận tỷ lệ mới.",
  SB_STAKE_LIMIT: "Tiền cược phải từ {min} đến {max}.",
  SB_MAX_PAYOUT: "Tiền thắng dự kiến vượt mức trả thưởng tối đa.",
  SB_CASHOUT_UNAVAILABLE: "Hiện không thể rút tiền sớm cho cược này.",
  SB_CASHOUT_CHANGED: "Số tiền rút sớm đã thay đổi.",
  SB_FOUR_EYES: "Một người vận hành khác phải phê duyệt việc này.",
});
registerMessages("TH", {
  SB_MARKET_CLOSED: "ตลาดนี้ปิดหรือถูกระงับ กรุณาตรวจสอบสลิปเดิมพัน",
  SB_RELATED_OUTCOMES: "ไม่สามารถรวมตัวเลือกจากแมตช์เดียวกันได้",
  SB_BAD_SLIP: "สลิปเดิมพันไม่ตรงกับประเภทการเดิมพันนี้",
  SB_MAX_LEGS: "สเต็ปหนึ่งรายการมีได้สูงสุด {max} ตัวเลือก",
  SB_ODDS_CHANGED: "ราคาต่อรองเปลี่ยนแปลง กรุณาตรวจสอบและยอมรับราคาใหม่",
  SB_STAKE_LIMIT: "ยอดเดิมพันต้องอยู่ระหว่าง {min} ถึง {max}",
  SB_MAX_PAYOUT: "ยอดที่อาจได้รับเกินยอดจ่ายสูงสุด",
  SB_CASHOUT_UNAVAILABLE: "ขณะนี้ไม่สามารถแคชเอาท์เดิมพันนี้ได้",
  SB_CASHOUT_CHANGED: "ยอดแคชเอาท์เปลี่ยนแปลงแล้ว",
  SB_FOUR_EYES: "ต้องให้ผู้ดูแลอีกคนอนุมัติ",
});
registerMessages("ID", {
  SB_MARKET_CLOSED: "Pasar ini ditutup atau ditangguhkan. Silakan periksa slip taruhan Anda.",
  SB_RELATED_OUTCOMES: "Pilihan dari pertandingan yang sama tidak dapat digabungkan.",
  SB_BAD_SLIP: "Slip taruhan tidak sesuai dengan jenis taruhan ini.",
  SB_MAX_LEGS: "Parlay paling banyak {max} pilihan.",
  SB_ODDS_CHANGED: "Odds telah berubah. Silakan periksa dan terima odds baru.",
  SB_STAKE_LIMIT: "Taruhan harus antara {min} dan {max}.",
  SB_MAX_PAYOUT: "Potensi kemenangan melebihi pembayaran maksimum.",
  SB_CASHOUT_UNAVAILABLE: "Cash-out tidak tersedia untuk taruhan ini sekarang.",
  SB_CASHOUT_CHANGED: "Jumlah cash-out telah berubah.",
  SB_FOUR_EYES: "Operator lain harus menyetujui ini.",
});
registerMessages("JA", {
  SB_MARKET_CLOSED: "このマーケットは終了または停止中です。ベットスリップをご確認ください。",
  SB_RELATED_OUTCOMES: "同じ試合の選択肢は組み合わせられません。",
  SB_BAD_SLIP: "ベットスリップがこのベットの種類に合っていません。",
  SB_MAX_LEGS: "パーレーの選択は最大 {max} 件です。",
  SB_ODDS_CHANGED: "オッズが変わりました。新しいオッズを確認して承諾してください。",
  SB_STAKE_LIMIT: "ベット額は {min} から {max} の間にしてください。",
  SB_MAX_PAYOUT: "払戻予定額が上限を超えています。",
  SB_CASHOUT_UNAVAILABLE: "このベットは現在キャッシュアウトできません。",
  SB_CASHOUT_CHANGED: "キャッシュアウト額が変わりました。",
  SB_FOUR_EYES: "別のオペレーターの承認が必要です。",
});

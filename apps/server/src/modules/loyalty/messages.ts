import { registerMessages } from "../../lib/messages.ts";

// Loyalty's refusal codes (issue 20), in all 7 site languages.
registerMessages("EN", {
  MISSION_NOT_FOUND: "That mission does not exist.",
  MALL_NO_RAFFLE: "There is no raffle open right now; try again when the next one starts.",
  FREESPINS_UNAVAILABLE:
    "The free spins could not be given right now; nothing was spent. Please try again in a moment.",
  MALL_ITEM_NOT_FOUND: "That item is not in the points mall.",
  MALL_OUT_OF_STOCK: "This item is out of stock.",
  MALL_CAP_REACHED: "You have redeemed this item as many times as allowed.",
  POINTS_NOT_ENOUGH: "You do not have enough points for this.",
  MALL_REDEMPTION_NOT_FOUND: "That redemption does not exist.",
  MALL_REDEMPTION_DECIDED: "This redemption has already been decided.",
  POINTS_CONVERT_AMOUNT: "Convert at least {min} points, in steps of {step}.",
  VIP_LEVEL_NOT_FOUND: "That VIP level does not exist.",
});
registerMessages("TY", {
  MISSION_NOT_FOUND: "Walang ganoong misyon.",
  MALL_NO_RAFFLE: "Walang bukas na raffle ngayon; subukang muli kapag nagsimula na ang susunod.",
  FREESPINS_UNAVAILABLE: "Hindi maibigay ang mga free spin ngayon; walang nagastos. Subukang muli mamaya.",
  MALL_ITEM_NOT_FOUND: "Wala ang item na iyan sa points mall.",
  MALL_OUT_OF_STOCK: "Ubos na ang item na ito.",
  MALL_CAP_REACHED: "Naabot mo na ang pinapayagang bilang ng pag-redeem ng item na ito.",
  POINTS_NOT_ENOUGH: "Kulang ang iyong points para dito.",
  MALL_REDEMPTION_NOT_FOUND: "Walang ganoong redemption.",
  MALL_REDEMPTION_DECIDED: "Napagpasyahan na ang redemption na ito.",
  POINTS_CONVERT_AMOUNT: "Mag-convert ng hindi bababa sa {min} points, tig-{step}.",
  VIP_LEVEL_NOT_FOUND: "Walang ganoong VIP level.",
});
registerMessages("CN", {
  MISSION_NOT_FOUND: "该任务不存在。",
  MALL_NO_RAFFLE: "目前没有进行中的抽奖，请在下一期开始后再试。",
  FREESPINS_UNAVAILABLE: "暂时无法发放免费旋转，未扣除任何积分。请稍后再试。",
  MALL_ITEM_NOT_FOUND: "积分商城中没有该商品。",
  MALL_OUT_OF_STOCK: "该商品已售罄。",
  MALL_CAP_REACHED: "您兑换该商品的次数已达上限。",
  POINTS_NOT_ENOUGH: "您的积分不足。",
  MALL_REDEMPTION_NOT_FOUND: "该兑换记录不存在。",
  MALL_REDEMPTION_DECIDED: "该兑换已处理。",
  POINTS_CONVERT_AMOUNT: "至少兑换 {min} 积分，且须为 {step} 的倍数。",
  VIP_LEVEL_NOT_FOUND: "该 VIP 等级不存在。",
});
registerMessages("VI", {
  MISSION_NOT_FOUND: "Nhiệm vụ này không tồn tại.",
  MALL_NO_RAFFLE: "Hiện không có đợt rút thăm nào đang mở; vui lòng thử lại khi đợt tiếp theo bắt đầu.",
  FREESPINS_UNAVAILABLE: "Hiện không thể cấp lượt quay miễn phí; không có gì bị trừ. Vui lòng thử lại sau.",
  MALL_ITEM_NOT_FOUND: "Vật phẩm này không có trong cửa hàng điểm.",
  MALL_OUT_OF_STOCK: "Vật phẩm này đã hết hàng.",
  MALL_CAP_REACHED: "Bạn đã đổi vật phẩm này đủ số lần cho phép.",
  POINTS_NOT_ENOUGH: "Bạn không đủ điểm.",
  MALL_REDEMPTION_NOT_FOUND: "Yêu cầu đổi điểm này không tồn tại.",
  MALL_REDEMPTION_DECIDED: "Yêu cầu đổi điểm này đã được xử lý.",
  POINTS_CONVERT_AMOUNT: "Quy đổi ít nhất {min} điểm, theo bội số {step}.",
  VIP_LEVEL_NOT_FOUND: "Cấp VIP này không tồn tại.",
});
registerMessages("TH", {
  MISSION_NOT_FOUND: "ไม่มีภารกิจนี้",
  MALL_NO_RAFFLE: "ขณะนี้ไม่มีการจับรางวัลที่เปิดอยู่ กรุณาลองใหม่เมื่อรอบถัดไปเริ่ม",
  FREESPINS_UNAVAILABLE: "ไม่สามารถให้ฟรีสปินได้ในขณะนี้ ไม่มีการหักแต้ม กรุณาลองใหม่อีกครั้ง",
  MALL_ITEM_NOT_FOUND: "ไม่มีสินค้านี้ในร้านแลกแต้ม",
  MALL_OUT_OF_STOCK: "สินค้านี้หมดแล้ว",
  MALL_CAP_REACHED: "คุณแลกสินค้านี้ครบจำนวนที่อนุญาตแล้ว",
  POINTS_NOT_ENOUGH: "แต้มของคุณไม่เพียงพอ",
  MALL_REDEMPTION_NOT_FOUND: "ไม่มีรายการแลกนี้",
  MALL_REDEMPTION_DECIDED: "รายการแลกนี้ได้รับการพิจารณาแล้ว",
  POINTS_CONVERT_AMOUNT: "แลกอย่างน้อย {min} แต้ม ทีละ {step} แต้ม",
  VIP_LEVEL_NOT_FOUND: "ไม่มีระดับ VIP นี้",
});
registerMessages("ID", {
  MISSION_NOT_FOUND: "Misi itu tidak ada.",
  MALL_NO_RAFFLE: "Tidak ada undian yang dibuka saat ini; coba lagi saat undian berikutnya dimulai.",
  FREESPINS_UNAVAILABLE:
    "Putaran gratis belum dapat diberikan saat ini; tidak ada yang terpakai. Silakan coba lagi sebentar lagi.",
  MALL_ITEM_NOT_FOUND: "Barang itu tidak ada di toko poin.",
  MALL_OUT_OF_STOCK: "Stok barang ini habis.",
  MALL_CAP_REACHED: "Anda sudah menukar barang ini sebanyak yang diizinkan.",
  POINTS_NOT_ENOUGH: "Poin Anda tidak mencukupi.",
  MALL_REDEMPTION_NOT_FOUND: "Penukaran itu tidak ada.",
  MALL_REDEMPTION_DECIDED: "Penukaran ini sudah diputuskan.",
  POINTS_CONVERT_AMOUNT: "Tukarkan minimal {min} poin, kelipatan {step}.",
  VIP_LEVEL_NOT_FOUND: "Level VIP itu tidak ada.",
});
registerMessages("JA", {
  MISSION_NOT_FOUND: "そのミッションは存在しません。",
  MALL_NO_RAFFLE: "現在受付中の抽選はありません。次の抽選が始まってからもう一度お試しください。",
  FREESPINS_UNAVAILABLE:
    "現在フリースピンを付与できません。ポイントは使われていません。しばらくしてからもう一度お試しください。",
  MALL_ITEM_NOT_FOUND: "その商品はポイントモールにありません。",
  MALL_OUT_OF_STOCK: "この商品は在庫切れです。",
  MALL_CAP_REACHED: "この商品の交換回数の上限に達しました。",
  POINTS_NOT_ENOUGH: "ポイントが不足しています。",
  MALL_REDEMPTION_NOT_FOUND: "その交換は存在しません。",
  MALL_REDEMPTION_DECIDED: "この交換はすでに処理済みです。",
  POINTS_CONVERT_AMOUNT: "{min} ポイント以上、{step} ポイント単位で交換してください。",
  VIP_LEVEL_NOT_FOUND: "その VIP レベルは存在しません。",
});

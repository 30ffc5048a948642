import { registerMessages } from "../../lib/messages.ts";

/** The chat module's refusals, in every language of the site. */
registerMessages("EN", {
  CHAT_OFF: "Live chat is not available. Please use the help centre.",
  CHAT_CLOSED: "This conversation has ended. Send a new message to start another.",
  CHAT_NOT_ASSIGNED: "Take this conversation before answering it.",
  CHAT_OPERATOR_INVALID: "That operator cannot take chats.",
});
registerMessages("TY", {
  CHAT_OFF: "Hindi available ang live chat. Gamitin ang help centre.",
  CHAT_CLOSED: "Tapos na ang usapang ito. Magpadala ng bagong mensahe para magsimula ng bago.",
  CHAT_NOT_ASSIGNED: "Kunin muna ang usapang ito bago sumagot.",
  CHAT_OPERATOR_INVALID: "Hindi maaaring humawak ng chat ang operator na iyon.",
});
registerMessages("CN", {
  CHAT_OFF: "在线客服暂不可用，请使用帮助中心。",
  CHAT_CLOSED: "此会话已结束。发送新消息即可开始新的会话。",
  CHAT_NOT_ASSIGNED: "请先接入此会话再回复。",
  CHAT_OPERATOR_INVALID: "该操作员无法接待聊天。",
});
registerMessages("VI", {
  CHAT_OFF: "Trò chuyện trực tuyến hiện không khả dụng. Vui lòng dùng trung tâm trợ giúp.",
  CHAT_CLOSED: "Cuộc trò chuyện này đã kết thúc. Gửi tin nhắn mới để bắt đầu cuộc khác.",
  CHAT_NOT_ASSIGNED: "Hãy nhận cuộc trò chuyện này trước khi trả lời.",
  CHAT_OPERATOR_INVALID: "Nhân viên đó không thể nhận trò chuyện.",
});
registerMessages("TH", {
  CHAT_OFF: "แชทสดไม่พร้อมใช้งาน กรุณาใช้ศูนย์ช่วยเหลือ",
  CHAT_CLOSED: "การสนทนานี้สิ้นสุดแล้ว ส่งข้อความใหม่เพื่อเริ่มการสนทนาใหม่",
  CHAT_NOT_ASSIGNED: "กรุณารับการสนทนานี้ก่อนตอบกลับ",
  CHAT_OPERATOR_INVALID: "เจ้าหน้าที่คนนั้นไม่สามารถรับแชทได้",
});
registerMessages("ID", {
  CHAT_OFF: "Obrolan langsung tidak tersedia. Silakan gunakan pusat bantuan.",
  CHAT_CLOSED: "Percakapan ini telah berakhir. Kirim pesan baru untuk memulai percakapan lain.",
  CHAT_NOT_ASSIGNED: "Ambil percakapan ini sebelum menjawabnya.",
  CHAT_OPERATOR_INVALID: "Operator tersebut tidak dapat menangani obrolan.",
});
registerMessages("JA", {
  CHAT_OFF: "ライブチャットは現在ご利用いただけません。ヘルプセンターをご利用ください。",
  CHAT_CLOSED: "この会話は終了しました。新しいメッセージを送ると新しい会話が始まります。",
  CHAT_NOT_ASSIGNED: "返信する前にこの会話を担当してください。",
  CHAT_OPERATOR_INVALID: "そのオペレーターはチャットを担当できません。",
});

// The offline page in the player's language (the one the site stored), and its retry button.
// A script file of its own: the Content-Security-Policy allows no inline script.
(() => {
  const texts = {
    TY: [
      "fil",
      "Walang koneksyon sa internet",
      "Tingnan ang iyong Wi-Fi o mobile data, saka subukang muli.",
      "Subukang muli",
    ],
    EN: ["en", "You are offline", "Check your Wi-Fi or mobile data, then try again.", "Try again"],
    CN: ["zh", "网络未连接", "请检查 Wi-Fi 或移动数据，然后重试。", "重试"],
    VI: ["vi", "Không có kết nối mạng", "Hãy kiểm tra Wi-Fi hoặc dữ liệu di động rồi thử lại.", "Thử lại"],
    TH: ["th", "ไม่มีการเชื่อมต่ออินเทอร์เน็ต", "โปรดตรวจสอบ Wi-Fi หรืออินเทอร์เน็ตมือถือ แล้วลองอีกครั้ง", "ลองอีกครั้ง"],
    ID: [
      "id",
      "Tidak ada koneksi internet",
      "Periksa Wi-Fi atau data seluler Anda, lalu coba lagi.",
      "Coba lagi",
    ],
    JA: [
      "ja",
      "インターネットに接続されていません",
      "Wi-Fi またはモバイルデータを確認して、もう一度お試しください。",
      "再試行",
    ],
  };
  let lang = "TY";
  try {
    const stored = localStorage.getItem("panalo.lang");
    if (stored && texts[stored]) lang = stored;
  } catch {
    // storage blocked: Filipino stays
  }
  const [htmlLang, title, text, retry] = texts[lang];
  document.documentElement.lang = htmlLang;
  document.getElementById("offline-title").textContent = title;
  document.getElementById("offline-text").textContent = text;
  const button = document.getElementById("offline-retry");
  button.textContent = retry;
  button.addEventListener("click", () => location.reload());
})();

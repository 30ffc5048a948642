import { IdParams } from "@panalo/contracts/input";
import { formatMinor } from "@panalo/contracts/money";
import {
  AdminApplicationQuery,
  AdminApplicationReject,
  AdminPromotionInput,
  PromotionApplyRequest,
  PromotionListQuery,
} from "@panalo/contracts/promotions";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { crudRoutes } from "../../lib/admin-crud.ts";
import { recordAudit } from "../../lib/audit.ts";
import type { AppContext } from "../../lib/context.ts";
import { startCsv } from "../../lib/csv.ts";
import { Errors } from "../../lib/errors.ts";
import { MEMBER_UPLOAD_PATH, readMemberUpload, sendPrivate } from "../../lib/member-uploads.ts";
import { registerMessages } from "../../lib/messages.ts";
import { operatorOf, requireOperator } from "../../lib/operator-guard.ts";
import { route } from "../../lib/route.ts";
import { pick } from "../content/service.ts";
import { bearerToken, memberOf, requireMember, sessionMember } from "../members/service.ts";
import {
  applicationNamesImage,
  applicationsPage,
  asDate,
  availableCount,
  createPromotion,
  getPromotion,
  listPromotions,
  type Promotion,
  promotionCards,
  promotionDetail,
  promotionReportRows,
  removePromotion,
  reviewApplication,
  takePart,
  updatePromotion,
} from "./service.ts";

registerMessages("EN", {
  PROMO_NOT_FOUND: "This promotion does not exist or is no longer shown.",
  PROMO_NOT_OPEN: "This promotion is not running now.",
  PROMO_ACTION_NOT_ALLOWED: "This promotion is not taken part in that way.",
  PROMO_ALREADY_TAKEN: "You have already taken part in this promotion.",
  PROMO_NOT_FOR_AGENTS: "Promotions are for players: agent accounts cannot take part.",
  PROMO_NOT_FOR_TRIAL: "Register a real account to take part in promotions.",
  PROMO_SELF_EXCLUDED: "Your account is self-excluded, so promotions are not offered to you.",
  PROMO_NOT_ELIGIBLE: "Your account cannot take part in promotions right now.",
  PROMO_AUDIENCE: "This promotion is for another group of players.",
  PROMO_HAS_ENTRIES: "Players have taken part in this promotion: untick Enabled to hide it instead.",
  APPLICATION_NOT_FOUND: "That application does not exist.",
  APPLICATION_NOT_PENDING: "That application has already been decided.",
  remark_too_long: "the remark may hold at most 140 characters.",
  images_required: "add at least one picture.",
  images_too_many: "at most 3 pictures.",
  images_repeated: "the same picture is attached twice.",
  reason_required: "give a reason.",
  reward_amount_needed: "a cash or bonus reward needs an amount above zero.",
  bonus_rule_needed: "a bonus reward needs the bonus rule id.",
  new_days_needed: "a promotion for new members needs the number of days.",
  agents_needed: "name at least one agent whose team may take part.",
  vip_levels_needed: "name at least one VIP level.",
  window_order: "the end must be after the start.",
});
registerMessages("TY", {
  PROMO_NOT_FOUND: "Wala ang promosyong ito o hindi na ito ipinapakita.",
  PROMO_NOT_OPEN: "Hindi tumatakbo ngayon ang promosyong ito.",
  PROMO_ACTION_NOT_ALLOWED: "Hindi ganyan ang paraan ng pagsali sa promosyong ito.",
  PROMO_ALREADY_TAKEN: "Nakasali ka na sa promosyong ito.",
  PROMO_NOT_FOR_AGENTS: "Para sa mga manlalaro ang mga promosyon: hindi makakasali ang account ng ahente.",
  PROMO_NOT_FOR_TRIAL: "Magrehistro ng totoong account para makasali sa mga promosyon.",
  PROMO_SELF_EXCLUDED: "Naka-self-exclude ang iyong account, kaya walang promosyong iniaalok sa iyo.",
  PROMO_NOT_ELIGIBLE: "Hindi makakasali ang iyong account sa mga promosyon sa ngayon.",
  PROMO_AUDIENCE: "Para sa ibang grupo ng manlalaro ang promosyong ito.",
  PROMO_HAS_ENTRIES:
    "May mga manlalarong sumali na sa promosyong ito: alisin ang tsek sa Enabled para itago ito.",
  APPLICATION_NOT_FOUND: "Walang ganyang aplikasyon.",
  APPLICATION_NOT_PENDING: "Napagpasyahan na ang aplikasyong iyon.",
  remark_too_long: "hanggang 140 character lamang ang remark.",
  images_required: "maglagay ng kahit isang larawan.",
  images_too_many: "hanggang 3 larawan lamang.",
  images_repeated: "dalawang beses na nakalakip ang parehong larawan.",
  reason_required: "magbigay ng dahilan.",
  reward_amount_needed: "kailangan ng halagang higit sa zero ang cash o bonus na gantimpala.",
  bonus_rule_needed: "kailangan ng bonus rule id ang bonus na gantimpala.",
  new_days_needed: "kailangan ng bilang ng araw ang promosyon para sa mga bagong miyembro.",
  agents_needed: "magbigay ng kahit isang ahente na ang team ay puwedeng sumali.",
  vip_levels_needed: "magbigay ng kahit isang VIP level.",
  window_order: "dapat mas huli ang katapusan kaysa simula.",
});

registerMessages("CN", {
  PROMO_NOT_FOUND: "该优惠活动不存在或已下架。",
  PROMO_NOT_OPEN: "该优惠活动当前未进行。",
  PROMO_ACTION_NOT_ALLOWED: "该优惠活动不支持这种参与方式。",
  PROMO_ALREADY_TAKEN: "您已参加过该优惠活动。",
  PROMO_NOT_FOR_AGENTS: "优惠活动仅限玩家参加，代理账户不可参与。",
  PROMO_NOT_FOR_TRIAL: "请注册正式账户后参加优惠活动。",
  PROMO_SELF_EXCLUDED: "您的账户已设置自我排除，因此不向您提供优惠活动。",
  PROMO_NOT_ELIGIBLE: "您的账户目前无法参加优惠活动。",
  PROMO_AUDIENCE: "该优惠活动面向其他玩家群体。",
  PROMO_HAS_ENTRIES: "已有玩家参加该优惠活动：请取消勾选“启用”来隐藏它。",
  APPLICATION_NOT_FOUND: "该申请不存在。",
  APPLICATION_NOT_PENDING: "该申请已处理。",
  remark_too_long: "备注最多 140 个字符。",
  images_required: "请至少添加一张图片。",
  images_too_many: "最多 3 张图片。",
  images_repeated: "同一张图片被附加了两次。",
  reason_required: "请填写原因。",
  reward_amount_needed: "现金或红利奖励需要大于零的金额。",
  bonus_rule_needed: "红利奖励需要填写红利规则 ID。",
  new_days_needed: "面向新会员的优惠活动需要填写天数。",
  agents_needed: "请至少指定一个代理，其团队可参加。",
  vip_levels_needed: "请至少指定一个 VIP 等级。",
  window_order: "结束时间必须晚于开始时间。",
});
registerMessages("VI", {
  PROMO_NOT_FOUND: "Khuyến mãi này không tồn tại hoặc không còn hiển thị.",
  PROMO_NOT_OPEN: "Khuyến mãi này hiện không diễn ra.",
  PROMO_ACTION_NOT_ALLOWED: "Không thể tham gia khuyến mãi này theo cách đó.",
  PROMO_ALREADY_TAKEN: "Bạn đã tham gia khuyến mãi này rồi.",
  PROMO_NOT_FOR_AGENTS: "Khuyến mãi dành cho người chơi: tài khoản đại lý không thể tham gia.",
  PROMO_NOT_FOR_TRIAL: "Vui lòng đăng ký tài khoản thật để tham gia khuyến mãi.",
  PROMO_SELF_EXCLUDED: "Tài khoản của bạn đang tự loại trừ nên không được nhận khuyến mãi.",
  PROMO_NOT_ELIGIBLE: "Tài khoản của bạn hiện không thể tham gia khuyến mãi.",
  PROMO_AUDIENCE: "Khuyến mãi này dành cho nhóm người chơi khác.",
  PROMO_HAS_ENTRIES: "Đã có người chơi tham gia khuyến mãi này: hãy bỏ chọn Bật để ẩn nó.",
  APPLICATION_NOT_FOUND: "Đơn đăng ký này không tồn tại.",
  APPLICATION_NOT_PENDING: "Đơn đăng ký này đã được xử lý.",
  remark_too_long: "ghi chú tối đa 140 ký tự.",
  images_required: "hãy thêm ít nhất một ảnh.",
  images_too_many: "tối đa 3 ảnh.",
  images_repeated: "cùng một ảnh được đính kèm hai lần.",
  reason_required: "hãy nêu lý do.",
  reward_amount_needed: "phần thưởng tiền mặt hoặc tiền thưởng cần số tiền lớn hơn 0.",
  bonus_rule_needed: "phần thưởng tiền thưởng cần id quy tắc tiền thưởng.",
  new_days_needed: "khuyến mãi cho thành viên mới cần số ngày.",
  agents_needed: "hãy chỉ định ít nhất một đại lý mà đội của họ được tham gia.",
  vip_levels_needed: "hãy chỉ định ít nhất một cấp VIP.",
  window_order: "thời điểm kết thúc phải sau thời điểm bắt đầu.",
});
registerMessages("TH", {
  PROMO_NOT_FOUND: "ไม่มีโปรโมชั่นนี้หรือโปรโมชั่นนี้ไม่แสดงแล้ว",
  PROMO_NOT_OPEN: "โปรโมชั่นนี้ไม่ได้เปิดอยู่ในขณะนี้",
  PROMO_ACTION_NOT_ALLOWED: "โปรโมชั่นนี้ไม่สามารถเข้าร่วมด้วยวิธีนี้ได้",
  PROMO_ALREADY_TAKEN: "คุณได้เข้าร่วมโปรโมชั่นนี้แล้ว",
  PROMO_NOT_FOR_AGENTS: "โปรโมชั่นสำหรับผู้เล่นเท่านั้น บัญชีเอเจนต์ไม่สามารถเข้าร่วมได้",
  PROMO_NOT_FOR_TRIAL: "กรุณาสมัครบัญชีจริงเพื่อเข้าร่วมโปรโมชั่น",
  PROMO_SELF_EXCLUDED: "บัญชีของคุณอยู่ในสถานะยกเว้นตนเอง จึงไม่สามารถรับโปรโมชั่นได้",
  PROMO_NOT_ELIGIBLE: "บัญชีของคุณยังไม่สามารถเข้าร่วมโปรโมชั่นได้ในขณะนี้",
  PROMO_AUDIENCE: "โปรโมชั่นนี้สำหรับผู้เล่นกลุ่มอื่น",
  PROMO_HAS_ENTRIES: "มีผู้เล่นเข้าร่วมโปรโมชั่นนี้แล้ว: ให้ยกเลิกการเลือก “เปิดใช้งาน” เพื่อซ่อนแทน",
  APPLICATION_NOT_FOUND: "ไม่มีใบสมัครนี้",
  APPLICATION_NOT_PENDING: "ใบสมัครนี้ได้รับการพิจารณาแล้ว",
  remark_too_long: "หมายเหตุยาวได้ไม่เกิน 140 ตัวอักษร",
  images_required: "กรุณาเพิ่มรูปภาพอย่างน้อยหนึ่งรูป",
  images_too_many: "ได้สูงสุด 3 รูป",
  images_repeated: "แนบรูปภาพเดียวกันซ้ำสองครั้ง",
  reason_required: "กรุณาระบุเหตุผล",
  reward_amount_needed: "รางวัลเงินสดหรือโบนัสต้องมีจำนวนมากกว่าศูนย์",
  bonus_rule_needed: "รางวัลโบนัสต้องระบุ id ของกฎโบนัส",
  new_days_needed: "โปรโมชั่นสำหรับสมาชิกใหม่ต้องระบุจำนวนวัน",
  agents_needed: "กรุณาระบุเอเจนต์อย่างน้อยหนึ่งรายที่ทีมสามารถเข้าร่วมได้",
  vip_levels_needed: "กรุณาระบุระดับ VIP อย่างน้อยหนึ่งระดับ",
  window_order: "เวลาสิ้นสุดต้องอยู่หลังเวลาเริ่มต้น",
});
registerMessages("ID", {
  PROMO_NOT_FOUND: "Promosi ini tidak ada atau sudah tidak ditampilkan.",
  PROMO_NOT_OPEN: "Promosi ini sedang tidak berlangsung.",
  PROMO_ACTION_NOT_ALLOWED: "Promosi ini tidak dapat diikuti dengan cara tersebut.",
  PROMO_ALREADY_TAKEN: "Anda sudah mengikuti promosi ini.",
  PROMO_NOT_FOR_AGENTS: "Promosi khusus untuk pemain: akun agen tidak dapat ikut serta.",
  PROMO_NOT_FOR_TRIAL: "Daftarkan akun asli untuk mengikuti promosi.",
  PROMO_SELF_EXCLUDED:
    "Akun Anda dalam status pengecualian diri, sehingga promosi tidak ditawarkan kepada Anda.",
  PROMO_NOT_ELIGIBLE: "Akun Anda saat ini tidak dapat mengikuti promosi.",
  PROMO_AUDIENCE: "Promosi ini untuk kelompok pemain lain.",
  PROMO_HAS_ENTRIES:
    "Sudah ada pemain yang mengikuti promosi ini: hapus centang Aktif untuk menyembunyikannya.",
  APPLICATION_NOT_FOUND: "Pengajuan tersebut tidak ada.",
  APPLICATION_NOT_PENDING: "Pengajuan tersebut sudah diputuskan.",
  remark_too_long: "catatan paling banyak 140 karakter.",
  images_required: "tambahkan minimal satu gambar.",
  images_too_many: "paling banyak 3 gambar.",
  images_repeated: "gambar yang sama dilampirkan dua kali.",
  reason_required: "berikan alasan.",
  reward_amount_needed: "hadiah tunai atau bonus memerlukan jumlah di atas nol.",
  bonus_rule_needed: "hadiah bonus memerlukan id aturan bonus.",
  new_days_needed: "promosi untuk anggota baru memerlukan jumlah hari.",
  agents_needed: "sebutkan minimal satu agen yang timnya boleh ikut serta.",
  vip_levels_needed: "sebutkan minimal satu level VIP.",
  window_order: "waktu selesai harus setelah waktu mulai.",
});
registerMessages("JA", {
  PROMO_NOT_FOUND: "このプロモーションは存在しないか、掲載が終了しています。",
  PROMO_NOT_OPEN: "このプロモーションは現在開催されていません。",
  PROMO_ACTION_NOT_ALLOWED: "このプロモーションにはその方法で参加できません。",
  PROMO_ALREADY_TAKEN: "このプロモーションにはすでに参加済みです。",
  PROMO_NOT_FOR_AGENTS: "プロモーションはプレイヤー向けです。代理店アカウントは参加できません。",
  PROMO_NOT_FOR_TRIAL: "プロモーションに参加するには本アカウントを登録してください。",
  PROMO_SELF_EXCLUDED: "お客様のアカウントは自己排除中のため、プロモーションはご利用いただけません。",
  PROMO_NOT_ELIGIBLE: "お客様のアカウントは現在プロモーションに参加できません。",
  PROMO_AUDIENCE: "このプロモーションは別のプレイヤー層が対象です。",
  PROMO_HAS_ENTRIES:
    "このプロモーションには参加者がいます。削除せず「有効」のチェックを外して非表示にしてください。",
  APPLICATION_NOT_FOUND: "その申請は存在しません。",
  APPLICATION_NOT_PENDING: "その申請はすでに処理済みです。",
  remark_too_long: "備考は 140 文字以内です。",
  images_required: "画像を 1 枚以上追加してください。",
  images_too_many: "画像は 3 枚までです。",
  images_repeated: "同じ画像が 2 回添付されています。",
  reason_required: "理由を入力してください。",
  reward_amount_needed: "現金またはボーナスの特典には 0 より大きい金額が必要です。",
  bonus_rule_needed: "ボーナス特典にはボーナスルールの ID が必要です。",
  new_days_needed: "新規会員向けプロモーションには日数が必要です。",
  agents_needed: "参加できるチームの代理店を 1 つ以上指定してください。",
  vip_levels_needed: "VIP レベルを 1 つ以上指定してください。",
  window_order: "終了は開始より後にしてください。",
});

/** The member behind an optional bearer token (open calls that show more to a member). */
async function optionalMember(ctx: AppContext, req: FastifyRequest): Promise<number | null> {
  const token = bearerToken(req);
  if (!token) return null;
  const m = await sessionMember(ctx, token);
  return m ? m.id : null;
}

export async function promotionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // ---------- player (spec §2 /promotions, /promoDetail) ----------
  route(
    app,
    { method: "GET", url: "/wps/promotions", query: PromotionListQuery },
    async ({ query, req, lang }) => ({
      list: await promotionCards(ctx, await optionalMember(ctx, req), lang, query.type),
    }),
  );
  route(
    app,
    { method: "GET", url: "/wps/promotions/available", guards: [requireMember(ctx)] },
    async ({ req }) => ({ count: await availableCount(ctx, memberOf(req).id) }),
  );
  route(app, { method: "GET", url: "/wps/promotions/:id", params: IdParams }, async ({ params, req, lang }) =>
    promotionDetail(ctx, params.id, await optionalMember(ctx, req), lang),
  );
  const realMember = [requireMember(ctx, { realOnly: true })];
  for (const action of ["join", "claim"] as const) {
    route(
      app,
      { method: "POST", url: `/wps/promotions/:id/${action}`, params: IdParams, guards: realMember },
      async ({ params, req }) => takePart(ctx, params.id, memberOf(req).id, action),
    );
  }
  route(
    app,
    {
      method: "POST",
      url: "/wps/promotions/:id/apply",
      params: IdParams,
      body: PromotionApplyRequest,
      guards: realMember,
    },
    async ({ params, body, req }) => takePart(ctx, params.id, memberOf(req).id, "apply", body),
  );

  // ---------- back office: the editor ----------
  const dto = (p: Promotion) => ({
    id: p.id,
    type: p.type,
    title: p.title,
    bannerUrl: p.bannerUrl,
    body: p.body,
    audience: p.audience,
    newWithinDays: p.newWithinDays,
    vipLevels: p.vipLevels,
    agentIds: p.agentIds,
    participation: p.participation,
    rewardKind: p.rewardKind,
    rewardAmount: formatMinor(p.rewardAmount),
    bonusRuleId: p.bonusRuleId,
    startsAt: p.startsAt?.toISOString() ?? null,
    endsAt: p.endsAt?.toISOString() ?? null,
    sortOrder: p.sortOrder,
    enabled: p.enabled,
    version: p.version,
    updatedAt: p.updatedAt.toISOString(),
  });
  crudRoutes(app, ctx, {
    path: "/promotions",
    entity: "promotion",
    input: AdminPromotionInput,
    read: "marketing.read",
    write: "marketing.write",
    list: async (e) => (await listPromotions(e)).map(dto),
    get: async (e, id) => {
      const p = await getPromotion(e, id);
      return p ? dto(p) : undefined;
    },
    insert: async (e, i) => dto(await createPromotion(e, i)),
    update: async (e, id, version, i) => {
      const p = await updatePromotion(e, id, version, i);
      return p ? dto(p) : undefined;
    },
    remove: (e, id) => removePromotion(e, id),
  });

  // ---------- back office: the application review queue ----------
  const read = [requireOperator(ctx, "marketing.read")];
  const write = [requireOperator(ctx, "marketing.write")];
  const PAGE = 50;
  const adminImage = (url: string) =>
    url.startsWith(MEMBER_UPLOAD_PATH)
      ? `/api/admin/promotions/uploads/${url.slice(MEMBER_UPLOAD_PATH.length)}`
      : url;
  route(
    app,
    { method: "GET", url: "/api/admin/promotions/applications", query: AdminApplicationQuery, guards: read },
    async ({ query }) => {
      const now = ctx.clock.now();
      // Waiting applications oldest first (the queue's order); decided ones newest first.
      const { rows, total } = await applicationsPage(ctx.db, {
        state: query.state,
        promotionId: query.promotionId,
        offset: (query.page - 1) * PAGE,
        limit: PAGE,
      });
      return {
        list: rows.map((r) => {
          const created = asDate(r.created_at) ?? now;
          const reviewed = asDate(r.reviewed_at);
          return {
            id: Number(r.id),
            promotionId: Number(r.promotion_id),
            promotionTitle: pick(r.title as Record<string, string>, "EN"),
            memberId: Number(r.member_id),
            username: String(r.username),
            state: r.state as "applying" | "approved" | "rejected",
            remark: (r.remark as string | null) ?? null,
            images: ((r.images as string[]) ?? []).map(adminImage),
            reason: (r.reason as string | null) ?? null,
            createdAt: created.toISOString(),
            ageSeconds: Math.max(0, Math.floor(((reviewed ?? now).getTime() - created.getTime()) / 1000)),
            reviewedBy: (r.reviewer as string | null) ?? null,
            reviewedAt: reviewed?.toISOString() ?? null,
          };
        }),
        total,
        page: query.page,
        pageSize: PAGE,
      };
    },
  );
  const decide = (approve: boolean) =>
    route(
      app,
      {
        method: "POST",
        url: `/api/admin/promotions/applications/:id/${approve ? "approve" : "reject"}`,
        params: IdParams,
        body: approve ? z.object({}).optional() : AdminApplicationReject,
        guards: write,
      },
      async ({ params, body, req, ip }) => {
        const op = operatorOf(req);
        return ctx.db.transaction(async (tx) => {
          const { before, after } = await reviewApplication(
            tx,
            ctx.clock.now(),
            params.id,
            op.id,
            approve ? { approve: true } : { approve: false, reason: (body as { reason: string }).reason },
          );
          await recordAudit(tx, {
            operatorId: op.id,
            operatorName: op.username,
            action: approve ? "approve" : "reject",
            entityType: "promotion_application",
            entityId: String(params.id),
            before,
            after,
            ip,
          });
          return { id: params.id, state: after.state, rewardId: after.rewardId };
        });
      },
    );
  decide(true);
  decide(false);

  // An application's images, for operators who review promotions: only an image that an
  // application names is served here (deposit proofs stay behind finance.read).
  app.get<{ Params: { id: string } }>(
    "/api/admin/promotions/uploads/:id",
    { preHandler: requireOperator(ctx, "marketing.read") },
    async (req, reply) => {
      const url = `${MEMBER_UPLOAD_PATH}${req.params.id}`;
      const named = /^[0-9a-f]{32,64}$/.test(req.params.id) && (await applicationNamesImage(ctx.db, url));
      const row = named ? await readMemberUpload(ctx.db, req.params.id) : undefined;
      if (!row) throw Errors.notFound("file");
      return sendPrivate(reply, row);
    },
  );

  // ---------- back office: the report per promotion ----------
  route(app, { method: "GET", url: "/api/admin/promotions/report", guards: read }, async () => ({
    list: (await promotionReportRows(ctx.db, 0, 10_000)).map(reportDto),
  }));
  route(
    app,
    { method: "GET", url: "/api/admin/promotions/report/export", guards: read },
    async ({ reply }) => {
      const out = await startCsv(reply, "promotions-report.csv", REPORT_HEADER);
      try {
        // Keyset pages of promotions, each written once the socket has taken the previous one.
        let after = 0;
        for (;;) {
          const rows = await promotionReportRows(ctx.db, after, EXPORT_PAGE);
          if (rows.length === 0) break;
          const cells = rows.map((r) => {
            const d = reportDto(r);
            return [
              d.promotionId,
              d.title,
              d.type,
              d.startsAt,
              d.endsAt,
              d.players,
              d.cost,
              d.offered,
              d.turnover,
            ];
          });
          if (!(await out.writeRows(cells))) break;
          after = Number(rows[rows.length - 1]?.id);
          if (rows.length < EXPORT_PAGE) break;
        }
      } catch (err) {
        reply.raw.destroy(err as Error);
        return;
      }
      out.end();
    },
  );
}

const EXPORT_PAGE = 200;
const REPORT_HEADER = [
  "promotion_id",
  "title",
  "type",
  "starts_at",
  "ends_at",
  "players",
  "cost",
  "offered",
  "turnover",
];

function reportDto(r: Record<string, unknown>) {
  return {
    promotionId: Number(r.id),
    title: pick(r.title as Record<string, string>, "EN"),
    type: r.type as Promotion["type"],
    startsAt: asDate(r.starts_at)?.toISOString() ?? null,
    endsAt: asDate(r.ends_at)?.toISOString() ?? null,
    players: Number(r.players),
    cost: formatMinor(BigInt(String(r.cost))),
    offered: formatMinor(BigInt(String(r.offered))),
    turnover: formatMinor(BigInt(String(r.turnover))),
  };
}

import { randomInt } from "node:crypto";
import { AGENT_RIGHTS, type AgentRights, type AgentType, isAgentType } from "@panalo/contracts/agents";
import { eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { type Executor, queryRows } from "../../db/client.ts";
import { members } from "../../db/schema/members.ts";
import type { AppContext } from "../../lib/context.ts";
import { AppError, Errors } from "../../lib/errors.ts";
import { registerMessages } from "../../lib/messages.ts";
import { hashPassword } from "../../lib/passwords.ts";
import { memberOf, requireMember } from "../members/service.ts";

registerMessages("EN", {
  AGENT_TYPE_NOT_ALLOWED: "Your account type cannot create this kind of account.",
  NOT_IN_YOUR_TEAM: "This account is not in your team.",
  MOVE_CYCLE: "A member cannot be moved under its own downline.",
  UPLINE_NOT_AGENT: "The new upline must be an active agent with the same currency.",
  IN_PLEASE_INFORMATION:
    "Agent accounts cannot use the chat. Please contact your upline or customer service.",
});
registerMessages("TY", {
  AGENT_TYPE_NOT_ALLOWED: "Hindi makakagawa ng ganitong account ang uri ng iyong account.",
  NOT_IN_YOUR_TEAM: "Wala sa iyong team ang account na ito.",
  MOVE_CYCLE: "Hindi mailipat ang member sa ilalim ng sarili nitong downline.",
  UPLINE_NOT_AGENT: "Ang bagong upline ay dapat aktibong agent na pareho ang currency.",
  IN_PLEASE_INFORMATION:
    "Hindi magagamit ng agent account ang chat. Makipag-ugnayan sa iyong upline o sa customer service.",
});

registerMessages("CN", {
  AGENT_TYPE_NOT_ALLOWED: "您的账户类型无法创建此类账户。",
  NOT_IN_YOUR_TEAM: "该账户不在您的团队中。",
  MOVE_CYCLE: "会员不能被移至其自身的下线之下。",
  UPLINE_NOT_AGENT: "新的上线必须是币种相同的有效代理。",
  IN_PLEASE_INFORMATION: "代理账户无法使用聊天功能，请联系您的上线或客服。",
});
registerMessages("VI", {
  AGENT_TYPE_NOT_ALLOWED: "Loại tài khoản của bạn không thể tạo loại tài khoản này.",
  NOT_IN_YOUR_TEAM: "Tài khoản này không thuộc đội của bạn.",
  MOVE_CYCLE: "Không thể chuyển thành viên xuống dưới tuyến dưới của chính họ.",
  UPLINE_NOT_AGENT: "Tuyến trên mới phải là đại lý đang hoạt động và cùng loại tiền tệ.",
  IN_PLEASE_INFORMATION:
    "Tài khoản đại lý không thể dùng trò chuyện. Vui lòng liên hệ tuyến trên hoặc chăm sóc khách hàng.",
});
registerMessages("TH", {
  AGENT_TYPE_NOT_ALLOWED: "ประเภทบัญชีของคุณไม่สามารถสร้างบัญชีประเภทนี้ได้",
  NOT_IN_YOUR_TEAM: "บัญชีนี้ไม่อยู่ในทีมของคุณ",
  MOVE_CYCLE: "ไม่สามารถย้ายสมาชิกไปอยู่ใต้ดาวน์ไลน์ของตนเองได้",
  UPLINE_NOT_AGENT: "อัปไลน์ใหม่ต้องเป็นเอเจนต์ที่ใช้งานอยู่และใช้สกุลเงินเดียวกัน",
  IN_PLEASE_INFORMATION: "บัญชีเอเจนต์ไม่สามารถใช้แชทได้ กรุณาติดต่ออัปไลน์ของคุณหรือฝ่ายบริการลูกค้า",
});
registerMessages("ID", {
  AGENT_TYPE_NOT_ALLOWED: "Jenis akun Anda tidak dapat membuat akun jenis ini.",
  NOT_IN_YOUR_TEAM: "Akun ini tidak ada di tim Anda.",
  MOVE_CYCLE: "Anggota tidak dapat dipindahkan ke bawah downline-nya sendiri.",
  UPLINE_NOT_AGENT: "Upline baru harus agen aktif dengan mata uang yang sama.",
  IN_PLEASE_INFORMATION:
    "Akun agen tidak dapat memakai obrolan. Silakan hubungi upline Anda atau layanan pelanggan.",
});
registerMessages("JA", {
  AGENT_TYPE_NOT_ALLOWED: "お客様のアカウント種別では、この種類のアカウントを作成できません。",
  NOT_IN_YOUR_TEAM: "このアカウントはお客様のチームに属していません。",
  MOVE_CYCLE: "会員を自身の下位ラインの配下に移動することはできません。",
  UPLINE_NOT_AGENT: "新しい上位は、同じ通貨の有効な代理店である必要があります。",
  IN_PLEASE_INFORMATION:
    "代理店アカウントはチャットをご利用いただけません。上位の代理店またはカスタマーサービスまでお問い合わせください。",
});

export interface AgentPrincipal {
  id: number;
  username: string;
  isAgent: AgentType;
  rights: AgentRights;
  currency: string;
  affiliateCode: string;
}

declare module "fastify" {
  interface FastifyRequest {
    agent?: AgentPrincipal;
  }
}

/**
 * The agent centre's permission check (spec §6): a logged-in, real, active agent account.
 * Everything else — a player, a trial account — is refused with IN_NEED_TRUE_ACCOUNT, the
 * warning the spec gives for a failed check. The agent's own row is read fresh (a type the
 * operator changed a second ago counts now), and an agent without a code gets one.
 */
export function requireAgent(ctx: AppContext): Array<(req: FastifyRequest) => Promise<void>> {
  return [
    requireMember(ctx, { realOnly: true }),
    async (req) => {
      const me = memberOf(req);
      const [m] = await ctx.db
        .select({ isAgent: members.isAgent, currency: members.currency, code: members.affiliateCode })
        .from(members)
        .where(eq(members.id, me.id));
      if (!m || !isAgentType(m.isAgent)) throw Errors.forbiddenCode("IN_NEED_TRUE_ACCOUNT");
      const affiliateCode = m.code ?? (await ensureAffiliateCode(ctx.db, me.id));
      req.agent = {
        id: me.id,
        username: me.username,
        isAgent: m.isAgent,
        rights: AGENT_RIGHTS[m.isAgent],
        currency: m.currency,
        affiliateCode,
      };
    },
  ];
}

export function agentOf(req: FastifyRequest): AgentPrincipal {
  if (!req.agent) throw Errors.unauthorized();
  return req.agent;
}

// No 0/O, 1/I/L: a code read aloud or off a screen is typed right.
const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export function newAffiliateCode(): string {
  let s = "";
  for (let i = 0; i < 8; i++) s += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return s;
}

/**
 * Give an agent its invitation code if it has none (unique, case-insensitively, by
 * members_affiliate_code_idx); a concurrent call that set one first wins and is answered.
 */
export async function ensureAffiliateCode(db: Executor, memberId: number): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const rows = await queryRows<{ code: string }>(
        db,
        sql`UPDATE members SET affiliate_code = coalesce(affiliate_code, ${newAffiliateCode()})
            WHERE id = ${memberId} RETURNING affiliate_code AS code`,
      );
      const code = rows[0]?.code;
      if (!code) throw Errors.notFound("member");
      return code;
    } catch (err) {
      if (err instanceof AppError || !isUniqueViolation(err)) throw err;
    }
  }
  throw Errors.internal();
}

export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: string; cause?: { code?: string } } | null)?.code;
  const cause = (err as { cause?: { code?: string } } | null)?.cause?.code;
  return code === "23505" || cause === "23505";
}

export function isCheckViolation(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  const cause = (err as { cause?: { code?: string } } | null)?.cause?.code;
  return code === "23514" || cause === "23514";
}

/**
 * registerCenter (spec §2 agent centre "register account"): the agent creates an account
 * directly under itself — never under another member, so no input names an upline. A downline
 * agent's type must be one the caller's type may create (AGENT_RIGHTS); a member needs
 * registersMembers. The new account's password is temporary: changed at its first login.
 */
export async function registerDownline(
  ctx: AppContext,
  agent: AgentPrincipal,
  input: { username: string; password: string; isAgent: 0 | AgentType },
): Promise<{ id: number; username: string; isAgent: number; affiliateCode: string | null }> {
  const allowed =
    input.isAgent === 0
      ? agent.rights.registersMembers
      : agent.rights.registersAgents.includes(input.isAgent);
  if (!allowed) throw Errors.forbiddenCode("AGENT_TYPE_NOT_ALLOWED");
  const username = input.username.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock.now();
  // A code collision (31^8 codes) would fail the insert rather than be taken for a taken name.
  const affiliateCode = input.isAgent === 0 ? null : newAffiliateCode();
  const [m] = await ctx.db
    .insert(members)
    .values({
      username,
      passwordHash,
      passwordChangedAt: now,
      mustChangePassword: true,
      isAgent: input.isAgent,
      uplineId: agent.id,
      currency: agent.currency,
      affiliateCode,
      createdAt: now,
    })
    .onConflictDoNothing({ target: members.username })
    .returning({ id: members.id });
  if (!m) throw Errors.conflict("USERNAME_TAKEN");
  return { id: m.id, username, isAgent: input.isAgent, affiliateCode };
}

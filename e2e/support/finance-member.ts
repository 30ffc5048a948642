// A member driven through the public API, as the player site would: registration with the
// human check, a gateway deposit through the sandbox checkout, a withdrawal and a bank-transfer
// deposit with its receipt. Test-side only.
import { createHash } from "node:crypto";
import { deflateSync } from "node:zlib";
import { type APIRequestContext, expect } from "@playwright/test";

interface Envelope<T> {
  success: boolean;
  code?: string;
  message?: string;
  value: T;
}

/** The proof of work a browser does for the human check (members/human-check.ts). */
function solve(c: { challenge: string; salt: string; maxNumber: number }): number {
  for (let n = 0; n <= c.maxNumber; n++) {
    if (createHash("sha256").update(`${c.salt}${n}`).digest("hex") === c.challenge) return n;
  }
  throw new Error("unsolvable human check");
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A small receipt-like PNG (white with grey lines), enough for the operator's viewer. */
export function receiptPng(width = 160, height = 100): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height, 255);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0; // filter: none
    if (y % 12 !== 6) continue;
    for (let x = 12; x < width - 12; x++)
      raw.fill(150, y * (width * 3 + 1) + 1 + x * 3, y * (width * 3 + 1) + 4 + x * 3);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

export class FinanceMember {
  id = 0;
  private token = "";

  constructor(
    private readonly api: APIRequestContext,
    readonly username: string,
  ) {}

  private headers() {
    return { authorization: `Bearer ${this.token}`, "x-lang": "EN" };
  }

  /** The member's bearer token, for a browser page signed in as this member. */
  get bearer(): string {
    return this.token;
  }

  private async call<T>(method: "GET" | "POST" | "PUT", url: string, data?: unknown): Promise<T> {
    const res = await this.api.fetch(url, { method, headers: this.headers(), data });
    const body = (await res.json()) as Envelope<T>;
    expect(body.success, `${method} ${url}: ${body.code} ${body.message}`).toBe(true);
    return body.value;
  }

  async register(): Promise<void> {
    const challenge = (await (await this.api.get("/wps/human-check")).json()) as Envelope<{
      challenge: string;
      salt: string;
      maxNumber: number;
      signature: string;
    }>;
    const c = challenge.value;
    const v = await this.call<{ token: string; customerId: number }>("PUT", "/wps/member/register", {
      username: this.username,
      password: "secret123",
      confirmPassword: "secret123",
      ageConfirmed: true,
      agree: true,
      humanCheck: { challenge: c.challenge, salt: c.salt, number: solve(c), signature: c.signature },
    });
    this.token = v.token;
    this.id = v.customerId;
  }

  async channels() {
    return this.call<
      Array<{
        id: number;
        code: string;
        minAmount: string;
        maxAmount: string;
        details: Record<string, string>;
      }>
    >("GET", "/wps/deposit/channels");
  }

  async channel(code: string): Promise<number> {
    const found = (await this.channels()).find((c) => c.code === code);
    if (!found) throw new Error(`no channel ${code}`);
    return found.id;
  }

  /** Pays through the sandbox gateway's checkout, which calls the platform back before answering. */
  async depositByGateway(amount: string): Promise<void> {
    const { checkoutUrl } = await this.call<{ checkoutUrl: string }>("POST", "/wps/deposits", {
      channelId: await this.channel("gcash"),
      amount,
      requestId: `e2e-gw-${Date.now()}`,
    });
    const paid = await this.api.post(`${checkoutUrl}/paid`, { maxRedirects: 0 });
    expect(paid.status()).toBe(303);
  }

  /** Real name, transaction password and a bank account in that name: what a withdrawal needs. */
  async prepareWithdrawals(realName: string): Promise<number> {
    await this.call("PUT", "/wps/member/realName", { realName });
    await this.call("PUT", "/wps/member/transactionPassword", { newTransactionPassword: "246810" });
    const account = await this.call<{ id: number }>("POST", "/wps/member/payoutAccounts", {
      kind: "bank",
      provider: "BPI",
      accountName: realName,
      accountNumber: "4455667788",
    });
    return account.id;
  }

  async withdraw(amount: string, payoutAccountId: number): Promise<number> {
    const w = await this.call<{ id: number; status: string }>("POST", "/wps/withdrawals", {
      amount,
      payoutAccountId,
      transactionPassword: "246810",
      requestId: `e2e-wd-${Date.now()}`,
    });
    expect(w.status).toBe("pending");
    return w.id;
  }

  async depositByTransfer(amount: string, reference: string): Promise<number> {
    const upload = await this.api.post("/wps/member/upload", {
      headers: this.headers(),
      multipart: { file: { name: "receipt.png", mimeType: "image/png", buffer: receiptPng() } },
    });
    const { value } = (await upload.json()) as Envelope<{ url: string }>;
    const { deposit } = await this.call<{ deposit: { id: number; status: string } }>(
      "POST",
      "/wps/deposits",
      {
        channelId: await this.channel("bdo-transfer"),
        amount,
        requestId: `e2e-bank-${Date.now()}`,
        reference,
        proofUrl: value.url,
      },
    );
    expect(deposit.status).toBe("pending");
    return deposit.id;
  }

  async balance(): Promise<{ main: string; held: string }> {
    return this.call("GET", "/wps/v2/wallets/balance");
  }

  /** The member's account record of today (Manila), newest first. */
  async accountRecord(): Promise<Array<{ type: string; reference: string | null }>> {
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const v = await this.call<{ items: Array<{ type: string; reference: string | null }> }>(
      "POST",
      "/wps/relay/ODSFE2_MemTransDet",
      { startDate: today, endDate: today, page: 1, pageSize: 50 },
    );
    return v.items;
  }
}

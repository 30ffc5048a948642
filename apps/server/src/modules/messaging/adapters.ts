import { connect as netConnect, type Socket } from "node:net";
import { type TLSSocket, connect as tlsConnect } from "node:tls";

/** One outgoing message, as every adapter receives it. */
export interface OutgoingMessage {
  channel: "sms" | "email";
  recipient: string;
  subject?: string;
  body: string;
}
export interface SendResult {
  ok: boolean;
  providerRef?: string;
  error?: string;
}
/** A way to deliver messages. The outbox records every message whichever adapter sends it. */
export interface MessageAdapter {
  readonly name: string;
  send(message: OutgoingMessage): Promise<SendResult>;
}

/**
 * Development: nothing leaves the machine. The message stays in the outbox, where the operator
 * reads it in the back office (and tests read it through the same table).
 */
export const devAdapter: MessageAdapter = {
  name: "dev",
  async send() {
    return { ok: true, providerRef: "outbox" };
  },
};

/** SMS through Semaphore (a common Philippine SMS gateway): POST /api/v4/messages. */
export function semaphoreAdapter(opts: {
  apiKey: string;
  senderName: string;
  baseUrl?: string;
  fetchImpl?: typeof fetch;
}): MessageAdapter {
  const base = opts.baseUrl ?? "https://api.semaphore.co";
  const doFetch = opts.fetchImpl ?? fetch;
  return {
    name: "semaphore",
    async send(m) {
      const form = new URLSearchParams({
        apikey: opts.apiKey,
        number: m.recipient,
        message: m.body,
        sendername: opts.senderName,
      });
      try {
        const res = await doFetch(`${base}/api/v4/messages`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: form,
          signal: AbortSignal.timeout(10_000),
        });
        const text = await res.text();
        if (!res.ok) return { ok: false, error: `HTTP ${res.status}: ${text.slice(0, 200)}` };
        const parsed = JSON.parse(text) as Array<{ message_id?: number; status?: string }>;
        const first = Array.isArray(parsed) ? parsed[0] : undefined;
        if (!first?.message_id) return { ok: false, error: text.slice(0, 200) };
        return { ok: true, providerRef: String(first.message_id) };
      } catch (err) {
        return { ok: false, error: err instanceof Error ? err.message : String(err) };
      }
    },
  };
}

/**
 * E-mail over SMTP (RFC 5321): smtps:// connects with TLS; smtp:// upgrades with STARTTLS when
 * the server offers it; AUTH PLAIN when the URL carries a user.
 */
export function smtpAdapter(opts: { url: string; from: string; heloName?: string }): MessageAdapter {
  const url = new URL(opts.url);
  const secure = url.protocol === "smtps:";
  const port = Number(url.port || (secure ? 465 : 587));
  const user = decodeURIComponent(url.username);
  const pass = decodeURIComponent(url.password);
  const fromAddress = /<([^>]+)>/.exec(opts.from)?.[1] ?? opts.from;
  return {
    name: "smtp",
    async send(m) {
      let socket: Socket | TLSSocket = secure
        ? tlsConnect({ host: url.hostname, port, servername: url.hostname })
        : netConnect({ host: url.hostname, port });
      socket.setTimeout(15_000);
      let buffer = "";
      let waiter: ((line: string) => void) | null = null;
      const onData = (chunk: Buffer) => {
        buffer += chunk.toString("utf8");
        // A reply ends with a line "NNN text" (a space after the code, not a dash).
        const lines = buffer.split("\r\n");
        for (let i = 0; i < lines.length - 1; i++) {
          const line = lines[i] ?? "";
          if (/^\d{3} /.test(line) && waiter) {
            const reply = lines.slice(0, i + 1).join("\n");
            buffer = lines.slice(i + 1).join("\r\n");
            const w = waiter;
            waiter = null;
            w(reply);
            return;
          }
        }
      };
      const reply = () =>
        new Promise<string>((resolve, reject) => {
          waiter = resolve;
          socket.once("error", reject);
          socket.once("timeout", () => reject(new Error("SMTP timeout")));
        });
      const command = async (line: string, expect: number[]) => {
        socket.write(`${line}\r\n`);
        const r = await reply();
        if (!expect.includes(Number(r.slice(0, 3)))) throw new Error(`SMTP ${line.split(" ")[0]}: ${r}`);
        return r;
      };
      try {
        socket.on("data", onData);
        const greeting = await reply();
        if (!greeting.startsWith("220")) throw new Error(`SMTP greeting: ${greeting}`);
        const helo = opts.heloName ?? "panalo.local";
        let ehlo = await command(`EHLO ${helo}`, [250]);
        if (!secure && /STARTTLS/i.test(ehlo)) {
          await command("STARTTLS", [220]);
          socket.off("data", onData);
          socket = tlsConnect({ socket, servername: url.hostname });
          socket.on("data", onData);
          ehlo = await command(`EHLO ${helo}`, [250]);
        }
        if (user) await command(`AUTH PLAIN ${Buffer.from(`\0${user}\0${pass}`).toString("base64")}`, [235]);
        await command(`MAIL FROM:<${fromAddress}>`, [250]);
        await command(`RCPT TO:<${m.recipient}>`, [250, 251]);
        await command("DATA", [354]);
        const body = m.body.replace(/\r?\n/g, "\r\n").replace(/^\./gm, "..");
        const headers = [
          `From: ${opts.from}`,
          `To: <${m.recipient}>`,
          `Subject: =?UTF-8?B?${Buffer.from(m.subject ?? "").toString("base64")}?=`,
          `Date: ${new Date().toUTCString()}`,
          "MIME-Version: 1.0",
          "Content-Type: text/plain; charset=UTF-8",
          "Content-Transfer-Encoding: 8bit",
        ].join("\r\n");
        const done = await command(`${headers}\r\n\r\n${body}\r\n.`, [250]);
        await command("QUIT", [221]).catch(() => undefined);
        return { ok: true, providerRef: done.slice(4, 80) };
      } catch (err) {
        return { ok: false, error: err instanceof Error ? err.message : String(err) };
      } finally {
        socket.destroy();
      }
    },
  };
}

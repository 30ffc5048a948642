import type { ConnectionOptions } from "node:tls";
import nodemailer from "nodemailer";

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
 * E-mail over SMTP through nodemailer: smtps:// connects with TLS; smtp:// upgrades with
 * STARTTLS when the server offers it — and insists on it before AUTH unless the relay is on this
 * machine, so a password never crosses a network in clear; AUTH (PLAIN or LOGIN, whichever the
 * server offers) when the URL carries a user. `tls` adds TLS options (a private relay's CA).
 */
export function smtpAdapter(opts: {
  url: string;
  from: string;
  heloName?: string;
  tls?: ConnectionOptions;
}): MessageAdapter {
  const url = new URL(opts.url);
  const secure = url.protocol === "smtps:";
  const user = decodeURIComponent(url.username);
  const pass = decodeURIComponent(url.password);
  const loopback = ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
  const transport = nodemailer.createTransport({
    host: url.hostname.replace(/^\[|\]$/g, ""),
    port: Number(url.port || (secure ? 465 : 587)),
    secure,
    requireTLS: !secure && Boolean(user) && !loopback,
    auth: user ? { user, pass } : undefined,
    name: opts.heloName ?? "panalo.local",
    tls: opts.tls,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 15_000,
  });
  return {
    name: "smtp",
    async send(m) {
      try {
        const info = await transport.sendMail({
          from: opts.from,
          to: m.recipient,
          subject: m.subject ?? "",
          text: m.body,
        });
        // The server's "250 2.0.0 queued as …" names the message in its logs.
        return { ok: true, providerRef: String(info.response ?? info.messageId).slice(4, 80) };
      } catch (err) {
        return { ok: false, error: err instanceof Error ? err.message : String(err) };
      }
    },
  };
}

import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import { type AddressInfo, createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TLSSocket } from "node:tls";
import { afterAll, describe, expect, it } from "vitest";
import { semaphoreAdapter, smtpAdapter } from "./adapters.ts";

/** Whether the openssl tool is here to make a test certificate (Debian ships it). */
const hasOpenssl = (() => {
  try {
    execFileSync("openssl", ["version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

/** A self-signed certificate for 127.0.0.1, made with the openssl tool for this run. */
function selfSigned(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), "smtp-tls-"));
  try {
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=127.0.0.1",
        "-addext",
        "subjectAltName=IP:127.0.0.1",
        "-keyout",
        join(dir, "key.pem"),
        "-out",
        join(dir, "cert.pem"),
      ],
      { stdio: "ignore" },
    );
    return {
      key: readFileSync(join(dir, "key.pem"), "utf8"),
      cert: readFileSync(join(dir, "cert.pem"), "utf8"),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A small SMTP server speaking the real protocol on a local port, recording what it receives;
 * with `tls` it offers STARTTLS and records whether AUTH and the message came over TLS.
 */
function smtpServer(tls?: { key: string; cert: string }) {
  const received: { from?: string; to?: string; data?: string; auth?: string; authOverTls?: boolean } = {};
  const server = createServer((plain) => {
    let inData = false;
    let data = "";
    let socket: Socket = plain;
    socket.write("220 test ESMTP\r\n");
    const onData = (chunk: Buffer) => {
      for (const line of chunk.toString().split("\r\n")) {
        if (inData) {
          if (line === ".") {
            inData = false;
            received.data = data;
            socket.write("250 2.0.0 queued as ABC123\r\n");
          } else data += `${line}\n`;
          continue;
        }
        if (!line) continue;
        const secured = socket instanceof TLSSocket;
        if (line.startsWith("EHLO")) {
          socket.write(
            tls && !secured
              ? "250-test\r\n250-STARTTLS\r\n250 AUTH PLAIN\r\n"
              : "250-test\r\n250 AUTH PLAIN\r\n",
          );
        } else if (line === "STARTTLS" && tls) {
          socket.write("220 go ahead\r\n");
          socket.off("data", onData);
          socket = new TLSSocket(plain, { isServer: true, key: tls.key, cert: tls.cert });
          socket.on("data", onData);
          return;
        } else if (line.startsWith("AUTH PLAIN")) {
          received.auth = Buffer.from(line.slice(11), "base64").toString();
          received.authOverTls = secured;
          socket.write("235 ok\r\n");
        } else if (line.startsWith("MAIL FROM")) {
          received.from = line;
          socket.write("250 ok\r\n");
        } else if (line.startsWith("RCPT TO")) {
          received.to = line;
          socket.write("250 ok\r\n");
        } else if (line === "DATA") {
          inData = true;
          socket.write("354 go\r\n");
        } else if (line === "QUIT") {
          socket.write("221 bye\r\n");
          socket.end();
        }
      }
    };
    socket.on("data", onData);
  });
  return { server, received };
}

describe("message adapters", () => {
  const closers: Array<() => void> = [];
  afterAll(() => {
    for (const c of closers) c();
  });

  it("sends e-mail over SMTP with AUTH PLAIN", async () => {
    const { server, received } = smtpServer();
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    closers.push(() => server.close());
    const port = (server.address() as AddressInfo).port;
    const adapter = smtpAdapter({
      url: `smtp://mailer:p%40ss@127.0.0.1:${port}`,
      from: "Panalo <no-reply@panalo.ph>",
    });
    const result = await adapter.send({
      channel: "email",
      recipient: "juan@example.ph",
      subject: "Hello",
      body: "Line one\n.dot line",
    });
    expect(result).toMatchObject({ ok: true });
    expect(received.auth).toBe("\0mailer\0p@ss");
    expect(received.from).toBe("MAIL FROM:<no-reply@panalo.ph>");
    expect(received.to).toBe("RCPT TO:<juan@example.ph>");
    expect(received.data).toContain("Line one");
    expect(received.data).toContain("..dot line"); // dot-stuffed
  });

  // Needs the openssl tool to make a certificate; without it the STARTTLS check cannot run.
  it.skipIf(!hasOpenssl)("upgrades to TLS with STARTTLS before AUTH when the server offers it", async () => {
    const cert = selfSigned();
    const { server, received } = smtpServer(cert);
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    closers.push(() => server.close());
    const port = (server.address() as AddressInfo).port;
    const adapter = smtpAdapter({
      url: `smtp://mailer:secret@127.0.0.1:${port}`,
      from: "no-reply@panalo.ph",
      tls: { ca: cert.cert },
    });
    const result = await adapter.send({
      channel: "email",
      recipient: "ana@example.ph",
      subject: "Code",
      body: "123456",
    });
    expect(result).toMatchObject({ ok: true });
    expect(received.authOverTls).toBe(true);
    expect(received.auth).toBe("\0mailer\0secret");
    expect(received.data).toContain("123456");
    // A server whose certificate is not trusted is refused: nothing is sent.
    const untrusting = smtpAdapter({
      url: `smtp://mailer:secret@127.0.0.1:${port}`,
      from: "no-reply@panalo.ph",
    });
    const refused = await untrusting.send({ channel: "email", recipient: "ana@example.ph", body: "654321" });
    expect(refused.ok).toBe(false);
    expect(received.data).not.toContain("654321");
  });

  it("reports a refused SMTP connection as a failed send", async () => {
    const adapter = smtpAdapter({ url: "smtp://127.0.0.1:1", from: "x@y.z" });
    const result = await adapter.send({ channel: "email", recipient: "a@b.c", body: "x" });
    expect(result.ok).toBe(false);
  });

  it("sends SMS through Semaphore's HTTP API", async () => {
    let body = "";
    const server = createHttpServer((req, res) => {
      req.on("data", (c) => {
        body += c;
      });
      req.on("end", () => {
        res.setHeader("content-type", "application/json");
        res.end(
          req.url === "/api/v4/messages" ? JSON.stringify([{ message_id: 987, status: "Pending" }]) : "[]",
        );
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    closers.push(() => server.close());
    const port = (server.address() as AddressInfo).port;
    const adapter = semaphoreAdapter({
      apiKey: "key-1",
      senderName: "PANALO",
      baseUrl: `http://127.0.0.1:${port}`,
    });
    const result = await adapter.send({ channel: "sms", recipient: "639171234567", body: "code 123456" });
    expect(result).toEqual({ ok: true, providerRef: "987" });
    const form = new URLSearchParams(body);
    expect(form.get("apikey")).toBe("key-1");
    expect(form.get("number")).toBe("639171234567");
    expect(form.get("sendername")).toBe("PANALO");
  });
});

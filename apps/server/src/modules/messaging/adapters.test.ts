import { createServer as createHttpServer } from "node:http";
import { type AddressInfo, createServer } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { semaphoreAdapter, smtpAdapter } from "./adapters.ts";

/** A small SMTP server speaking the real protocol on a local port, recording what it receives. */
function smtpServer() {
  const received: { from?: string; to?: string; data?: string; auth?: string } = {};
  const server = createServer((socket) => {
    let inData = false;
    let data = "";
    socket.write("220 test ESMTP\r\n");
    socket.on("data", (chunk) => {
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
        if (line.startsWith("EHLO")) socket.write("250-test\r\n250 AUTH PLAIN\r\n");
        else if (line.startsWith("AUTH PLAIN")) {
          received.auth = Buffer.from(line.slice(11), "base64").toString();
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
    });
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

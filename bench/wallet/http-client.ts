// A minimal HTTP/1.1 client for the benchmark: one kept-alive socket per caller, one request at a
// time on it, the answer read by its content-length. node:http spends more CPU per call than the
// server does on the whole operation, and client and server share this machine's two cores, so
// the general-purpose client would measure itself. Handles only what the platform answers
// (content-length bodies, no chunking); anything else is an error, never a silent pass.
import net from "node:net";

export interface RawAnswer {
  status: number;
  body: string;
}

export class RawHttpConnection {
  private socket: net.Socket;
  private buffer: Buffer = Buffer.alloc(0);
  private waiting: { resolve: (a: RawAnswer) => void; reject: (e: Error) => void } | null = null;
  private readonly ready: Promise<void>;

  constructor(
    private readonly host: string,
    private readonly port: number,
  ) {
    this.socket = net.connect({ host, port, noDelay: true });
    this.ready = new Promise((resolve, reject) => {
      this.socket.once("connect", () => resolve());
      this.socket.once("error", reject);
    });
    this.socket.on("data", (chunk: Buffer) => {
      this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
      this.tryAnswer();
    });
    this.socket.on("error", (err) => this.fail(err));
    this.socket.on("close", () => this.fail(new Error("connection closed")));
  }

  private fail(err: Error) {
    const w = this.waiting;
    this.waiting = null;
    w?.reject(err);
  }

  private tryAnswer() {
    if (!this.waiting) return;
    const end = this.buffer.indexOf("\r\n\r\n");
    if (end < 0) return;
    const head = this.buffer.subarray(0, end).toString("latin1");
    const status = Number(head.slice(9, 12));
    const m = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    if (!m) return this.fail(new Error(`answer without content-length: ${head.split("\r\n")[0]}`));
    const length = Number(m[1]);
    if (this.buffer.length < end + 4 + length) return;
    const body = this.buffer.subarray(end + 4, end + 4 + length).toString("utf8");
    this.buffer = this.buffer.subarray(end + 4 + length);
    const w = this.waiting;
    this.waiting = null;
    w.resolve({ status, body });
  }

  async post(path: string, body: string, headers: Record<string, string>): Promise<RawAnswer> {
    await this.ready;
    if (this.waiting) throw new Error("one request at a time per connection");
    let head = `POST ${path} HTTP/1.1\r\nhost: ${this.host}:${this.port}\r\nconnection: keep-alive\r\n`;
    for (const [k, v] of Object.entries(headers)) head += `${k}: ${v}\r\n`;
    head += `content-length: ${Buffer.byteLength(body)}\r\n\r\n`;
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(head + body);
    });
  }

  close() {
    this.socket.removeAllListeners("close");
    this.socket.end();
  }
}

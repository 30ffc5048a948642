import net from "node:net";

/**
 * A proxy in front of the real Redis that can stop passing the client's bytes on (they are held,
 * as a hung server or a partition would hold them) and later pass them on again.
 */
export async function pausableProxy(target: URL) {
  let paused = false;
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket; held: Buffer[] }>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    const pair = { client, upstream, held: [] as Buffer[] };
    pairs.add(pair);
    client.on("data", (d: Buffer) => (paused ? pair.held.push(d) : upstream.write(d)));
    upstream.on("data", (d: Buffer) => client.write(d));
    const end = () => {
      client.destroy();
      upstream.destroy();
      pairs.delete(pair);
    };
    client.on("error", end).on("close", end);
    upstream.on("error", end).on("close", end);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    pause: () => {
      paused = true;
    },
    resume: () => {
      paused = false;
      for (const p of pairs) for (const d of p.held.splice(0)) p.upstream.write(d);
    },
    close: async () => {
      for (const p of pairs) {
        p.client.destroy();
        p.upstream.destroy();
      }
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

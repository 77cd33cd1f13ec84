/**
 * A TCP proxy between Sextant and a PostgreSQL server that the faults tests control: `cut` drops every
 * connection and refuses new ones (the database is gone), `freeze` stops forwarding bytes both ways while
 * keeping the sockets open (a frozen server, SIGSTOP-like), `restore` undoes either. The machine's shared
 * PostgreSQL is never stopped or frozen itself.
 */
import net from "node:net";

type Pair = { client: net.Socket; upstream: net.Socket };

export class TcpProxy {
  private readonly pairs = new Set<Pair>();
  private mode: "open" | "cut" | "frozen" = "open";
  private cutAt: number | undefined;
  /** Bytes forwarded from Sextant to PostgreSQL (queries, COPY data). */
  bytesUp = 0;

  private constructor(
    private readonly server: net.Server,
    readonly port: number,
  ) {}

  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const proxy = new TcpProxy(server, (server.address() as net.AddressInfo).port);
    server.on("connection", (client) => proxy.accept(client, target));
    return proxy;
  }

  private accept(client: net.Socket, target: { host: string; port: number }): void {
    client.on("error", () => {});
    if (this.mode === "cut") {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    upstream.on("error", () => client.destroy());
    const pair = { client, upstream };
    this.pairs.add(pair);
    const drop = () => {
      this.pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on("close", drop);
    upstream.on("close", drop);
    client.on("data", (chunk) => {
      this.bytesUp += chunk.length;
      upstream.write(chunk);
      if (this.cutAt !== undefined && this.bytesUp >= this.cutAt) {
        this.cutAt = undefined;
        this.cut();
      }
    });
    upstream.on("data", (chunk) => client.write(chunk));
    if (this.mode === "frozen") {
      client.pause();
      upstream.pause();
    }
  }

  /** Cuts once `bytes` more bytes have gone up to PostgreSQL (mid-COPY of a large upload). */
  cutAfter(bytes: number): void {
    this.cutAt = this.bytesUp + bytes;
  }

  get isCut(): boolean {
    return this.mode === "cut";
  }

  cut(): void {
    this.mode = "cut";
    for (const pair of this.pairs) {
      pair.client.destroy();
      pair.upstream.destroy();
    }
  }

  freeze(): void {
    this.mode = "frozen";
    for (const { client, upstream } of this.pairs) {
      client.pause();
      upstream.pause();
    }
  }

  restore(): void {
    this.mode = "open";
    for (const { client, upstream } of this.pairs) {
      client.resume();
      upstream.resume();
    }
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

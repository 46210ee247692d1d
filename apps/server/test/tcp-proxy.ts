import net from 'node:net';

type Pair = { client: net.Socket; upstream?: net.Socket };

/**
 * A TCP proxy in front of a database server, for fault tests: it forwards, refuses connections (the
 * port closed, open connections reset), or drops them silently (open connections stop carrying bytes
 * and never end, new ones are accepted and never answered), as a lost network path does.
 */
export class TcpProxy {
  private server = net.createServer((client) => this.accept(client));
  private pairs = new Set<Pair>();
  private mode: 'forward' | 'silent' = 'forward';
  port = 0;

  private constructor(private readonly target: { host: string; port: number }) {}

  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    const proxy = new TcpProxy(target);
    await proxy.listen();
    return proxy;
  }

  /** The URL of the same database, through the proxy. */
  urlFor(databaseUrl: string): string {
    const url = new URL(databaseUrl);
    url.hostname = '127.0.0.1';
    url.port = String(this.port);
    return url.toString();
  }

  private listen(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.port, '127.0.0.1', () => {
        this.port = (this.server.address() as net.AddressInfo).port;
        resolve();
      });
    });
  }

  private accept(client: net.Socket): void {
    const pair: Pair = { client };
    this.pairs.add(pair);
    client.on('error', () => {});
    client.on('close', () => {
      pair.upstream?.destroy();
      this.pairs.delete(pair);
    });
    if (this.mode === 'silent') return;
    const upstream = net.connect(this.target.port, this.target.host);
    pair.upstream = upstream;
    upstream.on('error', () => {});
    upstream.on('close', () => {
      if (pair.upstream === upstream) client.destroy();
    });
    client.pipe(upstream);
    upstream.pipe(client);
  }

  /** Connections refused: the port is closed and every open connection is reset. */
  async refuse(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const pair of this.pairs) {
      pair.client.resetAndDestroy();
      pair.upstream?.destroy();
    }
    await closed;
    this.server = net.createServer((client) => this.accept(client));
  }

  /**
   * Connections dropped silently: nothing more reaches either side and nothing tells the client; the
   * database server sees its connections end (its sessions and locks go away, as after a timeout).
   */
  dropSilently(): void {
    this.mode = 'silent';
    for (const pair of this.pairs) this.silence(pair);
  }

  private silence(pair: Pair): void {
    const upstream = pair.upstream;
    if (!upstream) return;
    pair.upstream = undefined;
    pair.client.unpipe(upstream);
    upstream.unpipe(pair.client);
    pair.client.pause();
    upstream.destroy();
  }

  /** Forwarding again, for new connections; a silently dropped one stays dead, as it would. */
  async restore(): Promise<void> {
    this.mode = 'forward';
    if (!this.server.listening) await this.listen();
  }

  async close(): Promise<void> {
    for (const pair of this.pairs) {
      pair.client.destroy();
      pair.upstream?.destroy();
    }
    if (this.server.listening) await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

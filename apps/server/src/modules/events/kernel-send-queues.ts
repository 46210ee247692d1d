import { readFileSync, readlinkSync } from 'node:fs';
import type { Socket } from 'node:net';

/**
 * One reading of the kernel's tables serves every stream checked within this long after it ended. A
 * reading walks the kernel's whole connection table on the thread that answers every request, 5–30 ms
 * on a machine with a large table whatever its connections: counted from its start, a slow reading was
 * stale before it ended, and a hundred streams behind cost a hundred readings a pass, seconds in a row.
 */
const READING_LIFETIME_MS = 20;
const TABLES = ['/proc/net/tcp', '/proc/net/tcp6'];

/** The tables' text, one string per table found. */
function readTables(): string[] {
  const texts: string[] = [];
  for (const table of TABLES) {
    try {
      texts.push(readFileSync(table, 'latin1'));
    } catch {
      // not on this system
    }
  }
  return texts;
}

/**
 * What the kernel still holds of each socket's sent bytes, unacknowledged by the peer (Linux's
 * `tx_queue`, `write_seq - snd_una`). Node tells only what waits in the process, and the kernel's send
 * buffer grows to megabytes before a client that stopped reading makes anything wait there; Node cannot
 * shrink that buffer (no SO_SNDBUF on a TCP socket), so the stream reads the kernel's own figure. Where
 * the system does not tell (not Linux, no /proc), nothing is known here and the process's figure is all.
 */
export class KernelSendQueues {
  private readings = new Map<string, number>();
  /** When the last reading started: bytes written before it are in its figures. */
  private readAt = Number.NEGATIVE_INFINITY;
  /** When it ended: it serves for READING_LIFETIME_MS after. */
  private readDoneAt = Number.NEGATIVE_INFINITY;

  /** `read` and `now` stand in for the kernel's tables and the clock in tests. */
  constructor(
    private readonly read: () => string[] = readTables,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The socket's inode, which names it in the kernel's tables; undefined where it cannot be known. */
  inodeOf(socket: Socket): string | undefined {
    if (process.platform !== 'linux') return undefined;
    const fd = (socket as unknown as { _handle?: { fd?: number } })._handle?.fd;
    if (typeof fd !== 'number' || fd < 0) return undefined;
    try {
      return /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/self/fd/${fd}`))?.[1];
    } catch {
      return undefined;
    }
  }

  /**
   * Bytes sent on the socket and not yet acknowledged by the peer, read after `writtenAt` (the time of
   * the socket's last write: an older reading would count its bytes as acknowledged); undefined when
   * the kernel does not say.
   */
  unacknowledged(inode: string, writtenAt: number): number | undefined {
    const now = this.now();
    if (this.readAt <= writtenAt || now - this.readDoneAt >= READING_LIFETIME_MS) this.refresh(now);
    return this.readings.get(inode);
  }

  private refresh(startedAt: number): void {
    const readings = new Map<string, number>();
    for (const text of this.read()) {
      // "sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode …"
      for (const line of text.split('\n').slice(1)) {
        const fields = line.trim().split(/\s+/);
        if (fields.length < 10) continue;
        readings.set(fields[9]!, Number.parseInt(fields[4]!.split(':')[0]!, 16));
      }
    }
    this.readings = readings;
    this.readAt = startedAt;
    this.readDoneAt = this.now();
  }
}

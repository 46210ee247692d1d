import { readFileSync, readlinkSync } from 'node:fs';
import { isIPv6, type Socket } from 'node:net';

/**
 * One reading of a kernel table serves every stream checked within this long after it ended. A reading
 * walks the kernel's whole connection table on the thread that answers every request, 5–30 ms on a
 * machine with a large table whatever its connections: counted from its start, a slow reading was stale
 * before it ended, and a hundred streams behind cost a hundred readings a pass, seconds in a row
 * (docs/decisions/0169-heavy-reads-measured-by-the-event-loop.md).
 */
const READING_LIFETIME_MS = 20;

/**
 * The table that lists a socket: IPv4 connections of an IPv4 listener are in `/proc/net/tcp`, the
 * others (IPv4-mapped ones of a dual-stack listener included) in `/proc/net/tcp6`. Only the tables of
 * the streams' sockets are read.
 */
export type KernelTable = 'tcp' | 'tcp6';
/** A socket as the kernel's tables name it. */
export type KernelSocket = { table: KernelTable; inode: string };

type Reading = { bytes: Map<string, number>; readAt: number; readDoneAt: number };

/** A table's text, undefined where the system has none. */
function readTable(table: KernelTable): string | undefined {
  try {
    return readFileSync(`/proc/net/${table}`, 'latin1');
  } catch {
    return undefined;
  }
}

/**
 * What the kernel still holds of each socket's sent bytes, unacknowledged by the peer (Linux's
 * `tx_queue`, `write_seq - snd_una`). Node tells only what waits in the process, and the kernel's send
 * buffer grows to megabytes before a client that stopped reading makes anything wait there; Node cannot
 * shrink that buffer (no SO_SNDBUF on a TCP socket), so the stream reads the kernel's own figure. Where
 * the system does not tell (not Linux, no /proc), nothing is known here and the process's figure is all.
 */
export class KernelSendQueues {
  private readonly readings = new Map<KernelTable, Reading>();

  /** `read` and `now` stand in for the kernel's tables and the clock in tests. */
  constructor(
    private readonly read: (table: KernelTable) => string | undefined = readTable,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The socket as the kernel's tables name it; undefined where it cannot be known. */
  kernelSocketOf(socket: Socket): KernelSocket | undefined {
    if (process.platform !== 'linux') return undefined;
    const fd = (socket as unknown as { _handle?: { fd?: number } })._handle?.fd;
    if (typeof fd !== 'number' || fd < 0) return undefined;
    try {
      const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/self/fd/${fd}`))?.[1];
      const table = isIPv6(socket.localAddress ?? '') ? 'tcp6' : 'tcp';
      return inode === undefined ? undefined : { table, inode };
    } catch {
      return undefined;
    }
  }

  /**
   * Bytes sent on the socket and not yet acknowledged by the peer, read after `writtenAt` (the time of
   * the socket's last write: an older reading would count its bytes as acknowledged); undefined when
   * the kernel does not say.
   */
  unacknowledged({ table, inode }: KernelSocket, writtenAt: number): number | undefined {
    const now = this.now();
    let reading = this.readings.get(table);
    if (!reading || reading.readAt <= writtenAt || now - reading.readDoneAt >= READING_LIFETIME_MS) {
      reading = this.refresh(table, now);
    }
    return reading.bytes.get(inode);
  }

  private refresh(table: KernelTable, readAt: number): Reading {
    const bytes = new Map<string, number>();
    // "sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode …"
    for (const line of (this.read(table) ?? '').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 10) continue;
      bytes.set(fields[9]!, Number.parseInt(fields[4]!.split(':')[0]!, 16));
    }
    const reading = { bytes, readAt, readDoneAt: this.now() };
    this.readings.set(table, reading);
    return reading;
  }
}

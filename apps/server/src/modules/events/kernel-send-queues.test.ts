import { describe, expect, it } from 'vitest';
import { KernelSendQueues, type KernelSocket, type KernelTable } from './kernel-send-queues.ts';

/**
 * The kernel's send queues are read on the thread that answers every request, and one reading walks
 * the whole connection table (tens of milliseconds on a busy machine): a hundred streams that stopped
 * reading must not cost a hundred readings a pass (docs/decisions/0147-live-streams-bounded-by-the-socket.md).
 */

const HEADER =
  '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode';
const row = (inode: number, txQueue: number) =>
  `   0: 0100007F:1F90 0100007F:C350 01 ${txQueue.toString(16).padStart(8, '0')}:00000000 00:00000000 00000000  1000        0 ${inode} 1 0000000000000000 20 4 30 10 -1`;

/**
 * A kernel whose tables list `sockets` (inode → unacknowledged bytes; IPv4 ones in `tcp`, the others in
 * `tcp6`) and take `readingMs` each to read.
 */
function slowKernel(sockets: Map<number, number>, readingMs: number, tcp6 = new Map<number, number>()) {
  const clock = { now: 1_000, readings: [] as KernelTable[] };
  const queues = new KernelSendQueues(
    (table) => {
      clock.readings.push(table);
      clock.now += readingMs;
      const listed = table === 'tcp' ? sockets : tcp6;
      return [HEADER, ...[...listed].map(([inode, bytes]) => row(inode, bytes))].join('\n');
    },
    () => clock.now,
  );
  return { clock, queues };
}

const tcp = (inode: number): KernelSocket => ({ table: 'tcp', inode: String(inode) });

describe('the kernel send queues', () => {
  it('serves a hundred sockets from one reading slower than its lifetime, and reads again for a socket written since', () => {
    const sockets = new Map(Array.from({ length: 100 }, (_, n) => [5000 + n, 1000 * n] as const));
    const { clock, queues } = slowKernel(sockets, 30);
    const writtenAt = clock.now - 1;
    for (const [inode, bytes] of sockets) expect(queues.unacknowledged(tcp(inode), writtenAt)).toBe(bytes);
    expect(clock.readings).toEqual(['tcp']);

    // A socket written after the reading started: its last bytes may not be in it.
    clock.now += 5;
    sockets.set(5001, 42);
    expect(queues.unacknowledged(tcp(5001), clock.now - 1)).toBe(42);
    expect(clock.readings).toHaveLength(2);
    // Past the lifetime, one more reading.
    clock.now += 20;
    expect(queues.unacknowledged(tcp(5002), 0)).toBe(2000);
    expect(queues.unacknowledged(tcp(5003), 0)).toBe(3000);
    expect(clock.readings).toHaveLength(3);
    expect(queues.unacknowledged(tcp(8), 0)).toBeUndefined();
  });

  it('reads only the table of the sockets asked about', () => {
    const { clock, queues } = slowKernel(new Map([[1, 10]]), 1, new Map([[2, 20]]));
    expect(queues.unacknowledged({ table: 'tcp6', inode: '2' }, 0)).toBe(20);
    expect(queues.unacknowledged({ table: 'tcp6', inode: '1' }, 0)).toBeUndefined();
    expect(clock.readings).toEqual(['tcp6']);
    expect(queues.unacknowledged(tcp(1), 0)).toBe(10);
    expect(clock.readings).toEqual(['tcp6', 'tcp']);
  });
});

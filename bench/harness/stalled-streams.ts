/**
 * Event streams whose clients stop reading (decision 147), and what the kernel tells of them: whether
 * the server has let go of each one and how much memory TCP buffers hold. A client that does not read
 * hears nothing of its stream's end (Node reports neither a FIN nor a reset on a paused socket), but its
 * kernel does: the connection is no longer established. Linux only (/proc/net).
 */
import { readFileSync } from 'node:fs';
import net from 'node:net';

/** The kernel's memory for TCP buffers, in MB (Linux: /proc/net/sockstat counts pages). */
export function tcpMemoryMb(): number {
  try {
    const pages = /TCP:.* mem (\d+)/.exec(readFileSync('/proc/net/sockstat', 'utf8'))?.[1];
    return Math.round((Number(pages) * 4096) / 1024 / 1024);
  } catch {
    return Number.NaN;
  }
}

/** Local ports of this machine's established TCP connections. */
function establishedPorts(): Set<number> {
  const established = new Set<number>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(table, 'latin1');
    } catch {
      continue;
    }
    // "sl local_address rem_address st …": state 01 is ESTABLISHED.
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields[3] === '01') established.add(Number.parseInt(fields[1]!.split(':')[1]!, 16));
    }
  }
  return established;
}

/** The client sockets whose connection the server has ended or reset. */
export function endedSockets(sockets: readonly net.Socket[]): net.Socket[] {
  const established = establishedPorts();
  return sockets.filter((socket) => !established.has(socket.localPort!));
}

/**
 * A stream (`GET /api/events`) on a plain socket that reads its opening (up to the first `resync`) and
 * then stops reading: what the server writes piles up in the kernel's buffers. Rejects when the server
 * answers anything else first.
 */
export function openStalledStream(url: string, token: string): Promise<net.Socket> {
  const { hostname, port } = new URL(url);
  if (hostname !== '127.0.0.1') throw new Error('loopback only');
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let text = '';
    socket.on('error', () => {});
    socket.once('close', () => reject(new Error(`the stream did not open: ${text.slice(0, 200)}`)));
    socket.write(`GET /api/events HTTP/1.1\r\nHost: ${hostname}\r\nauth-token: ${token}\r\n\r\n`);
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      if (!text.includes('event: resync')) return;
      socket.off('data', onData);
      socket.pause();
      resolve(socket);
    };
    socket.on('data', onData);
  });
}

/**
 * Resumes each socket and counts those that end or break within `withinMs`: the client's own view of
 * a cut, which a paused socket cannot have.
 */
export async function endOnResume(sockets: readonly net.Socket[], withinMs = 1_000): Promise<number> {
  const ended = await Promise.all(
    sockets.map(
      (socket) =>
        new Promise<boolean>((resolve) => {
          if (socket.destroyed) return resolve(true);
          const timer = setTimeout(() => resolve(false), withinMs);
          socket.once('close', () => {
            clearTimeout(timer);
            resolve(true);
          });
          socket.on('data', () => {});
          socket.resume();
        }),
    ),
  );
  return ended.filter(Boolean).length;
}

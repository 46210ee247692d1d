import type { ServerResponse } from 'node:http';
import type { KernelSendQueues } from './kernel-send-queues.ts';
import type { StreamSink } from './live-hub.ts';

/** A cut stream's socket is given this long to flush its `retry` hint before it is destroyed. */
const CUT_GRACE_MS = 1_000;

/**
 * The HTTP answer as a stream's sink, written raw (past the compression and the answer serializer).
 * What the client has not acknowledged is what waits in the process (`writableLength`: bytes whose
 * write has not completed) plus what the kernel holds unacknowledged. Between two readings of the
 * kernel, every byte written since counts as unacknowledged, so the figure never falls short.
 */
export function socketSink(raw: ServerResponse, queues: KernelSendQueues): StreamSink {
  const socket = raw.socket;
  const kernelSocket = socket ? queues.kernelSocketOf(socket) : undefined;
  let written = 0;
  let writtenAt = 0;
  let acknowledged = 0;
  return {
    write(chunk) {
      written += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength;
      writtenAt = performance.now();
      raw.write(chunk);
    },
    unacknowledged(fresh) {
      const waiting = raw.writableLength;
      if (kernelSocket === undefined) return waiting;
      if (fresh) {
        const inKernel = queues.unacknowledged(kernelSocket, writtenAt);
        if (inKernel !== undefined) acknowledged = Math.max(acknowledged, written - waiting - inKernel);
      }
      return Math.max(waiting, written - acknowledged);
    },
    close(abrupt) {
      raw.end();
      // A client that stopped reading never takes the end. Its connection, which the answer's end would
      // keep for another request, is reset: a plain close would leave the kernel holding the unsent
      // bytes of an orphaned socket until its timeouts give up.
      if (abrupt && socket)
        setTimeout(() => {
          if (!socket.destroyed) socket.resetAndDestroy();
        }, CUT_GRACE_MS).unref();
    },
  };
}

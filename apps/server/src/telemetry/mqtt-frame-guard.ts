import { Duplex, Transform, type TransformCallback } from 'node:stream';

/**
 * Bounds the size of every MQTT packet a connection sends before the broker parses it (ADR 016).
 * aedes would otherwise buffer a packet of any announced length (up to 256 MB) before any hook
 * sees it. The guard reads only the fixed headers (type byte and the remaining length, 1–4 bytes),
 * skips the bodies, and passes the bytes through untouched; a packet longer than `maxBytes`
 * (header included) ends the connection at once, before its body is read.
 */
export class MqttFrameGuard extends Transform {
  /** Bytes of the current packet still to pass (0: a fixed header comes next). */
  private bodyLeft = 0;
  /** Inside a fixed header: after its type byte, the remaining-length bytes read so far. */
  private inHeader = false;
  private lengthBytes = 0;
  private length = 0;
  private multiplier = 1;

  constructor(
    private readonly maxBytes: number,
    private readonly onTooLarge: (announced: number) => void,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    let i = 0;
    while (i < chunk.length) {
      if (this.bodyLeft > 0) {
        const skip = Math.min(this.bodyLeft, chunk.length - i);
        this.bodyLeft -= skip;
        i += skip;
        continue;
      }
      const byte = chunk[i++]!;
      if (!this.inHeader) {
        this.inHeader = true;
        this.lengthBytes = 0;
        this.length = 0;
        this.multiplier = 1;
        continue;
      }
      this.length += (byte & 0x7f) * this.multiplier;
      this.multiplier *= 128;
      this.lengthBytes++;
      if (byte & 0x80) {
        // The protocol's limit: four length bytes. A fifth is malformed; aedes would refuse it too.
        if (this.lengthBytes < 4) continue;
        this.length = Number.MAX_SAFE_INTEGER;
      }
      this.inHeader = false;
      const total = 1 + this.lengthBytes + this.length;
      if (total > this.maxBytes) {
        this.onTooLarge(total);
        callback(new Error(`MQTT packet of ${total} bytes is over the limit of ${this.maxBytes}`));
        return;
      }
      this.bodyLeft = this.length;
    }
    callback(null, chunk);
  }
}

/**
 * The connection as the broker should see it: what the device sends goes through the guard,
 * what the broker writes goes straight to the socket. Destroying either side ends both.
 */
export function guardConnection(socket: Duplex, maxBytes: number, onTooLarge: (announced: number) => void): Duplex {
  const guard = new MqttFrameGuard(maxBytes, onTooLarge);
  socket.pipe(guard);
  const conn = Duplex.from({ readable: guard, writable: socket });
  const end = () => {
    if (!socket.destroyed) socket.destroy();
    if (!conn.destroyed) conn.destroy();
  };
  guard.on('error', end);
  socket.on('error', end);
  socket.on('close', end);
  conn.on('close', end);
  // aedes reads the remote address of the connection it is given.
  Object.defineProperty(conn, 'remoteAddress', { get: () => (socket as { remoteAddress?: string }).remoteAddress });
  return conn;
}

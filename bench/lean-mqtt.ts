// A device's MQTT 3.1.1 connection for the benches' fleet (bench/load-generator.ts), as lean as a
// client can be: it CONNECTs (with a username and password when given), PUBLISHes at QoS 0 or 1
// and reads CONNACK, PUBACK and PINGRESP; nothing else (no subscriptions, no session store, no
// reconnect). A thousand mqtt.js clients in one process cost 2–7 µs of CPU a point published,
// on the two cores the ingest and the database under test share; this costs a fraction of it, so
// the benches measure the portal rather than their own fleet (ADR 008, "A leaner fleet").
// Real MQTT all the same: every packet goes over its own TCP connection to the broker under test.
import { connect as tcpConnect, type Socket } from 'node:net';

export interface LeanOptions {
  clientId: string;
  username?: string;
  password?: string;
  /** Seconds; the fleet's keepAlive() sends PINGREQ to devices quiet for half of it. */
  keepalive: number;
  connectTimeoutMs: number;
}

const PINGREQ = Buffer.from([0xc0, 0x00]);
const DISCONNECT = Buffer.from([0xe0, 0x00]);

function remainingLength(n: number): number[] {
  const bytes: number[] = [];
  do {
    let byte = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) byte |= 0x80;
    bytes.push(byte);
  } while (n > 0);
  return bytes;
}

function utf8Field(value: string): Buffer {
  const text = Buffer.from(value, 'utf8');
  const field = Buffer.allocUnsafe(2 + text.length);
  field.writeUInt16BE(text.length, 0);
  text.copy(field, 2);
  return field;
}

function connectPacket(options: LeanOptions): Buffer {
  let flags = 0x02; // clean session
  const payload = [utf8Field(options.clientId)];
  if (options.username !== undefined) {
    flags |= 0x80;
    payload.push(utf8Field(options.username));
  }
  if (options.password !== undefined) {
    flags |= 0x40;
    payload.push(utf8Field(options.password));
  }
  const variable = Buffer.from([
    0x00,
    0x04,
    0x4d,
    0x51,
    0x54,
    0x54,
    0x04,
    flags,
    options.keepalive >> 8,
    options.keepalive & 0xff,
  ]);
  const body = Buffer.concat([variable, ...payload]);
  return Buffer.concat([Buffer.from([0x10, ...remainingLength(body.length)]), body]);
}

export class LeanDevice {
  closed = false;
  lastSentAt = Date.now();
  private nextId = 1;
  private readonly waiting = new Map<number, (error?: Error) => void>();
  private drainWaiters: ((error?: Error) => void)[] = [];
  private pending: Buffer = Buffer.alloc(0);
  private onConnack: ((code: number) => void) | undefined;

  private constructor(private readonly socket: Socket) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.read(chunk));
    socket.on('drain', () => {
      for (const done of this.drainWaiters.splice(0)) done();
    });
    socket.on('close', () => this.fail(new Error('connection closed')));
    socket.on('error', () => {}); // 'close' follows
  }

  /** A connected device (CONNACK accepted), or an error. */
  static connect(url: string, options: LeanOptions): Promise<LeanDevice> {
    const target = new URL(url);
    return new Promise((resolve, reject) => {
      const socket = tcpConnect(Number(target.port || 1883), target.hostname);
      const device = new LeanDevice(socket);
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new Error(`no CONNACK within ${options.connectTimeoutMs} ms`));
      }, options.connectTimeoutMs);
      socket.once('close', () => {
        clearTimeout(timer);
        reject(new Error('connection closed before CONNACK'));
      });
      device.onConnack = (code) => {
        clearTimeout(timer);
        if (code === 0) resolve(device);
        else {
          socket.destroy();
          reject(new Error(`CONNACK refused (${code})`));
        }
      };
      socket.once('connect', () => socket.write(connectPacket(options)));
    });
  }

  /**
   * Publishes; resolves when a QoS 1 message is acknowledged, or (QoS 0) once written or, when
   * the socket's buffer is full, drained; rejects when the connection closes first.
   */
  publish(topic: Buffer, payload: string, qos: 0 | 1): Promise<void> {
    if (this.closed) return Promise.reject(new Error('connection closed'));
    const body = Buffer.byteLength(payload);
    const length = 2 + topic.length + (qos ? 2 : 0) + body;
    const header = remainingLength(length);
    const packet = Buffer.allocUnsafe(1 + header.length + length);
    let at = 0;
    packet[at++] = 0x30 | (qos << 1);
    for (const byte of header) packet[at++] = byte;
    packet.writeUInt16BE(topic.length, at);
    at += 2;
    at += topic.copy(packet, at);
    let id = 0;
    if (qos) {
      id = this.nextId;
      this.nextId = id === 0xffff ? 1 : id + 1;
      packet.writeUInt16BE(id, at);
      at += 2;
    }
    packet.write(payload, at, 'utf8');
    this.lastSentAt = Date.now();
    const flushed = this.socket.write(packet);
    if (qos) return new Promise((resolve, reject) => this.waiting.set(id, (e) => (e ? reject(e) : resolve())));
    if (flushed) return Promise.resolve();
    return new Promise((resolve, reject) => this.drainWaiters.push((e) => (e ? reject(e) : resolve())));
  }

  /** A PINGREQ when nothing was sent for `quietMs`, so the broker keeps the connection. */
  keepAlive(quietMs: number): void {
    if (!this.closed && Date.now() - this.lastSentAt >= quietMs) {
      this.lastSentAt = Date.now();
      this.socket.write(PINGREQ);
    }
  }

  /** DISCONNECT, then the connection closed (at once when `force`). */
  end(force = false): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      this.socket.once('close', () => resolve());
      if (force) this.socket.destroy();
      else this.socket.end(DISCONNECT);
    });
  }

  private read(chunk: Buffer): void {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    for (;;) {
      const buf = this.pending;
      if (buf.length < 2) return;
      let length = 0;
      let multiplier = 1;
      let at = 1;
      for (;;) {
        if (at >= buf.length) return;
        const byte = buf[at++]!;
        length += (byte & 0x7f) * multiplier;
        if ((byte & 0x80) === 0) break;
        multiplier *= 128;
        if (at > 4) return void this.socket.destroy(); // malformed length
      }
      if (buf.length < at + length) return;
      const type = buf[0]! >> 4;
      if (type === 2 && length >= 2) this.onConnack?.(buf[at + 1]!);
      else if (type === 4 && length >= 2) {
        const id = buf.readUInt16BE(at);
        const done = this.waiting.get(id);
        this.waiting.delete(id);
        done?.();
      }
      // PINGRESP (13) and anything else: nothing to do.
      this.pending = buf.subarray(at + length);
    }
  }

  private fail(error: Error): void {
    this.closed = true;
    for (const done of this.waiting.values()) done(error);
    this.waiting.clear();
    for (const done of this.drainWaiters.splice(0)) done(error);
  }
}

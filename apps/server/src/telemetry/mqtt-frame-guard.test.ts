import { PassThrough } from 'node:stream';
import mqttPacket from 'mqtt-packet';
import { describe, expect, it } from 'vitest';
import { MqttFrameGuard } from './mqtt-frame-guard';

function publish(bytes: number): Buffer {
  return mqttPacket.generate({
    cmd: 'publish',
    topic: 'sentinela/s/d/telemetry',
    payload: Buffer.alloc(bytes, 'a'),
    qos: 0,
    retain: false,
    dup: false,
  });
}

async function pass(guard: MqttFrameGuard, chunks: Buffer[]): Promise<{ out: Buffer; error?: Error }> {
  const source = new PassThrough();
  const out: Buffer[] = [];
  const done = new Promise<Error | undefined>((resolve) => {
    guard.on('data', (c: Buffer) => out.push(c));
    guard.on('end', () => resolve(undefined));
    guard.on('error', resolve);
  });
  source.pipe(guard);
  for (const c of chunks) source.write(c);
  source.end();
  const error = await done;
  return { out: Buffer.concat(out), ...(error ? { error } : {}) };
}

describe('MQTT frame guard', () => {
  it('passes packets under the limit untouched, however the bytes are split', async () => {
    const stream = Buffer.concat([
      publish(10),
      publish(200),
      publish(70_000 - 100),
      mqttPacket.generate({ cmd: 'pingreq' }),
    ]);
    for (const split of [1, 3, 7, 1000, stream.length]) {
      const chunks: Buffer[] = [];
      for (let i = 0; i < stream.length; i += split) chunks.push(stream.subarray(i, i + split));
      const { out, error } = await pass(new MqttFrameGuard(80_000, () => {}), chunks);
      expect(error).toBeUndefined();
      expect(out.equals(stream)).toBe(true);
    }
  });

  it('ends the connection at the header of a packet over the limit, before its body', async () => {
    const announced: number[] = [];
    const big = publish(70_000);
    const { out, error } = await pass(new MqttFrameGuard(65_536, (n) => announced.push(n)), [
      publish(10),
      big.subarray(0, 6),
    ]);
    expect(error?.message).toMatch(/over the limit/);
    expect(announced).toEqual([big.length]);
    expect(out.length).toBe(publish(10).length);
  });

  it('refuses a remaining length announced at the protocol maximum (256 MB)', async () => {
    const header = Buffer.from([0x30, 0xff, 0xff, 0xff, 0x7f]);
    const { error } = await pass(new MqttFrameGuard(65_536, () => {}), [header]);
    expect(error).toBeDefined();
  });
});

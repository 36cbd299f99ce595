import { EventEmitter } from 'node:events';
import type { MqttClient } from 'mqtt';
import { describe, expect, it } from 'vitest';
import { holdBackPubacks } from './puback-holdback';

/** What mqtt.js offers the hold-back: its private packet sender, `connected` and a close event. */
function fakeClient() {
  const sent: { cmd: string; messageId?: number }[] = [];
  const client = Object.assign(new EventEmitter(), {
    connected: true,
    _sendPacket(packet: { cmd: string; messageId?: number }, callback?: () => void) {
      sent.push(packet);
      callback?.();
    },
  });
  return { client, sent, mqtt: client as unknown as MqttClient };
}

describe('PUBACK hold-back', () => {
  it('swallows the PUBACK mqtt.js sends for a held message and sends it on release', () => {
    const { client, sent, mqtt } = fakeClient();
    const holdback = holdBackPubacks(mqtt);
    const release = holdback.hold(7)!;
    let called = false;
    client._sendPacket({ cmd: 'puback', messageId: 7 }, () => (called = true));
    client._sendPacket({ cmd: 'puback', messageId: 8 });
    client._sendPacket({ cmd: 'pingreq' });
    expect(called).toBe(true); // mqtt.js goes on with the next message
    expect(sent).toEqual([{ cmd: 'puback', messageId: 8 }, { cmd: 'pingreq' }]);
    release();
    expect(sent.at(-1)).toEqual({ cmd: 'puback', messageId: 7 });
  });

  it('holds at most maxUnacked, and again once released', () => {
    const { client, mqtt } = fakeClient();
    const holdback = holdBackPubacks(mqtt, 2);
    const first = holdback.hold(1)!;
    expect(holdback.hold(2)).toBeDefined();
    expect(holdback.hold(3)).toBeUndefined();
    client._sendPacket({ cmd: 'puback', messageId: 1 });
    first();
    expect(holdback.hold(3)).toBeDefined();
  });

  it('never sends a PUBACK held over a closed connection (the broker redelivers)', () => {
    const { client, sent, mqtt } = fakeClient();
    const holdback = holdBackPubacks(mqtt, 1);
    const release = holdback.hold(1)!;
    client._sendPacket({ cmd: 'puback', messageId: 1 });
    client.emit('close');
    expect(holdback.hold(2)).toBeDefined(); // the count starts again on the new connection
    release();
    client.connected = false;
    holdback.hold(3);
    expect(sent).toEqual([]);
  });

  it('cannot hold without the mqtt.js hook: the caller holds the callback', () => {
    const mqtt = new EventEmitter() as unknown as MqttClient;
    expect(holdBackPubacks(mqtt).hold(1)).toBeUndefined();
  });
});

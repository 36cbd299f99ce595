import type { MqttClient } from 'mqtt';

/** PUBACKs held back per external connection at most (beyond, the connection waits for the commit). */
export const MAX_UNACKED = 100;

type PacketSender = (packet: { cmd: string; messageId?: number }, callback?: () => void, ...rest: unknown[]) => void;

export interface PubackHoldback {
  /**
   * Holds the PUBACK of a QoS 1 message that mqtt.js is about to send (call before its
   * handleMessage callback) and answers what sends it later, on this same connection only; or
   * undefined when it cannot be held (too many held, or mqtt.js without the hook): then the
   * caller holds the handleMessage callback itself.
   */
  hold(messageId: number): (() => void) | undefined;
}

/**
 * The acknowledgement hold-back of one external connection (ADR 008). A message's PUBACK must wait
 * for the commit of the batch holding its points. mqtt.js hands a connection's messages over one
 * at a time and sends the PUBACK when handleMessage's callback is called, so holding that callback
 * would cap a connection at one message per commit. Instead the callback goes at once and the
 * PUBACK it would send is swallowed here, by wrapping mqtt.js's private `_sendPacket` (at most
 * MAX_UNACKED per connection; the broker's in-flight window is usually smaller), then sent once
 * the batch is committed. After a reconnect the broker redelivers what was not acknowledged (and
 * duplicates replace), so a PUBACK held over a closed connection is never sent.
 */
export function holdBackPubacks(client: MqttClient, maxUnacked = MAX_UNACKED): PubackHoldback {
  const hooked = client as unknown as { _sendPacket?: PacketSender };
  const send = hooked._sendPacket?.bind(client);
  if (!send) return { hold: () => undefined };
  let generation = 0;
  let unacked = 0;
  const holding = new Set<number>();
  hooked._sendPacket = (packet, callback, ...rest) => {
    if (packet.cmd === 'puback' && packet.messageId !== undefined && holding.delete(packet.messageId)) {
      callback?.();
      return;
    }
    send(packet, callback, ...rest);
  };
  client.on('close', () => {
    generation++;
    unacked = 0;
    holding.clear();
  });
  return {
    hold(messageId) {
      if (unacked >= maxUnacked) return undefined;
      const heldIn = generation;
      unacked++;
      holding.add(messageId);
      return () => {
        if (generation !== heldIn || !client.connected) return;
        unacked--;
        send({ cmd: 'puback', messageId }, undefined, undefined, true);
      };
    },
  };
}

/**
 * Acknowledging MQTT messages (PUBACK) when Sextant has stored or refused them, not when they arrive
 * (issue 30, docs/decisions/013-mqtt-ingestion.md).
 *
 * mqtt.js hands incoming packets over one at a time and sends a QoS 1 message's PUBACK when
 * `client.handleMessage`'s callback is called; the next packet waits for it. Holding that callback until a
 * batch commits would let one message through per transaction. So `takeOverAcks` overrides `handleMessage`:
 * it calls the callback at once with an error, which mqtt.js 5 reads as "send no PUBACK" and moves on to the
 * next packet (build/lib/handlers/publish.js), and gives each message an `Ack` to settle later. The PUBACKs
 * go out in the order the messages were received (MQTT 5 §4.6, MQTT-4.6.0-2): a settled message waits for
 * the ones before it. An ack is sent only on the connection its message came on: message ids are that
 * connection's, and mqtt.js would queue a packet sent while disconnected for the next connection, where the
 * id is another message's. What was not acknowledged when a connection ends, the broker sends again on the
 * next one (a persistent session: a fixed client id, `clean: false`), flagged `dup`.
 *
 * The broker sends at most the client's Receive Maximum messages without their PUBACK (CONNECT property;
 * Mosquitto 2 uses it for MQTT 5 clients in place of its `max_inflight_messages`), so what is held here is
 * bounded by it, and what the broker has beyond waits in its queue: back-pressure, not drops, as far as the
 * broker's queue goes.
 */
import type { IPublishPacket, MqttClient } from "mqtt";

/** PUBACK reason codes of MQTT 5 that Sextant answers with. */
export const REASON = {
  success: 0x00,
  unspecifiedError: 0x80,
  notAuthorized: 0x87,
  topicNameInvalid: 0x90,
  payloadFormatInvalid: 0x99,
} as const;

export type ReasonCode = (typeof REASON)[keyof typeof REASON];

export type Ack = {
  /** Whether the broker flagged the message as sent before (a redelivery after a reconnect). */
  readonly redelivered: boolean;
  /** Whether its connection is still the current one (else the broker sends it again: nothing to do). */
  readonly live: boolean;
  /** Acknowledges the message (once); `code` is 0 when stored, a refusal's reason code otherwise. */
  settle: (code: ReasonCode) => void;
};

type Slot = { messageId: number; code: ReasonCode | undefined; receivedAt: number };

/** The part of mqtt.js 5's client that sends a packet (private in its types, public in behaviour). */
type PacketSender = {
  _sendPacket: (packet: { cmd: "puback"; messageId: number; reasonCode: number }) => void;
};

/** Deliberately not an acknowledgement: handed to mqtt.js so that it sends no PUBACK of its own. */
const DEFERRED = new Error("acknowledged by Sextant once stored");

export class ManualAcks {
  private connection = 0;
  private slots: Slot[] = [];

  constructor(private readonly client: MqttClient) {
    if (typeof (client as unknown as Partial<PacketSender>)._sendPacket !== "function") {
      throw new Error("mqtt.js changed: no _sendPacket to acknowledge messages with (mqtt-acks.ts)");
    }
    // Whatever was not acknowledged on the connection that ended is the broker's to send again.
    client.on("close", () => {
      this.connection += 1;
      this.slots = [];
    });
  }

  /** Messages received and not yet acknowledged on the current connection. */
  get outstanding(): number {
    return this.slots.length;
  }

  /** How long the oldest message not yet acknowledged has waited, ms (0: none). */
  oldestWaitMs(now = Date.now()): number {
    const oldest = this.slots[0];
    return oldest ? now - oldest.receivedAt : 0;
  }

  /**
   * Takes over the acknowledgement of every message: `onMessage` gets each with its `Ack`; the next packet is
   * read once `onMessage`'s promise settles (so awaiting in it is back-pressure).
   */
  install(onMessage: (packet: IPublishPacket, ack: Ack) => Promise<void>): void {
    this.client.handleMessage = (packet, callback) => {
      const ack = this.track(packet);
      onMessage(packet, ack).then(
        () => callback(DEFERRED),
        () => callback(DEFERRED),
      );
    };
  }

  private track(packet: IPublishPacket): Ack {
    const redelivered = packet.dup === true;
    // QoS 0 asks for no acknowledgement; there is nothing to hold it for.
    const connection = this.connection;
    const acks = this;
    if (!packet.qos || packet.messageId === undefined) {
      return {
        redelivered,
        get live() {
          return connection === acks.connection;
        },
        settle: () => {},
      };
    }
    const slot: Slot = { messageId: packet.messageId, code: undefined, receivedAt: Date.now() };
    this.slots.push(slot);
    return {
      redelivered,
      get live() {
        return connection === acks.connection;
      },
      settle: (code) => {
        if (slot.code !== undefined || connection !== this.connection) return;
        slot.code = code;
        this.sendSettled();
      },
    };
  }

  /** Sends the PUBACKs of the settled messages at the front, in the order they were received. */
  private sendSettled(): void {
    const sender = this.client as unknown as PacketSender;
    while (this.slots[0]?.code !== undefined) {
      const slot = this.slots.shift()!;
      if (!this.client.connected) continue; // the broker sends it again on the next connection
      sender._sendPacket({ cmd: "puback", messageId: slot.messageId, reasonCode: slot.code! });
    }
  }
}

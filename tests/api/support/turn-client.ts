import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createSocket, type Socket } from 'node:dgram';
import { isIPv4, isIPv6 } from 'node:net';

/**
 * Just enough of a TURN client (RFC 8656 over UDP, long-term credentials) to ask a TURN server
 * for a relay and then for permission to reach a peer: what a browser does before it relays a
 * call, and what anyone holding a call's credential could do by hand.
 */

const magicCookie = 0x2112a442;

const method = { allocate: 0x003, refresh: 0x004, createPermission: 0x008 } as const;
const attribute = {
  username: 0x0006,
  messageIntegrity: 0x0008,
  errorCode: 0x0009,
  lifetime: 0x000d,
  xorPeerAddress: 0x0012,
  realm: 0x0014,
  nonce: 0x0015,
  requestedAddressFamily: 0x0017,
  requestedTransport: 0x0019,
} as const;

/** What a TURN server answered: 200, or its error code and reason ("403 Forbidden IP"). */
export interface TurnAnswer {
  status: number;
  reason: string;
}

interface Message {
  success: boolean;
  attributes: Map<number, Buffer>;
}

function encode(type: number, transaction: Buffer, attributes: [number, Buffer][]): Buffer {
  const body = Buffer.concat(
    attributes.map(([kind, value]) => {
      const head = Buffer.alloc(4);
      head.writeUInt16BE(kind, 0);
      head.writeUInt16BE(value.length, 2);
      const padding = Buffer.alloc((4 - (value.length % 4)) % 4);
      return Buffer.concat([head, value, padding]);
    }),
  );
  const header = Buffer.alloc(20);
  header.writeUInt16BE(type, 0);
  header.writeUInt16BE(body.length, 2);
  header.writeUInt32BE(magicCookie, 4);
  transaction.copy(header, 8);
  return Buffer.concat([header, body]);
}

/** Appends MESSAGE-INTEGRITY: HMAC-SHA1 over the message whose length already counts it. */
function withIntegrity(message: Buffer, key: Buffer): Buffer {
  const counted = Buffer.from(message);
  counted.writeUInt16BE(message.length - 20 + 24, 2);
  const mac = createHmac('sha1', key).update(counted).digest();
  const head = Buffer.alloc(4);
  head.writeUInt16BE(attribute.messageIntegrity, 0);
  head.writeUInt16BE(20, 2);
  return Buffer.concat([counted, head, mac]);
}

function decode(packet: Buffer): Message & { transaction: Buffer } {
  const type = packet.readUInt16BE(0);
  const attributes = new Map<number, Buffer>();
  let offset = 20;
  const end = 20 + packet.readUInt16BE(2);
  while (offset + 4 <= end) {
    const kind = packet.readUInt16BE(offset);
    const length = packet.readUInt16BE(offset + 2);
    attributes.set(kind, packet.subarray(offset + 4, offset + 4 + length));
    offset += 4 + length + ((4 - (length % 4)) % 4);
  }
  // The class bits of the type: 0b10 success response, 0b11 error response.
  const success = (type & 0x0110) === 0x0100;
  return { success, attributes, transaction: packet.subarray(8, 20) };
}

function answerOf(message: Message): TurnAnswer {
  if (message.success) return { status: 200, reason: 'OK' };
  const error = message.attributes.get(attribute.errorCode);
  if (!error) return { status: 0, reason: 'no ERROR-CODE' };
  return {
    status: (error[2]! & 0x7) * 100 + error[3]!,
    reason: error.subarray(4).toString('utf8'),
  };
}

/** XOR-PEER-ADDRESS of `address:port`, as RFC 8489 section 14.2 writes it. */
function xorAddress(address: string, port: number, transaction: Buffer): Buffer {
  const family = isIPv4(address) ? 0x01 : 0x02;
  const raw = isIPv4(address) ? Buffer.from(address.split('.').map(Number)) : ipv6Bytes(address);
  const mask = Buffer.concat([Buffer.alloc(4), transaction]);
  mask.writeUInt32BE(magicCookie, 0);
  const value = Buffer.alloc(4 + raw.length);
  value.writeUInt8(family, 1);
  value.writeUInt16BE(port ^ (magicCookie >>> 16), 2);
  raw.forEach((byte, index) => value.writeUInt8(byte ^ mask[index]!, 4 + index));
  return value;
}

function ipv6Bytes(address: string): Buffer {
  if (!isIPv6(address)) throw new Error(`not an IP address: ${address}`);
  const [head = '', tail = ''] = address.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const expand = (part: string[]) =>
    part.flatMap((group) => {
      if (group.includes('.')) {
        const [a, b, c, d] = group.split('.').map(Number);
        return [(a! << 8) | b!, (c! << 8) | d!];
      }
      return [parseInt(group, 16)];
    });
  const left = expand(groups(head));
  const right = expand(groups(tail));
  const words = address.includes('::')
    ? [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right]
    : left;
  const bytes = Buffer.alloc(16);
  words.forEach((word, index) => bytes.writeUInt16BE(word, index * 2));
  return bytes;
}

export interface TurnSession {
  /** Asks for permission to relay to `peer` (RFC 8656 CreatePermission). */
  permit(peer: string): Promise<TurnAnswer>;
  /**
   * Gives the relay back (a Refresh with a lifetime of 0) and closes the socket. Without it the
   * server keeps the allocation for its lifetime, and a later socket the system gives the same
   * port would be answered 437 Allocation Mismatch.
   */
  close(): Promise<void>;
}

/**
 * Opens a relay on the TURN server at `host:port` with a time-limited credential, as a
 * browser would: an unauthenticated Allocate learns the realm and nonce, the second one
 * carries the credential. `family` is the relay's address family.
 */
export async function openRelay(options: {
  host: string;
  port: number;
  username: string;
  credential: string;
  family?: 'ipv4' | 'ipv6';
}): Promise<TurnSession> {
  const socket: Socket = createSocket(isIPv6(options.host) ? 'udp6' : 'udp4');
  const waiting = new Map<string, (message: Message) => void>();
  socket.on('message', (packet) => {
    if (packet.length < 20) return;
    const message = decode(packet);
    waiting.get(message.transaction.toString('hex'))?.(message);
  });
  await new Promise<void>((resolve) => socket.bind(0, resolve));

  /** Sends a request, again every half second, until its answer comes (5 s at most). */
  const ask = (build: (transaction: Buffer) => Buffer): Promise<Message> => {
    const transaction = randomBytes(12);
    const key = transaction.toString('hex');
    const packet = build(transaction);
    return new Promise((resolve, reject) => {
      const send = () => socket.send(packet, options.port, options.host);
      const again = setInterval(send, 500);
      const giveUp = setTimeout(() => {
        clearInterval(again);
        waiting.delete(key);
        reject(new Error('the TURN server did not answer in 5 s'));
      }, 5_000);
      waiting.set(key, (message) => {
        clearInterval(again);
        clearTimeout(giveUp);
        waiting.delete(key);
        resolve(message);
      });
      send();
    });
  };

  const allocateAttributes = (): [number, Buffer][] => [
    [attribute.requestedTransport, Buffer.from([17, 0, 0, 0])],
    ...(options.family === 'ipv6'
      ? [[attribute.requestedAddressFamily, Buffer.from([0x02, 0, 0, 0])] as [number, Buffer]]
      : []),
  ];
  const challenge = await ask((transaction) =>
    encode(method.allocate, transaction, allocateAttributes()),
  );
  const realm = challenge.attributes.get(attribute.realm);
  const nonce = challenge.attributes.get(attribute.nonce);
  if (!realm || !nonce) {
    socket.close();
    throw new Error(`no challenge from the TURN server: ${JSON.stringify(answerOf(challenge))}`);
  }
  const key = createHash('md5')
    .update(`${options.username}:${realm.toString('utf8')}:${options.credential}`)
    .digest();
  const signed = (type: number, transaction: Buffer, attributes: [number, Buffer][]) =>
    withIntegrity(
      encode(type, transaction, [
        ...attributes,
        [attribute.username, Buffer.from(options.username)],
        [attribute.realm, realm],
        [attribute.nonce, nonce],
      ]),
      key,
    );

  const allocated = answerOf(
    await ask((transaction) => signed(method.allocate, transaction, allocateAttributes())),
  );
  if (allocated.status !== 200) {
    socket.close();
    throw new Error(`the TURN server refused the relay: ${allocated.status} ${allocated.reason}`);
  }
  return {
    async permit(peer) {
      return answerOf(
        await ask((transaction) =>
          signed(method.createPermission, transaction, [
            [attribute.xorPeerAddress, xorAddress(peer, 9, transaction)],
          ]),
        ),
      );
    },
    async close() {
      await ask((transaction) =>
        signed(method.refresh, transaction, [[attribute.lifetime, Buffer.alloc(4)]]),
      ).catch(() => undefined);
      socket.close();
    },
  };
}

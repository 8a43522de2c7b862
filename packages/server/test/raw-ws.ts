// A WebSocket client on a bare TCP socket, for attacks a well-behaved library will not make:
// never reading, or sending pongs nobody asked for.
import net from 'node:net';
import { randomBytes } from 'node:crypto';

export const OP_TEXT = 0x1;
export const OP_PONG = 0xa;

/** One masked client frame (payloads < 64 KiB). */
export function frame(op: number, payload: Buffer): Buffer {
  const mask = randomBytes(4);
  const len = payload.length;
  const head =
    len < 126 ? Buffer.from([0x80 | op, 0x80 | len]) : Buffer.from([0x80 | op, 0x80 | 126, len >> 8, len & 255]);
  const body = Buffer.alloc(len);
  for (let i = 0; i < len; i++) body[i] = payload[i]! ^ mask[i % 4]!;
  return Buffer.concat([head, mask, body]);
}

export interface RawWs {
  readonly socket: net.Socket;
  /** Resolves when the server ended or reset the connection. */
  readonly ended: Promise<void>;
  sendText(text: string): void;
  sendPong(payload?: Buffer): void;
}

/** Opens /ws and completes the handshake; the socket is left paused (not reading) after it. */
export function rawWs(port: number, origin?: string): Promise<RawWs> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let endedResolve!: () => void;
    const ended = new Promise<void>((r) => (endedResolve = r));
    socket.on('end', () => endedResolve());
    socket.on('close', () => endedResolve());
    socket.on('error', () => endedResolve());
    socket.once('connect', () => {
      socket.write(
        'GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
          `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n` +
          (origin ? `Origin: ${origin}\r\n` : '') +
          '\r\n',
      );
    });
    let head = '';
    const onData = (d: Buffer) => {
      head += d.toString('latin1');
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      socket.off('data', onData);
      socket.pause();
      if (!head.startsWith('HTTP/1.1 101')) return reject(new Error(head.split('\r\n')[0]));
      resolve({
        socket,
        ended,
        sendText: (text) => socket.write(frame(OP_TEXT, Buffer.from(text))),
        sendPong: (payload = randomBytes(8)) => socket.write(frame(OP_PONG, payload)),
      });
    };
    socket.on('data', onData);
    socket.once('error', reject);
  });
}

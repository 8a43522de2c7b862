// A push service for tests: a local HTTP endpoint that takes what the server posts and DECRYPTS it
// as a browser would (RFC 8291 aes128gcm, with the subscription's private key made here by
// node:crypto ECDH), so a test reads the very text a notification would show.
import { createECDH, createDecipheriv, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  readonly path: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: Buffer;
}

export interface Device {
  readonly endpoint: string;
  readonly keys: { p256dh: string; auth: string };
  /** The payload of a message posted to this device, decrypted. */
  decrypt(body: Buffer): string;
}

export class PushEndpoint {
  readonly received: Received[] = [];
  /** Status answered per path (default 201). */
  readonly status = new Map<string, number>();
  private server!: http.Server;
  private n = 0;
  base = '';

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = req.url ?? '';
        this.received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
        res.statusCode = this.status.get(path) ?? 201;
        res.end();
      });
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** A new browser subscription: its own path and key pair. */
  device(): Device {
    const ecdh = createECDH('prime256v1');
    const pub = ecdh.generateKeys();
    const auth = randomBytes(16);
    return {
      endpoint: `${this.base}/push/${++this.n}`,
      keys: { p256dh: pub.toString('base64url'), auth: auth.toString('base64url') },
      decrypt: (body) => decrypt(ecdh, pub, auth, body),
    };
  }

  to(d: Device): Received[] {
    const path = new URL(d.endpoint).pathname;
    return this.received.filter((r) => r.path === path);
  }

  close(): Promise<void> {
    return new Promise((r) => this.server.close(() => r()));
  }
}

/** RFC 8291 / RFC 8188 aes128gcm, one record. */
function decrypt(ecdh: ECDH, uaPublic: Buffer, authSecret: Buffer, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLen = body[20]!;
  const asPublic = body.subarray(21, 21 + idLen);
  const cipher = body.subarray(21 + idLen);
  const shared = ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const d = createDecipheriv('aes-128-gcm', cek, nonce);
  d.setAuthTag(cipher.subarray(cipher.length - 16));
  const plain = Buffer.concat([d.update(cipher.subarray(0, cipher.length - 16)), d.final()]);
  // The last record ends with the delimiter 2, then zero padding.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error('no last-record delimiter');
  return plain.subarray(0, end).toString('utf8');
}

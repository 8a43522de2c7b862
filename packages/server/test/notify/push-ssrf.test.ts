// Regression "push endpoint inside the network": a subscriber chooses the push
// endpoint's host name, and the schema's refusal of IP literals and localhost does not stop a name
// that RESOLVES to a loopback, private or metadata address (or is rebound to one after the check).
// The server connects only to public addresses, checked by the socket's own lookup.
import dns from 'node:dns';
import net from 'node:net';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { isPublicAddress, publicOnlyLookup } from '../../src/notify/public-address.js';
import { makeVapidKeys, sendPush } from '../../src/notify/push.js';

describe('push endpoints reach only the public internet', () => {
  it.each([
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.20.0.1', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['::1', false],
    ['::', false],
    ['fd00::1', false],
    ['fe80::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['64:ff9b::a00:1', false],
    ['142.250.74.110', true],
    ['2a00:1450:4001:82a::200a', true],
    ['::ffff:142.250.74.110', true],
    ['not an address', false],
  ])('%s is public: %s', (address, pub) => {
    expect(isPublicAddress(address)).toBe(pub);
  });

  it('a name resolving to any inside address is refused whole; a public one is used', async () => {
    const ask = (answers: string[]) =>
      new Promise<{ err: NodeJS.ErrnoException | null; address: string }>((resolve) =>
        publicOnlyLookup(async () => answers.map((a) => ({ address: a, family: net.isIP(a) })))(
          'push.example.test',
          {},
          (err, address) => resolve({ err, address: String(address) }),
        ),
      );
    expect((await ask(['142.250.74.110'])).address).toBe('142.250.74.110');
    expect((await ask(['142.250.74.110', '10.0.0.5'])).err?.code).toBe('ENOTPUBLIC');
    expect((await ask(['169.254.169.254'])).err?.code).toBe('ENOTPUBLIC');
    expect((await ask([])).err?.code).toBe('ENOTPUBLIC');
  });

  it('a push to a name that resolves to this machine opens no connection and fails', async () => {
    let connections = 0;
    const inside = net.createServer((s) => {
      connections++;
      s.destroy();
    });
    await new Promise<void>((r) => inside.listen(0, '127.0.0.1', () => r()));
    const port = (inside.address() as net.AddressInfo).port;
    const keys = makeVapidKeys();
    // a subscription's keys as a browser makes them (P-256 public key, 16-byte auth secret)
    const ecdh = (await import('node:crypto')).createECDH('prime256v1');
    ecdh.generateKeys();
    const sub = {
      endpoint: `https://push.example.test:${port}/send/abc`,
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: Buffer.alloc(16, 7).toString('base64url'),
    };
    const rebound = publicOnlyLookup(async () => [{ address: '127.0.0.1', family: 4 }]);
    const r = await sendPush(sub as never, '{"title":"x"}', keys, 'mailto:ops@example.test', rebound);
    expect(r).toBe('failed');
    // with the system's own resolver: this machine's name (loopback in /etc/hosts here)
    const self = await dns.promises.lookup(os.hostname()).catch(() => null);
    if (self && !isPublicAddress(self.address)) {
      const viaName = { ...sub, endpoint: `https://${os.hostname()}:${port}/send/abc` };
      expect(await sendPush(viaName as never, '{"title":"x"}', keys, 'mailto:ops@example.test')).toBe('failed');
    }
    await new Promise((res) => setTimeout(res, 50));
    expect(connections).toBe(0);
    await new Promise((res) => inside.close(res));
  });
});

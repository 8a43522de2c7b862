// An SMTP server in the test process (smtp-server): every message the server sends, with its
// subject and text decoded (RFC 2047 words, quoted-printable or base64 bodies).
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Mail {
  readonly to: string[];
  readonly subject: string;
  readonly text: string;
  readonly headers: string;
}

function words(s: string): string {
  return s.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_, enc: string, t: string) =>
    enc.toUpperCase() === 'B' ? Buffer.from(t, 'base64').toString('utf8') : qp(t.replace(/_/g, ' ')),
  );
}

function qp(s: string): string {
  const bytes: number[] = [];
  const t = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < t.length; i++) {
    if (t[i] === '=' && /^[0-9A-F]{2}$/i.test(t.slice(i + 1, i + 3))) {
      bytes.push(parseInt(t.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(t[i]!));
  }
  return Buffer.from(bytes).toString('utf8');
}

function parse(raw: string, to: string[]): Mail {
  const cut = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, cut);
  const unfolded = headers.replace(/\r\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(unfolded)?.[1] ?? '';
  const body = raw.slice(cut + 4);
  const cte = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    cte === 'quoted-printable' ? qp(body) : cte === 'base64' ? Buffer.from(body, 'base64').toString('utf8') : body;
  return { to, subject: words(header('Subject')), text: text.replace(/\r\n/g, '\n'), headers: unfolded };
}

export class SmtpInbox {
  readonly mails: Mail[] = [];
  private server = new SMTPServer({
    disabledCommands: ['AUTH', 'STARTTLS'],
    authOptional: true,
    logger: false,
    onData: (stream, session, done) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        this.mails.push(
          parse(
            Buffer.concat(chunks).toString('utf8'),
            session.envelope.rcptTo.map((r) => r.address),
          ),
        );
        done();
      });
    },
  });
  url = '';

  async start(): Promise<this> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}`;
    return this;
  }

  to(address: string): Mail[] {
    return this.mails.filter((m) => m.to.includes(address));
  }

  close(): Promise<void> {
    return new Promise((r) => this.server.close(() => r()));
  }
}

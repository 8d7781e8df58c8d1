import type { AddressInfo } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaveBody } from '../../../test/factories/requests';
import { setupApi, type TestContext } from '../../../test/helper';
import { outbox, users } from '../../db/schema';
import { OutboxDispatcher, smtpTransport } from '../../lib/outbox';

/** A message as the SMTP server received it. */
interface Delivered {
  from: string;
  to: string[];
  raw: string;
}

/** The bytes of a quoted-printable text, as UTF-8. */
function quotedPrintable(text: string): string {
  const bytes: number[] = [];
  const flat = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < flat.length; i++) {
    if (flat[i] === '=' && /^[0-9A-F]{2}$/i.test(flat.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(flat.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(flat[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A header's value, unfolded, its encoded words (RFC 2047) decoded. */
function header(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`)) ?? '';
  return line
    .slice(name.length + 1)
    .trim()
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : quotedPrintable(text.replace(/_/g, ' ')),
    );
}

/** The plain-text body, its transfer encoding undone. */
function body(raw: string): string {
  const [, ...rest] = raw.split(/\r?\n\r?\n/);
  const text = rest.join('\n\n');
  const encoding = header(raw, 'Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'base64') return Buffer.from(text.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return quotedPrintable(text);
  return text;
}

let ctx: TestContext;
let server: SMTPServer;
let port: number;
const delivered: Delivered[] = [];

beforeAll(async () => {
  ctx = await setupApi();
  // A real SMTP server in the test's process: what it receives is what a mail server would.
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        delivered.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('notification e-mails over SMTP', () => {
  it('reach the mail server: the recipient, the subject and the link, in the reader’s language', async () => {
    const c = await ctx.factory.cast();
    await ctx.db.update(users).set({ language: 'fr' }).where(eq(users.employeeId, c.lm.id));
    const created = await ctx.call({
      method: 'POST',
      url: '/api/v1/leave',
      token: c.tokens.employee,
      payload: leaveBody(c.peer.id),
    });
    await ctx.call({
      method: 'PATCH',
      url: '/api/v1/leave/actions/submit',
      token: c.tokens.employee,
      payload: { leave_id: created.json().id },
    });
    const address = `${c.lm.eid.toLowerCase()}@portal.test`;

    const dispatcher = new OutboxDispatcher(
      ctx.db,
      smtpTransport(`smtp://127.0.0.1:${port}`, 'HR Portal <hr-portal@portal.test>'),
      ctx.app.log,
    );
    while ((await dispatcher.runOnce()) > 0);

    const mail = delivered.find((d) => d.to.includes(address));
    expect(mail, `delivered to ${delivered.flatMap((d) => d.to).join(', ')}`).toBeTruthy();
    expect(mail!.from).toBe('hr-portal@portal.test');
    expect(header(mail!.raw, 'To')).toBe(address);
    expect(header(mail!.raw, 'From')).toBe('HR Portal <hr-portal@portal.test>');
    expect(header(mail!.raw, 'Subject')).toBe(
      'En attente de votre décision : Congé annuel · 01-03-2027 – 03-03-2027',
    );
    const text = body(mail!.raw);
    expect(text).toContain('Cette demande de congé attend votre décision.');
    expect(text).toContain('http://portal.test/leave?list_type=team');
    expect(text).not.toContain(c.employee.name);

    const [row] = await ctx.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, address))
      .orderBy(asc(outbox.id));
    expect(row!.sentAt).not.toBeNull();
  });

  it('a refusing server leaves the message queued for another try', async () => {
    const c = await ctx.factory.cast();
    const created = await ctx.call({
      method: 'POST',
      url: '/api/v1/leave',
      token: c.tokens.employee,
      payload: leaveBody(c.peer.id),
    });
    await ctx.call({
      method: 'PATCH',
      url: '/api/v1/leave/actions/submit',
      token: c.tokens.employee,
      payload: { leave_id: created.json().id },
    });
    const address = `${c.lm.eid.toLowerCase()}@portal.test`;
    // Nothing listens there.
    const dispatcher = new OutboxDispatcher(
      ctx.db,
      smtpTransport('smtp://127.0.0.1:9', 'HR Portal <hr-portal@portal.test>'),
      ctx.app.log,
    );
    await dispatcher.runOnce();
    const [row] = await ctx.db.select().from(outbox).where(eq(outbox.recipient, address));
    expect(row).toMatchObject({ sentAt: null, failedAt: null, attempts: 1 });
    expect(row!.lastError).toBeTruthy();
  });
});

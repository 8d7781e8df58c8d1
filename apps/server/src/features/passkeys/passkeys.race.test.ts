import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type CreationOptions,
  type RequestOptions,
  SoftAuthenticator,
} from '../../../test/factories/authenticator';
import { randomAddress, setupApi, type TestContext } from '../../../test/helper';
import { burst, expectOneWinner, secondProcess } from '../../../test/races';
import { passkeys, sessions } from '../../db/schema';

/**
 * One ticket answered many times at once, half to each of two API
 * processes (PostgreSQL): the challenge is taken in one statement, so one
 * answer goes on and every other finds the ticket used.
 */
let ctx: TestContext;
let second: FastifyInstance;
beforeAll(async () => {
  ctx = await setupApi({}, { poolSize: 10 });
  second = await secondProcess(ctx);
});

const ORIGIN = 'http://portal.test';

describe('a passkey ticket answered at once', () => {
  it('registers one passkey of ten answers to one ticket', async () => {
    const person = await ctx.factory.employee();
    const token = await ctx.factory.token(person);
    const res = await ctx.call({ method: 'POST', url: '/api/v1/account/passkeys/options', token });
    const { ticket, options } = res.json() as { ticket: string; options: CreationOptions };
    const answers = Array.from(
      { length: 10 },
      () => new SoftAuthenticator(ORIGIN).register(options).response,
    );
    const replies = await burst([ctx.app, second], 10, (i) => ({
      method: 'POST',
      url: '/api/v1/account/passkeys',
      headers: { authorization: `Bearer ${token}` },
      payload: { ticket, name: `Key ${i}`, response: answers[i] },
    }));
    expectOneWinner(replies, 201, 400, 'passkey_ticket_invalid');
    expect(await ctx.db.select().from(passkeys).where(eq(passkeys.userId, person.userId!))).toHaveLength(1);
  });

  it('opens one session of ten sign-ins with one ticket', async () => {
    const person = await ctx.factory.employee();
    const token = await ctx.factory.token(person);
    const authenticator = new SoftAuthenticator(ORIGIN);
    const made = await ctx.call({ method: 'POST', url: '/api/v1/account/passkeys/options', token });
    const { ticket: registering, options: creation } = made.json() as {
      ticket: string;
      options: CreationOptions;
    };
    const added = await ctx.call({
      method: 'POST',
      url: '/api/v1/account/passkeys',
      token,
      payload: { ticket: registering, name: 'Phone', response: authenticator.register(creation).response },
    });
    expect(added.statusCode, added.body).toBe(201);

    const started = await ctx.call({ method: 'POST', url: '/api/v1/login_check/passkey/options' });
    const { ticket, options } = started.json() as { ticket: string; options: RequestOptions };
    const answers = Array.from({ length: 10 }, () => authenticator.assert(options));
    const replies = await burst([ctx.app, second], 10, (i) => ({
      method: 'POST',
      url: '/api/v1/login_check/passkey',
      payload: { ticket, response: answers[i] },
      remoteAddress: randomAddress(),
    }));
    expectOneWinner(replies, 200, 400, 'passkey_ticket_invalid');
    const opened = await ctx.db.select().from(sessions).where(eq(sessions.method, 'passkey'));
    expect(opened.filter((s) => s.userId === person.userId)).toHaveLength(1);
  });

  it('takes one of six answers with the same counter, each to its own ticket', async () => {
    const person = await ctx.factory.employee();
    const token = await ctx.factory.token(person);
    const authenticator = new SoftAuthenticator(ORIGIN);
    const made = await ctx.call({ method: 'POST', url: '/api/v1/account/passkeys/options', token });
    const { ticket: registering, options: creation } = made.json() as {
      ticket: string;
      options: CreationOptions;
    };
    await ctx.call({
      method: 'POST',
      url: '/api/v1/account/passkeys',
      token,
      payload: { ticket: registering, name: 'Phone', response: authenticator.register(creation).response },
    });
    const tickets: { ticket: string; options: RequestOptions }[] = [];
    for (let i = 0; i < 6; i++) {
      const started = await ctx.call({ method: 'POST', url: '/api/v1/login_check/passkey/options' });
      tickets.push(started.json() as { ticket: string; options: RequestOptions });
    }
    // A cloned authenticator: every answer carries counter 1.
    const answers = tickets.map((t) => authenticator.assert(t.options, { counter: 1 }));
    const replies = await burst([ctx.app, second], tickets.length, (i) => ({
      method: 'POST',
      url: '/api/v1/login_check/passkey',
      payload: { ticket: tickets[i]!.ticket, response: answers[i] },
      remoteAddress: randomAddress(),
    }));
    expectOneWinner(replies, 200, 401, 'passkey_not_recognised');
  });
});

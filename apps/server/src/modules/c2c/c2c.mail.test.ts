import type { C2COrder } from '@bourse/contract';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { post, type TestServer, type TestUser } from '../../test/harness';
import { upload } from '../security/testing';
import {
  advance,
  type C2CWorld,
  expectEscrowConsistent,
  FUND_PASSWORD,
  merchant,
  order,
  sellAd,
  startC2CServer,
  verifiedUser,
} from './testing';

/**
 * Mail at each step of an order, delivered through a real SMTP server (as `protocol.test.ts` delivers codes): the
 * other side hears of every change, in the language they last used the C2C pages in, and the demo bots hear nothing.
 */
interface Mail {
  to: string;
  subject: string;
  text: string;
}

const mails: Mail[] = [];
let smtp: SMTPServer;
let w: C2CWorld;
let accounts = 0;

/** RFC 2047 encoded words (nodemailer writes non-ASCII subjects as =?UTF-8?B?…?= or =?UTF-8?Q?…?=). */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

function parse(to: string, raw: string): Mail {
  const [head = '', ...rest] = raw.split(/\r\n\r\n/);
  const unfolded = head.replace(/\r\n[ \t]+/g, ' ');
  const subject = decodeWords(/^Subject: (.*)$/im.exec(unfolded)?.[1] ?? '');
  let body = rest.join('\r\n\r\n');
  if (/Content-Transfer-Encoding: base64/i.test(unfolded)) body = Buffer.from(body, 'base64').toString('utf8');
  else if (/Content-Transfer-Encoding: quoted-printable/i.test(unfolded)) {
    body = Buffer.from(
      body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  }
  return { to, subject, text: body };
}

/** Registration codes come through the SMTP server too. */
async function register(server: TestServer): Promise<TestUser> {
  const who = `c2cmail${process.pid}x${++accounts}@example.com`;
  const password = 'secret123';
  const sent = await post(server, '/api/user/sendCode', { account: who, scene: 'register' });
  expect(sent.body.code).toBe(200);
  const code = await vi.waitFor(() => {
    const found = mails.find((m) => m.to === who && /\b\d{6}\b/.test(m.text));
    if (!found) throw new Error(`no code for ${who}`);
    return /\b(\d{6})\b/.exec(found.text)?.[1] ?? '';
  });
  const answer = await post<{ uid: number; token: string }>(server, '/api/user/registerOpen', {
    account: who,
    code,
    password,
    confirmPassword: password,
    agreement: true,
  });
  expect(answer.body.code).toBe(200);
  return { uid: answer.body.data.uid, token: answer.body.data.token, account: who, password };
}

/** Waits for the mail to `to` whose subject matches, and returns it. */
function mailTo(to: string, subject: RegExp | string): Promise<Mail> {
  return vi.waitFor(
    () => {
      const found = mails.find(
        (m) => m.to === to && (typeof subject === 'string' ? m.subject === subject : subject.test(m.subject)),
      );
      if (!found)
        throw new Error(
          `no mail "${String(subject)}" to ${to}: ${JSON.stringify(mails.filter((m) => m.to === to).map((m) => m.subject))}`,
        );
      return found;
    },
    { timeout: 5_000, interval: 20 },
  );
}

const subjects = (to: string) => mails.filter((m) => m.to === to && m.subject.startsWith('C2C')).map((m) => m.subject);

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        for (const r of session.envelope.rcptTo) mails.push(parse(r.address, data));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const address = smtp.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const smtpUrl = `smtp://127.0.0.1:${port}?ignoreTLS=true`;
  // The first operator's sign-in needs no mail; users register with codes read from the SMTP server.
  w = await startC2CServer({ SMTP_URL: smtpUrl });
  w.register = register;
});

afterAll(async () => {
  await w?.server.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('c2c mail over SMTP', () => {
  it('order → paid → released: the merchant hears of the order and the payment, the buyer of the release (in Chinese)', async () => {
    const m = await merchant(w);
    const adId = await sellAd(w, m);
    const buyer = await verifiedUser(w);
    const created = await post<C2COrder>(
      w.server,
      '/mapi/c2c/orders/create',
      { adId, amount: '720', requestId: 'mail-order-1' },
      { token: buyer.token, lang: 'zh_CN' },
    );
    expect(created.body.code).toBe(200);
    const o = created.body.data;
    const first = await mailTo(m.u.account, `C2C order ${o.no}: new order`);
    expect(first.text).toContain('A new order of 100 USDT for 720.00 CNY was placed on your advertisement.');

    await post(w.server, '/mapi/c2c/orders/pay', { id: o.id, paymentMethodId: m.method.id }, { token: buyer.token });
    const paid = await mailTo(m.u.account, `C2C order ${o.no}: the buyer has paid`);
    expect(paid.text).toContain('The buyer marked 720.00 CNY as paid');

    const released = await post(
      w.server,
      '/mapi/c2c/orders/release',
      { id: o.id, fundPassword: FUND_PASSWORD, requestId: 'mail-release-1' },
      { token: m.u.token },
    );
    expect(released.body.code).toBe(200);
    const mail = await mailTo(buyer.account, `C2C订单 ${o.no}：已放币`);
    expect(mail.text).toContain('100 USDT 已放行至您的法币账户。');
    // Nobody is told of their own action: the buyer got no "paid", the merchant no "released".
    expect(subjects(buyer.account)).toEqual([`C2C订单 ${o.no}：已放币`]);
    expect(subjects(m.u.account)).toEqual([`C2C order ${o.no}: new order`, `C2C order ${o.no}: the buyer has paid`]);
  });

  it('appeal → ruling: the other side hears of the appeal, both of the ruling with its outcome', async () => {
    const m = await merchant(w);
    const adId = await sellAd(w, m);
    const buyer = await verifiedUser(w);
    const o = (await order(w, buyer, adId, '720')).body.data;
    await post(w.server, '/mapi/c2c/orders/pay', { id: o.id, paymentMethodId: m.method.id }, { token: buyer.token });
    const appealed = await upload(
      w.server,
      '/mapi/c2c/orders/appeal',
      { id: String(o.id), reason: 'I paid 720 CNY, no release' },
      [],
      { token: buyer.token },
    );
    expect(appealed.body.code).toBe(200);
    const appeal = await mailTo(m.u.account, `C2C order ${o.no}: under appeal`);
    expect(appeal.text).toContain('Add evidence in the order page');

    const ruled = await post(
      w.server,
      `/admin/api/c2c/orders/${o.id}/rule`,
      { outcome: 'release', reasonCode: 'buyer_paid', note: 'transfer seen' },
      { token: w.admin },
    );
    expect(ruled.body.code).toBe(200);
    for (const to of [buyer.account, m.u.account]) {
      const mail = await mailTo(to, `C2C order ${o.no}: the appeal was decided`);
      expect(mail.text).toContain('An operator decided the appeal: the coins go to the buyer.');
    }
    expect(subjects(buyer.account)).not.toContain(`C2C order ${o.no}: under appeal`);
    expectEscrowConsistent(w);
  });

  it('cancel, and the payment timer: the seller hears of a cancel, both sides of a timeout and of its end', async () => {
    const m = await merchant(w);
    const adId = await sellAd(w, m, { payMinutes: 15 });
    const buyer = await verifiedUser(w);
    const a = (await order(w, buyer, adId, '720')).body.data;
    const cancelled = await post(w.server, '/mapi/c2c/orders/cancel', { id: a.id }, { token: buyer.token });
    expect(cancelled.body.code).toBe(200);
    await mailTo(m.u.account, `C2C order ${a.no}: cancelled`);
    expect(subjects(buyer.account)).not.toContain(`C2C order ${a.no}: cancelled`);

    const b = (await order(w, buyer, adId, '720')).body.data;
    await advance(w, 15 * 60_000 + 6_000);
    for (const to of [buyer.account, m.u.account]) {
      const mail = await mailTo(to, `C2C order ${b.no}: payment time ran out`);
      expect(mail.text).toContain('If you did pay, you can still appeal for a while.');
    }
    // The appeal window (15 minutes by default) ends: the escrow returns, both are told.
    await advance(w, 15 * 60_000 + 6_000);
    for (const to of [buyer.account, m.u.account]) await mailTo(to, `C2C order ${b.no}: cancelled`);
    expectEscrowConsistent(w);
  });
});

import { ERRORS, type ErrorKey, errorMessage, type Lang } from '@bourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../lib/errors';
import { type ApiAnswer, get, loginOperator, post, registerUser, type TestUser } from '../../test/harness';
import { SYSTEM, system, user } from '../ledger';
import { codeFor, enableTwoFactor, settleClock } from '../security/testing';
import {
  depositAddress,
  EXTERNAL,
  expectReconciled,
  fund,
  FUND_PASSWORD,
  operatorLogin,
  spot,
  startWalletServer,
  type WalletServer,
  walletUser,
} from './testing';

let w: WalletServer;

beforeAll(async () => {
  w = await startWalletServer();
});
afterAll(async () => {
  await w.server.close();
});

const HOUR = 3600_000;

function expectError(answer: ApiAnswer, key: ErrorKey, lang: Lang = 'en', params?: Record<string, string | number>) {
  expect(answer.body.code, answer.body.msg).toBe(ERRORS[key].code);
  expect(answer.body.msg).toBe(errorMessage(key, lang, params));
  expect(answer.body.data).toBeNull();
}

interface DepositView {
  id: number;
  status: string;
  confirmations: number;
  amount: string;
  txHash: string;
  creditConfirmations: number;
  doneConfirmations: number;
}
interface WithdrawalView {
  id: number;
  status: string;
  txHash: string | null;
  confirmations: number;
  requiredConfirmations: number;
  amount: string;
  fee: string;
  total: string;
  rejectReason: string | null;
  failReason: string | null;
  cancellable: boolean;
}

async function deposits(u: TestUser): Promise<DepositView[]> {
  const answer = await get<{ list: DepositView[] }>(w.server, '/mapi/wallet/deposits', { token: u.token });
  expect(answer.body.code, answer.body.msg).toBe(200);
  return answer.body.data.list;
}

function withdraw(u: TestUser, body: Record<string, unknown>, lang = 'en') {
  return post<WithdrawalView>(
    w.server,
    '/mapi/wallet/withdraw',
    { asset: 'USDT', network: 'TRC20', address: EXTERNAL.TRC20, fundPassword: FUND_PASSWORD, ...body },
    { token: u.token, lang },
  );
}

async function withdrawalCount(uid: number): Promise<number> {
  return (
    w.server.ctx.db.prepare('SELECT COUNT(*) AS n FROM wallet_withdrawals WHERE uid = ?').get(uid) as { n: number }
  ).n;
}

describe('coins, networks and deposit addresses', () => {
  it('lists each coin with its networks, fees, minimums and confirmation counts', async () => {
    const u = await registerUser(w.server);
    const answer = await get<
      {
        asset: string;
        networks: {
          network: string;
          withdrawFee: string;
          withdrawMin: string;
          depositConfirmations: number;
          depositDoneConfirmations: number;
          withdrawConfirmations: number;
        }[];
      }[]
    >(w.server, '/mapi/wallet/coins', { token: u.token });
    const coins = new Map(answer.body.data.map((c) => [c.asset, c]));
    expect(coins.get('USDT')?.networks.map((n) => n.network)).toEqual(['TRC20', 'ERC20']);
    expect(coins.get('USDT')?.networks[0]).toMatchObject({
      withdrawFee: '1',
      withdrawMin: '1',
      depositConfirmations: 1,
      depositDoneConfirmations: 2,
      withdrawConfirmations: 2,
    });
    expect(coins.get('BTC')?.networks[0]).toMatchObject({
      network: 'BTC',
      withdrawMin: '0.001',
      depositConfirmations: 1,
      depositDoneConfirmations: 6,
      withdrawConfirmations: 6,
    });
    for (const asset of ['ETH', 'BNB', 'SOL', 'XRP', 'DOGE', 'TRX', 'LTC', 'BRS']) {
      expect(coins.get(asset)?.networks.length, asset).toBeGreaterThan(0);
    }
  });

  it('gives every user a real-looking address per network, the same every time, shared by the network’s coins', async () => {
    const u = await registerUser(w.server);
    const tron = await depositAddress(w, u, 'USDT', 'TRC20');
    expect(tron).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(await depositAddress(w, u, 'USDT', 'TRC20')).toBe(tron);
    expect(await depositAddress(w, u, 'TRX', 'TRC20')).toBe(tron);
    const eth = await depositAddress(w, u, 'USDT', 'ERC20');
    expect(eth).toMatch(/^0x[0-9a-f]{40}$/);
    expect(await depositAddress(w, u, 'ETH', 'ERC20')).toBe(eth);
    expect(await depositAddress(w, u, 'BTC', 'BTC')).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/);
    const other = await registerUser(w.server);
    expect(await depositAddress(w, other, 'USDT', 'TRC20')).not.toBe(tron);
  });

  it('refuses a coin on a network it does not travel on, and an unknown coin, in the caller’s language', async () => {
    const u = await registerUser(w.server);
    const wrong = await get(w.server, '/mapi/wallet/depositAddress?asset=USDT&network=DOGE', {
      token: u.token,
      lang: 'zh',
    });
    expectError(wrong, 'NETWORK_NOT_SUPPORTED', 'zh_CN', { asset: 'USDT' });
    const unknown = await get(w.server, '/mapi/wallet/depositAddress?asset=NOPE&network=TRC20', {
      token: u.token,
      lang: 'hk',
    });
    expectError(unknown, 'ASSET_NOT_FOUND', 'zh_HK');
  });

  it('hides the address of a coin whose deposits the operator suspended', async () => {
    const u = await registerUser(w.server);
    const toggle = (depositEnabled: boolean) =>
      post(
        w.server,
        '/admin/api/wallet/networks/update',
        { asset: 'LTC', network: 'LTC', depositEnabled },
        { token: w.admin },
      );
    expect((await toggle(false)).body.code).toBe(200);
    const refused = await get(w.server, '/mapi/wallet/depositAddress?asset=LTC&network=LTC', { token: u.token });
    expectError(refused, 'DEPOSITS_SUSPENDED', 'en', { asset: 'LTC' });
    expect((await toggle(true)).body.code).toBe(200);
    expect(await depositAddress(w, u, 'LTC', 'LTC')).toMatch(/^ltc1q/);
  });

  it('answers 401 without a session and refuses operator routes to users', async () => {
    expect((await get(w.server, '/mapi/wallet/balances')).body.code).toBe(401);
    const u = await registerUser(w.server);
    const answer = await get(w.server, '/admin/api/wallet/withdrawals', { token: u.token });
    expect(answer.body.code).toBe(401);
  });
});

describe('deposits', () => {
  it('shows a test deposit at once, credits it at 1 confirmation and finishes it at 2 for USDT', async () => {
    const u = await registerUser(w.server);
    const hash = await fund(w, u, 'USDT', 'TRC20', '250.5', 0);
    let list = await deposits(u);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      status: 'pending',
      confirmations: 0,
      amount: '250.5',
      txHash: hash,
      creditConfirmations: 1,
      doneConfirmations: 2,
    });
    expect(await spot(w, u, 'USDT')).toEqual({ available: '0', frozen: '0' });
    expect(w.server.ctx.ledger.userHasReason(u.uid, 'wallet.deposit')).toBe(false);

    await w.sim.mine(1);
    list = await deposits(u);
    expect(list[0]).toMatchObject({ status: 'credited', confirmations: 1 });
    expect(await spot(w, u, 'USDT')).toEqual({ available: '250.5', frozen: '0' });
    expect(w.server.ctx.ledger.userHasReason(u.uid, 'wallet.deposit')).toBe(true);

    await w.sim.mine(1);
    list = await deposits(u);
    expect(list[0]).toMatchObject({ status: 'done', confirmations: 2 });
    expect(await spot(w, u, 'USDT')).toEqual({ available: '250.5', frozen: '0' });
    expectReconciled(w);
  });

  it('finishes a BTC deposit only at 6 confirmations', async () => {
    const u = await registerUser(w.server);
    await fund(w, u, 'BTC', 'BTC', '0.25', 1);
    expect((await deposits(u))[0]).toMatchObject({ status: 'credited', confirmations: 1, doneConfirmations: 6 });
    await w.sim.mine(4);
    expect((await deposits(u))[0]).toMatchObject({ status: 'credited', confirmations: 5 });
    await w.sim.mine(1);
    expect((await deposits(u))[0]).toMatchObject({ status: 'done', confirmations: 6 });
    expect(await spot(w, u, 'BTC')).toEqual({ available: '0.25', frozen: '0' });
  });

  it('credits a transfer seen twice only once, and refuses a repeated ledger reference', async () => {
    const u = await registerUser(w.server);
    const hash = await fund(w, u, 'USDT', 'TRC20', '40');
    // Forget how far the chain was read: every transfer is seen again.
    w.server.ctx.db.prepare('DELETE FROM wallet_chain_cursors').run();
    await w.sim.mine(1);
    await w.server.ctx.wallet.sync();
    expect(await deposits(u)).toHaveLength(1);
    expect(await spot(w, u, 'USDT')).toEqual({ available: '40', frozen: '0' });

    const repeat = () =>
      w.server.ctx.ledger.transfer({
        reference: `wallet:deposit:TRC20:${hash}:0`,
        reason: 'wallet.deposit',
        from: system(SYSTEM.hotWallet, 'USDT'),
        to: user(u.uid, 'spot', 'USDT'),
        amount: 40_00000000n,
      });
    expect(repeat).toThrow(DomainError);
    expect(await spot(w, u, 'USDT')).toEqual({ available: '40', frozen: '0' });
    expectReconciled(w);
  });

  it('records but never credits a deposit below the minimum or one dropped from the mempool', async () => {
    const u = await registerUser(w.server);
    await fund(w, u, 'USDT', 'TRC20', '0.001', 3);
    const dropped = await fund(w, u, 'USDT', 'TRC20', '5', 0);
    const fail = await post(w.server, '/admin/api/wallet/chain/fail', { txHash: dropped }, { token: w.admin });
    expect(fail.body.code).toBe(200);
    await w.sim.mine(3);
    const list = await deposits(u);
    expect(list.map((d) => d.status).sort()).toEqual(['below_min', 'failed']);
    expect(await spot(w, u, 'USDT')).toEqual({ available: '0', frozen: '0' });
    expectReconciled(w);
  });

  it('sends a test deposit to an address nobody here owns without crediting anyone', async () => {
    const answer = await post<{ uid: number | null }>(
      w.server,
      '/admin/api/wallet/chain/deposit',
      { asset: 'USDT', network: 'TRC20', address: EXTERNAL.TRC20, amount: '3' },
      { token: w.admin },
    );
    expect(answer.body.code).toBe(200);
    expect(answer.body.data.uid).toBeNull();
    await w.sim.mine(2);
    expectReconciled(w);
  });

  it('refuses a test deposit to a malformed address', async () => {
    const answer = await post(
      w.server,
      '/admin/api/wallet/chain/deposit',
      { asset: 'USDT', network: 'TRC20', address: EXTERNAL.ERC20, amount: '3' },
      { token: w.admin },
    );
    expectError(answer, 'WRONG_ADDRESS');
  });
});

describe('withdrawal rules', () => {
  let u: TestUser;
  beforeAll(async () => {
    u = await walletUser(w);
    await fund(w, u, 'USDT', 'TRC20', '100');
  });

  it('needs a fund password, and the right one', async () => {
    const noPassword = await registerUser(w.server);
    await fund(w, noPassword, 'USDT', 'TRC20', '10');
    expectError(await withdraw(noPassword, { amount: '2' }), 'FUND_PASSWORD_NOT_SET');
    expectError(await withdraw(u, { amount: '2', fundPassword: '999999' }), 'WRONG_FUND_PASSWORD', 'en', { left: 4 });
    // A right password clears the count of wrong ones.
    const okAnswer = await withdraw(u, { amount: '2' });
    expect(okAnswer.body.code).toBe(200);
    await post(w.server, '/mapi/wallet/cancelWithdraw', { id: okAnswer.body.data.id }, { token: u.token });
    const malformed = await withdraw(u, { amount: '2', fundPassword: '12ab' });
    expectError(malformed, 'FUND_PASSWORD_FORMAT');
  });

  it('refuses a wrong address, the user’s own deposit address, and bad amounts, changing nothing', async () => {
    const before = await withdrawalCount(u.uid);
    expectError(await withdraw(u, { amount: '2', address: EXTERNAL.ERC20 }, 'zh'), 'WRONG_ADDRESS', 'zh_CN');
    expectError(await withdraw(u, { amount: '2', address: 'T123' }), 'WRONG_ADDRESS');
    // An EVM address with one letter's case flipped breaks its EIP-55 checksum: a typo, refused.
    const typo = EXTERNAL.ERC20.replace('dAC17', 'DAC17');
    expectError(await withdraw(u, { network: 'ERC20', amount: '2', address: typo }, 'fr'), 'WRONG_ADDRESS', 'fr');
    const own = await depositAddress(w, u, 'USDT', 'TRC20');
    expectError(await withdraw(u, { amount: '2', address: own }, 'hk'), 'WITHDRAW_OWN_ADDRESS', 'zh_HK');
    // Any other user's coin on the same chain shares the address: still the user's own.
    expectError(await withdraw(u, { asset: 'TRX', amount: '2', address: own }), 'WITHDRAW_OWN_ADDRESS');
    expectError(await withdraw(u, { amount: '0.5' }), 'BELOW_MIN_WITHDRAWAL', 'en', { min: '1', asset: 'USDT' });
    expectError(await withdraw(u, { amount: '0.5' }, 'zh'), 'BELOW_MIN_WITHDRAWAL', 'zh_CN', {
      min: '1',
      asset: 'USDT',
    });
    expectError(await withdraw(u, { amount: '1000001' }), 'ABOVE_MAX_WITHDRAWAL', 'en', {
      max: '1000000',
      asset: 'USDT',
    });
    expectError(await withdraw(u, { amount: '1.1234567' }, 'fr'), 'AMOUNT_PRECISION', 'fr', { decimals: 6 });
    expectError(await withdraw(u, { amount: '1e3' }), 'AMOUNT_INVALID');
    expectError(await withdraw(u, { amount: '-5' }), 'AMOUNT_INVALID');
    expectError(await withdraw(u, { amount: '99.5' }, 'es'), 'INSUFFICIENT_BALANCE', 'es');
    expectError(await withdraw(u, { network: 'DOGE', amount: '2' }), 'NETWORK_NOT_SUPPORTED', 'en', { asset: 'USDT' });
    expect(await withdrawalCount(u.uid)).toBe(before);
    expect(await spot(w, u, 'USDT')).toEqual({ available: '100', frozen: '0' });
  });

  it('accepts exactly amount + fee = available', async () => {
    const full = await withdraw(u, { amount: '99', remark: 'all of it' });
    expect(full.body.code).toBe(200);
    expect(full.body.data).toMatchObject({ amount: '99', fee: '1', total: '100', status: 'review', cancellable: true });
    expect(await spot(w, u, 'USDT')).toEqual({ available: '0', frozen: '100' });
    const cancel = await post<WithdrawalView>(
      w.server,
      '/mapi/wallet/cancelWithdraw',
      { id: full.body.data.id },
      { token: u.token },
    );
    expect(cancel.body.data.status).toBe('cancelled');
    expect(await spot(w, u, 'USDT')).toEqual({ available: '100', frozen: '0' });
  });

  it('shows what a withdrawal costs and allows', async () => {
    const info = await get<Record<string, unknown>>(w.server, '/mapi/wallet/withdrawInfo?asset=USDT&network=TRC20', {
      token: u.token,
    });
    expect(info.body.data).toMatchObject({
      available: '100',
      withdrawFee: '1',
      withdrawMin: '1',
      withdrawPrecision: 6,
      maxAmount: '99',
      lockedUntil: null,
      fundPasswordSet: true,
      twoFactor: false,
    });
  });

  it('is locked for 24 hours after a login-password change', async () => {
    const v = await walletUser(w);
    await fund(w, v, 'USDT', 'TRC20', '20');
    const changed = await post(
      w.server,
      '/mapi/user/updatePassword',
      { oldPassword: v.password, password: 'newsecret1', confirmPassword: 'newsecret1' },
      { token: v.token },
    );
    expect(changed.body.code).toBe(200);
    expectError(await withdraw(v, { amount: '2' }, 'hk'), 'WITHDRAW_LOCKED_PASSWORD_CHANGE', 'zh_HK');
    const info = await get<{ lockReason: string; lockedUntil: number }>(
      w.server,
      '/mapi/wallet/withdrawInfo?asset=USDT&network=TRC20',
      { token: v.token },
    );
    expect(info.body.data.lockReason).toBe('password');
    expect(info.body.data.lockedUntil).toBeGreaterThan(w.server.clock.now() + 23 * HOUR);
    w.server.clock.advance(24 * HOUR + 1000);
    w.admin = await operatorLogin(w.server);
    expect((await withdraw(v, { amount: '2' })).body.code).toBe(200);
  });

  it('is locked for 24 hours after two-factor is switched off, and the security centre says why', async () => {
    const v = await walletUser(w);
    await fund(w, v, 'USDT', 'TRC20', '20');
    const secret = await enableTwoFactor(w.server, v);
    // On: withdrawals need a code, and are not locked.
    expect((await withdraw(v, { amount: '2', twoFactorCode: codeFor(w.server, secret) })).body.code).toBe(200);
    settleClock(w.server);
    const closed = await post(
      w.server,
      '/mapi/security/twoFactor/close',
      { code: codeFor(w.server, secret), password: v.password },
      { token: v.token },
    );
    expect(closed.body.code).toBe(200);
    const before = await withdrawalCount(v.uid);
    expectError(await withdraw(v, { amount: '2' }, 'zh'), 'WITHDRAW_LOCKED_TWO_FACTOR_OFF', 'zh_CN');
    expectError(await withdraw(v, { amount: '2' }, 'fr'), 'WITHDRAW_LOCKED_TWO_FACTOR_OFF', 'fr');
    expect(await withdrawalCount(v.uid)).toBe(before);
    const overview = await get<{ withdrawLockReason: string; withdrawLockedUntil: number }>(
      w.server,
      '/mapi/security/overview',
      { token: v.token },
    );
    expect(overview.body.data.withdrawLockReason).toBe('twoFactor');
    expect(overview.body.data.withdrawLockedUntil).toBeGreaterThan(w.server.clock.now() + 23 * HOUR);
    expect(overview.body.data.withdrawLockedUntil).toBeLessThanOrEqual(w.server.clock.now() + 24 * HOUR);
    const info = await get<{ lockReason: string }>(w.server, '/mapi/wallet/withdrawInfo?asset=USDT&network=TRC20', {
      token: v.token,
    });
    expect(info.body.data.lockReason).toBe('twoFactor');
    // Another user is not affected.
    const other = await walletUser(w);
    await fund(w, other, 'USDT', 'TRC20', '5');
    expect((await withdraw(other, { amount: '2' })).body.code).toBe(200);
    w.server.clock.advance(24 * HOUR + 1000);
    w.admin = await operatorLogin(w.server);
    expect((await withdraw(v, { amount: '2' })).body.code).toBe(200);
  });

  it('is locked for 24 hours after adding or editing a withdrawal address, not after deleting one', async () => {
    const v = await walletUser(w);
    await fund(w, v, 'USDT', 'TRC20', '20');
    const add = (address: string, label = 'cold') =>
      post<{ id: number; address: string }>(
        w.server,
        '/mapi/wallet/addAddress',
        { asset: 'USDT', network: 'ERC20', address, label, fundPassword: FUND_PASSWORD },
        { token: v.token },
      );
    const added = await add(EXTERNAL.ERC20);
    expect(added.body.code).toBe(200);
    expect(added.body.data.address).toBe(EXTERNAL.ERC20.toLowerCase());
    expectError(await add(EXTERNAL.ERC20.toLowerCase()), 'ADDRESS_EXISTS');
    expectError(await add(await depositAddress(w, v, 'USDT', 'ERC20')), 'WITHDRAW_OWN_ADDRESS');
    expectError(await add('0x1234'), 'WRONG_ADDRESS');
    const wrongPassword = await post(
      w.server,
      '/mapi/wallet/addAddress',
      { asset: 'USDT', network: 'TRC20', address: EXTERNAL.TRC20, label: '', fundPassword: '000000' },
      { token: v.token },
    );
    expectError(wrongPassword, 'WRONG_FUND_PASSWORD', 'en', { left: 4 });

    expectError(await withdraw(v, { amount: '2' }), 'WITHDRAW_LOCKED_ADDRESS_CHANGE');
    w.server.clock.advance(20 * HOUR);
    const edit = await post(
      w.server,
      '/mapi/wallet/updateAddress',
      { id: added.body.data.id, address: '0x' + 'ab'.repeat(20), label: 'new', fundPassword: FUND_PASSWORD },
      { token: v.token },
    );
    expect(edit.body.code).toBe(200);
    w.server.clock.advance(20 * HOUR);
    // 40 hours after adding, but only 20 after the edit.
    expectError(await withdraw(v, { amount: '2' }, 'es'), 'WITHDRAW_LOCKED_ADDRESS_CHANGE', 'es');
    w.server.clock.advance(4 * HOUR + 1000);
    w.admin = await operatorLogin(w.server);
    expect((await withdraw(v, { amount: '2' })).body.code).toBe(200);
    const removed = await post(w.server, '/mapi/wallet/deleteAddress', { id: added.body.data.id }, { token: v.token });
    expect(removed.body.code).toBe(200);
    expect((await withdraw(v, { amount: '2' })).body.code).toBe(200);
    const book = await get<unknown[]>(w.server, '/mapi/wallet/addresses', { token: v.token });
    expect(book.body.data).toEqual([]);
    // Someone else's entry is not found.
    const other = await walletUser(w);
    expectError(
      await post(w.server, '/mapi/wallet/deleteAddress', { id: added.body.data.id }, { token: other.token }),
      'NOT_FOUND',
    );
  });

  it('keeps at most 50 saved addresses', async () => {
    const v = await walletUser(w);
    const insert = w.server.ctx.db.prepare(
      `INSERT INTO wallet_address_book (uid, asset, network, address, label, created_at, changed_at)
       VALUES (?, 'ETH', 'ERC20', ?, '', 0, 0)`,
    );
    for (let i = 0; i < 50; i++) insert.run(v.uid, `0x${i.toString(16).padStart(40, '0')}`);
    const answer = await post(
      w.server,
      '/mapi/wallet/addAddress',
      { asset: 'ETH', network: 'ERC20', address: EXTERNAL.ERC20, label: 'one more', fundPassword: FUND_PASSWORD },
      { token: v.token, lang: 'zh' },
    );
    expectError(answer, 'ADDRESS_BOOK_FULL', 'zh_CN', { max: 50 });
  });

  it('needs the two-factor code when the user has two-factor on', async () => {
    const v = await walletUser(w);
    await fund(w, v, 'USDT', 'TRC20', '20');
    w.server.ctx.account.useSecondFactor({
      isEnabled: (uid) => uid === v.uid,
      verify: (_uid, code) => {
        if (code !== '135790') throw new DomainError('WRONG_TWO_FACTOR_CODE');
      },
    });
    expectError(await withdraw(v, { amount: '2' }), 'TWO_FACTOR_REQUIRED');
    expectError(await withdraw(v, { amount: '2', twoFactorCode: '111111' }), 'WRONG_TWO_FACTOR_CODE');
    expect((await withdraw(v, { amount: '2', twoFactorCode: '135790' })).body.code).toBe(200);
    expect(await withdrawalCount(v.uid)).toBe(1);
  });

  it('acts once on a repeated request id', async () => {
    const v = await walletUser(w);
    await fund(w, v, 'USDT', 'TRC20', '20');
    const first = await withdraw(v, { amount: '2', requestId: 'retry-me-0001' });
    expect(first.body.code).toBe(200);
    // The repeat is answered with the first result and moves nothing.
    const again = await withdraw(v, { amount: '2', requestId: 'retry-me-0001' });
    expect(again.body).toEqual(first.body);
    expect(await spot(w, v, 'USDT')).toEqual({ available: '17', frozen: '3' });
    // The same id for a different withdrawal is refused.
    expectError(await withdraw(v, { amount: '3', requestId: 'retry-me-0001' }), 'REQUEST_ID_REUSED');
  });

  it('suspends withdrawals of a coin when the operator says so', async () => {
    const suspend = await post(
      w.server,
      '/admin/api/wallet/networks/update',
      { asset: 'USDT', network: 'TRC20', withdrawEnabled: false },
      { token: w.admin },
    );
    expect(suspend.body.code).toBe(200);
    expectError(await withdraw(u, { amount: '2' }), 'WITHDRAWALS_SUSPENDED', 'en', { asset: 'USDT' });
    await post(
      w.server,
      '/admin/api/wallet/networks/update',
      { asset: 'USDT', network: 'TRC20', withdrawEnabled: true },
      { token: w.admin },
    );
    expect((await withdraw(u, { amount: '2' })).body.code).toBe(200);
  });
});

describe('withdrawal states', () => {
  async function funded(amount = '50'): Promise<TestUser> {
    const v = await walletUser(w);
    await fund(w, v, 'USDT', 'TRC20', amount);
    return v;
  }
  const approve = (id: number) =>
    post<WithdrawalView>(w.server, '/admin/api/wallet/withdrawals/approve', { id }, { token: w.admin });
  const detail = (v: TestUser, id: number) =>
    get<WithdrawalView>(w.server, `/mapi/wallet/withdrawal/${id}`, { token: v.token });

  it('goes under review → approved → broadcast → succeeded at 2 confirmations, paying the fee to the exchange', async () => {
    const v = await funded();
    const fees = w.server.ctx.ledger.balance(system(SYSTEM.fees, 'USDT')).available;
    const sent = await withdraw(v, { amount: '10' });
    expect(sent.body.data).toMatchObject({ status: 'review', total: '11', requiredConfirmations: 2 });
    expect(await spot(w, v, 'USDT')).toEqual({ available: '39', frozen: '11' });

    const queue = await get<{ list: { id: number; uid: number }[] }>(
      w.server,
      '/admin/api/wallet/withdrawals?status=review',
      { token: w.admin },
    );
    expect(queue.body.data.list.some((x) => x.id === sent.body.data.id && x.uid === v.uid)).toBe(true);

    const approved = await approve(sent.body.data.id);
    expect(approved.body.data.status).toBe('broadcast');
    expect(approved.body.data.txHash).toMatch(/^[0-9a-f]{64}$/);
    expect(approved.body.data.cancellable).toBe(false);
    expectError(
      await post(w.server, '/mapi/wallet/cancelWithdraw', { id: sent.body.data.id }, { token: v.token }),
      'WITHDRAWAL_NOT_CANCELLABLE',
    );
    await w.sim.mine(1);
    expect((await detail(v, sent.body.data.id)).body.data).toMatchObject({ status: 'broadcast', confirmations: 1 });
    expect(await spot(w, v, 'USDT')).toEqual({ available: '39', frozen: '11' });
    await w.sim.mine(1);
    expect((await detail(v, sent.body.data.id)).body.data).toMatchObject({ status: 'succeeded', confirmations: 2 });
    expect(await spot(w, v, 'USDT')).toEqual({ available: '39', frozen: '0' });
    expect(w.server.ctx.ledger.balance(system(SYSTEM.fees, 'USDT')).available - fees).toBe(1_00000000n);
    expectError(await approve(sent.body.data.id), 'ALREADY_HANDLED');
    expectReconciled(w);
  });

  it('needs two different operators above the double-review amount (maker-checker)', async () => {
    const settings = (body: unknown, token = w.admin) =>
      post<{ doubleReviewAboveUsdt: string }>(w.server, '/admin/api/wallet/settings/update', body, { token });
    expect(
      (await get<{ doubleReviewAboveUsdt: string }>(w.server, '/admin/api/wallet/settings', { token: w.admin })).body
        .data,
    ).toEqual({ doubleReviewAboveUsdt: '10000' });
    expect((await settings({ doubleReviewAboveUsdt: '-1' })).body.code).toBe(ERRORS.INVALID_PARAMS.code);
    expect((await settings({ doubleReviewAboveUsdt: '20' })).body.data).toEqual({ doubleReviewAboveUsdt: '20' });
    const finance = await loginOperator(w.server, 'finance');
    const support = await loginOperator(w.server, 'support');
    try {
      expect((await settings({ doubleReviewAboveUsdt: '1' }, support.token)).body.code).toBe(
        ERRORS.UNAUTHORIZED_OPERATION.code,
      );
      const v = await funded();
      const small = await withdraw(v, { amount: '10' });
      const large = await withdraw(v, { amount: '30' });
      const one = (id: number) =>
        get<{ approvalsRequired: number; firstReviewedBy: number | null; status: string }>(
          w.server,
          `/admin/api/wallet/withdrawals/${id}`,
          { token: w.admin },
        );
      expect((await one(small.body.data.id)).body.data.approvalsRequired).toBe(1);
      expect((await one(large.body.data.id)).body.data).toMatchObject({ approvalsRequired: 2, firstReviewedBy: null });

      const first = await approve(large.body.data.id);
      expect(first.body.data.status).toBe('review');
      const adminId = (await one(large.body.data.id)).body.data.firstReviewedBy;
      expect(adminId).not.toBeNull();
      expectError(await approve(large.body.data.id), 'SAME_OPERATOR_APPROVAL');
      expect((await one(large.body.data.id)).body.data.status).toBe('review');
      const second = await post<WithdrawalView>(
        w.server,
        '/admin/api/wallet/withdrawals/approve',
        { id: large.body.data.id },
        { token: finance.token },
      );
      expect(second.body.data.status).toBe('broadcast');
      expectReconciled(w);
    } finally {
      await settings({ doubleReviewAboveUsdt: '10000' });
    }
  });

  it('is rejected by the operator with a reason, and the frozen amount + fee come back', async () => {
    const v = await funded();
    const sent = await withdraw(v, { amount: '10' });
    const reject = (reason: string) =>
      post<WithdrawalView>(
        w.server,
        '/admin/api/wallet/withdrawals/reject',
        { id: sent.body.data.id, reason },
        { token: w.admin },
      );
    const rejected = await reject('Address flagged by compliance');
    expect(rejected.body.data).toMatchObject({ status: 'rejected', rejectReason: 'Address flagged by compliance' });
    expect(await spot(w, v, 'USDT')).toEqual({ available: '50', frozen: '0' });
    expectError(await reject('again'), 'ALREADY_HANDLED');
    // One audit row: the refused second attempt rolled back with its row.
    const audit = w.server.ctx.db
      .prepare("SELECT route, target, change FROM operator_audit WHERE target = ? AND outcome = 'done'")
      .all(`id=${sent.body.data.id}`);
    expect(audit).toEqual([
      {
        route: 'POST /admin/api/wallet/withdrawals/reject',
        target: `id=${sent.body.data.id}`,
        change: JSON.stringify({ id: sent.body.data.id, reason: 'Address flagged by compliance' }),
      },
    ]);
    expectReconciled(w);
  });

  it('fails when the network refuses the send, releasing amount + fee', async () => {
    const v = await funded();
    const sent = await withdraw(v, { amount: '10' });
    w.sim.failNextSends(1);
    const approved = await approve(sent.body.data.id);
    expect(approved.body.data.status).toBe('failed');
    expect(approved.body.data.failReason).toMatch(/refused/);
    expect(await spot(w, v, 'USDT')).toEqual({ available: '50', frozen: '0' });
    expectReconciled(w);
  });

  it('fails when its transaction is dropped from the mempool; a mined one can no longer be dropped', async () => {
    const v = await funded();
    const sent = await withdraw(v, { amount: '10' });
    const approved = await approve(sent.body.data.id);
    const txHash = approved.body.data.txHash ?? '';
    const dropped = await post(w.server, '/admin/api/wallet/chain/fail', { txHash }, { token: w.admin });
    expect(dropped.body.code).toBe(200);
    expect((await detail(v, sent.body.data.id)).body.data.status).toBe('failed');
    expect(await spot(w, v, 'USDT')).toEqual({ available: '50', frozen: '0' });

    const second = await withdraw(v, { amount: '10' });
    const approvedAgain = await approve(second.body.data.id);
    await w.sim.mine(1);
    const late = await post(
      w.server,
      '/admin/api/wallet/chain/fail',
      { txHash: approvedAgain.body.data.txHash },
      { token: w.admin },
    );
    expectError(late, 'TRANSACTION_ALREADY_MINED');
    expectReconciled(w);
  });

  it('lets nobody else read or cancel a withdrawal', async () => {
    const v = await funded();
    const intruder = await walletUser(w);
    const sent = await withdraw(v, { amount: '10' });
    expectError(await detail(intruder, sent.body.data.id), 'NOT_FOUND');
    expectError(
      await post(w.server, '/mapi/wallet/cancelWithdraw', { id: sent.body.data.id }, { token: intruder.token }),
      'NOT_FOUND',
    );
    const list = await get<{ total: number }>(w.server, '/mapi/wallet/withdrawals', { token: intruder.token });
    expect(list.body.data.total).toBe(0);
    const records = await get<{ total: number }>(w.server, '/mapi/wallet/records', { token: intruder.token });
    expect(records.body.data.total).toBe(0);
    expect((await detail(v, sent.body.data.id)).body.data.status).toBe('review');
    expectError(await detail(v, 999999), 'NOT_FOUND');
  });

  it('arrives as a deposit when sent to another user’s deposit address', async () => {
    const v = await funded();
    const friend = await registerUser(w.server);
    const address = await depositAddress(w, friend, 'USDT', 'TRC20');
    const sent = await withdraw(v, { amount: '12', address });
    await approve(sent.body.data.id);
    await w.sim.mine(2);
    expect(await spot(w, friend, 'USDT')).toEqual({ available: '12', frozen: '0' });
    expect((await detail(v, sent.body.data.id)).body.data.status).toBe('succeeded');
    expectReconciled(w);
  });
});

describe('transfers between own wallets', () => {
  it('moves a positive amount up to the available balance, and nothing else', async () => {
    const v = await walletUser(w);
    await fund(w, v, 'USDT', 'TRC20', '30');
    const transfer = (body: Record<string, unknown>, lang = 'en') =>
      post<{ id: number; amount: string }>(
        w.server,
        '/mapi/wallet/transfer',
        { asset: 'USDT', from: 'spot', to: 'contract', ...body },
        { token: v.token, lang },
      );
    expectError(await transfer({ amount: '0' }, 'zh'), 'TRANSFER_AMOUNT_INVALID', 'zh_CN');
    expectError(await transfer({ amount: '30.00000001' }), 'TRANSFER_AMOUNT_INVALID');
    expectError(await transfer({ amount: '1', to: 'spot' }), 'SAME_WALLET');
    expectError(await transfer({ amount: '1.000000001' }), 'AMOUNT_PRECISION', 'en', { decimals: 8 });
    expect((await transfer({ amount: '1', to: 'savings' })).body.code).toBe(ERRORS.INVALID_PARAMS.code);
    const moved = await transfer({ amount: '12.5', requestId: 'transfer-0001' });
    expect(moved.body.data.amount).toBe('12.5');
    expect((await transfer({ amount: '12.5', requestId: 'transfer-0001' })).body.data).toEqual(moved.body.data);
    expectError(await transfer({ amount: '1', requestId: 'transfer-0001' }), 'REQUEST_ID_REUSED');
    const balances = await get<{ wallets: { wallet: string; assets: { asset: string; available: string }[] }[] }>(
      w.server,
      '/mapi/wallet/balances',
      { token: v.token },
    );
    const find = (wallet: string) =>
      balances.body.data.wallets.find((x) => x.wallet === wallet)?.assets.find((a) => a.asset === 'USDT')?.available;
    expect(find('spot')).toBe('17.5');
    expect(find('contract')).toBe('12.5');
    expectReconciled(w);
  });

  it('refuses to move out of the contract wallet while a guard says a position is open', async () => {
    const v = await walletUser(w);
    await fund(w, v, 'USDT', 'TRC20', '30');
    let open = false;
    w.server.ctx.wallet.addTransferGuard(({ uid, from }) => {
      if (open && uid === v.uid && from === 'contract') throw new DomainError('TRANSFER_POSITION_OPEN');
    });
    const move = (from: string, to: string) =>
      post(w.server, '/mapi/wallet/transfer', { asset: 'USDT', from, to, amount: '5' }, { token: v.token, lang: 'hk' });
    expect((await move('spot', 'contract')).body.code).toBe(200);
    open = true;
    expectError(await move('contract', 'spot'), 'TRANSFER_POSITION_OPEN', 'zh_HK');
    expect((await move('spot', 'contract')).body.code).toBe(200);
    open = false;
    expect((await move('contract', 'spot')).body.code).toBe(200);
  });

  it('takes nothing into the wallet of a product switched off, lets what is there out, and hides it once empty', async () => {
    const v = await walletUser(w);
    await fund(w, v, 'USDT', 'TRC20', '30');
    const move = (from: string, to: string, amount = '5') =>
      post(w.server, '/mapi/wallet/transfer', { asset: 'USDT', from, to, amount }, { token: v.token, lang: 'fr' });
    const wallets = async () =>
      (
        await get<{ wallets: { wallet: string }[] }>(w.server, '/mapi/wallet/balances', { token: v.token })
      ).body.data.wallets.map((x) => x.wallet);
    expect((await move('spot', 'options')).body.code).toBe(200);
    w.server.ctx.products.setEnabled('options', false);
    try {
      expectError(await move('spot', 'options'), 'PRODUCT_CLOSED', 'fr');
      expect(await wallets()).toContain('options');
      expect((await move('options', 'spot')).body.code).toBe(200);
      expect(await wallets()).toEqual(['spot', 'contract', 'fiat', 'gold', 'mining']);
    } finally {
      w.server.ctx.products.setEnabled('options', true);
    }
    expect(await wallets()).toContain('options');
    expectReconciled(w);
  });
});

describe('flash transfers', () => {
  it('sends spot funds to another user by uid, email or phone; both see it; not to oneself', async () => {
    const sender = await walletUser(w);
    await fund(w, sender, 'USDT', 'TRC20', '100');
    const byEmail = await registerUser(w.server);
    const byPhone = await registerUser(w.server, `139${String(Date.now()).slice(-8)}`);
    const flash = (body: Record<string, unknown>, lang = 'en') =>
      post<{ id: number; to: { uid: number; account: string } }>(
        w.server,
        '/mapi/wallet/flash',
        { asset: 'USDT', fundPassword: FUND_PASSWORD, ...body },
        { token: sender.token, lang },
      );

    const who = await get<{ uid: number; account: string }>(
      w.server,
      `/mapi/wallet/flashRecipient?to=${encodeURIComponent(byEmail.account.toUpperCase())}`,
      { token: sender.token },
    );
    expect(who.body.data.uid).toBe(byEmail.uid);
    expect(who.body.data.account).toMatch(/\*\*\*@example\.com$/);

    expectError(await flash({ to: String(sender.uid), amount: '1' }, 'zh'), 'FLASH_TO_SELF', 'zh_CN');
    expectError(await flash({ to: 'nobody@example.com', amount: '1' }), 'USER_NOT_FOUND');
    expectError(await flash({ to: '99999999', amount: '1' }), 'USER_NOT_FOUND');
    expectError(await flash({ to: byEmail.account, amount: '0' }), 'TRANSFER_AMOUNT_INVALID');
    expectError(await flash({ to: byEmail.account, amount: '100.01' }), 'INSUFFICIENT_BALANCE');
    expectError(
      await flash({ to: byEmail.account, amount: '1', fundPassword: '000000' }),
      'WRONG_FUND_PASSWORD',
      'en',
      {
        left: 4,
      },
    );

    expect((await flash({ to: byEmail.account, amount: '10' })).body.code).toBe(200);
    expect((await flash({ to: String(byEmail.uid), amount: '5' })).body.code).toBe(200);
    expect((await flash({ to: byPhone.account, amount: '1.25' })).body.code).toBe(200);
    expect(await spot(w, sender, 'USDT')).toEqual({ available: '83.75', frozen: '0' });
    expect(await spot(w, byEmail, 'USDT')).toEqual({ available: '15', frozen: '0' });
    expect(await spot(w, byPhone, 'USDT')).toEqual({ available: '1.25', frozen: '0' });

    type Rec = { type: string; direction: string; amount: string; counterparty: { uid: number } | null };
    const sent = await get<{ list: Rec[] }>(w.server, '/mapi/wallet/records?type=flash', { token: sender.token });
    expect(sent.body.data.list.map((r) => [r.type, r.direction, r.amount, r.counterparty?.uid])).toEqual([
      ['flash_out', 'out', '1.25', byPhone.uid],
      ['flash_out', 'out', '5', byEmail.uid],
      ['flash_out', 'out', '10', byEmail.uid],
    ]);
    const got = await get<{ list: Rec[] }>(w.server, '/mapi/wallet/records', { token: byEmail.token });
    expect(got.body.data.list.map((r) => [r.type, r.direction, r.amount, r.counterparty?.uid])).toEqual([
      ['flash_in', 'in', '5', sender.uid],
      ['flash_in', 'in', '10', sender.uid],
    ]);
    expect(w.server.ctx.ledger.userHasReason(byEmail.uid, 'wallet.flash')).toBe(true);
    expectReconciled(w);
  });
});

describe('balances and records', () => {
  it('values USDT at 1, shows other coins without a value until a price source exists', async () => {
    const v = await walletUser(w);
    await fund(w, v, 'USDT', 'TRC20', '10');
    await fund(w, v, 'BTC', 'BTC', '0.5');
    type B = {
      valueUsdt: string;
      unpriced: string[];
      wallets: { wallet: string; valueUsdt: string; assets: { asset: string; valueUsdt: string | null }[] }[];
    };
    let b = (await get<B>(w.server, '/mapi/wallet/balances', { token: v.token })).body.data;
    expect(b.wallets.map((x) => x.wallet)).toEqual(['spot', 'contract', 'fiat', 'options', 'gold', 'mining']);
    expect(b.valueUsdt).toBe('10');
    expect(b.unpriced).toEqual(['BTC']);
    expect(b.wallets[0]?.assets.find((a) => a.asset === 'BTC')?.valueUsdt).toBeNull();
    w.server.ctx.wallet.usePriceSource({ usdtPrice: (asset) => (asset === 'BTC' ? 60_000_00000000n : null) });
    b = (await get<B>(w.server, '/mapi/wallet/balances', { token: v.token })).body.data;
    expect(b.valueUsdt).toBe('30010');
    expect(b.unpriced).toEqual([]);
    w.server.ctx.wallet.usePriceSource({ usdtPrice: () => null });
  });

  it('lists every movement of the last 3 months, filtered by type and coin, paged', async () => {
    const v = await walletUser(w);
    await fund(w, v, 'USDT', 'TRC20', '30');
    await fund(w, v, 'ETH', 'ERC20', '1');
    await post(
      w.server,
      '/mapi/wallet/transfer',
      { asset: 'USDT', from: 'spot', to: 'gold', amount: '2' },
      { token: v.token },
    );
    await withdraw(v, { amount: '3' });
    type R = {
      list: { type: string; asset: string; status: string; amount: string; fee: string; direction: string }[];
      total: number;
    };
    const all = (await get<R>(w.server, '/mapi/wallet/records?size=2', { token: v.token })).body.data;
    expect(all.total).toBe(4);
    expect(all.list.map((r) => r.type)).toEqual(['withdraw', 'transfer']);
    // A withdrawal of 3 costs 4: what arrives, and the network fee charged on top, both on the record.
    expect(all.list[0]).toMatchObject({ amount: '3', fee: '1', direction: 'out', status: 'review' });
    expect(all.list[1]).toMatchObject({ amount: '2', fee: '0', direction: 'internal', status: 'done' });
    const page2 = (await get<R>(w.server, '/mapi/wallet/records?size=2&page=2', { token: v.token })).body.data;
    expect(page2.list.map((r) => `${r.type}:${r.asset}:${r.status}`)).toEqual([
      'deposit:ETH:done',
      'deposit:USDT:done',
    ]);
    const usdtDeposits = (await get<R>(w.server, '/mapi/wallet/records?type=deposit&asset=USDT', { token: v.token }))
      .body.data;
    expect(usdtDeposits.total).toBe(1);
    // Older than three months: out of the list (records are read from the ledger's statements: its entry's time).
    const transferId = (
      w.server.ctx.db.prepare('SELECT id FROM wallet_transfers WHERE uid = ?').get(v.uid) as { id: number }
    ).id;
    w.server.ctx.db
      .prepare('UPDATE journal_entries SET created_at = created_at - ? WHERE reference = ?')
      .run(95 * 24 * HOUR, `wallet:transfer:${transferId}`);
    expect((await get<R>(w.server, '/mapi/wallet/records', { token: v.token })).body.data.total).toBe(3);
    const bad = await get(w.server, '/mapi/wallet/records?type=trade', { token: v.token });
    expect(bad.body.code).toBe(ERRORS.INVALID_PARAMS.code);
  });
});

describe('operator', () => {
  it('audits test deposits and mining, and reports the chain', async () => {
    const mined = await post<{ height: number; simulated: boolean }>(
      w.server,
      '/admin/api/wallet/chain/mine',
      { blocks: 2 },
      { token: w.admin },
    );
    expect(mined.body.data.simulated).toBe(true);
    expect(mined.body.data.height).toBe(w.sim.height());
    const routes = w.server.ctx.db
      .prepare("SELECT DISTINCT route FROM operator_audit WHERE route LIKE 'POST /admin/api/wallet/%' ORDER BY route")
      .all()
      .map((r) => (r as { route: string }).route);
    expect(routes).toEqual(
      expect.arrayContaining([
        'POST /admin/api/wallet/chain/deposit',
        'POST /admin/api/wallet/chain/fail',
        'POST /admin/api/wallet/chain/mine',
        'POST /admin/api/wallet/networks/update',
        'POST /admin/api/wallet/withdrawals/approve',
        'POST /admin/api/wallet/withdrawals/reject',
      ]),
    );
    const report = await get<{ ok: boolean; assets: { asset: string; deposited: string | null }[] }>(
      w.server,
      '/admin/api/ledger/reconcile',
      { token: w.admin },
    );
    expect(report.body.data.ok).toBe(true);
    expect(report.body.data.assets.find((a) => a.asset === 'USDT')?.deposited).not.toBe('0');
  });
});

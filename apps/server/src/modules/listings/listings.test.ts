import { type AdminListing, ERRORS, type ListingApplication } from '@bourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, loginOperator, post, registerUser, type TestServer } from '../../test/harness';
import { startSpotServer } from '../spot/testing';

let server: TestServer;
beforeAll(async () => {
  server = await startSpotServer();
});
afterAll(async () => {
  await server.close();
});

const FORM = {
  projectName: 'Moon Project',
  symbol: 'moon',
  chain: 'ERC20',
  contractAddress: '0x1111111111111111111111111111111111111111',
  website: 'https://moon.example',
  whitepaper: '',
  totalSupply: '1000000000',
  contactName: 'Jane Doe',
  contact: 'jane@moon.example',
  description: 'A token for the moon.',
};

describe('coin-listing applications', () => {
  it('an application is queued, reviewed once by an operator (audited) and its outcome shown to the applicant', async () => {
    const applicant = await registerUser(server);
    const sent = await post<ListingApplication>(server, '/mapi/listing/apply', FORM, { token: applicant.token });
    expect(sent.body.data).toMatchObject({ symbol: 'MOON', status: 'pending', reason: null, whitepaper: '' });
    const twice = await post(server, '/mapi/listing/apply', FORM, { token: applicant.token });
    expect(twice.body.code).toBe(ERRORS.LISTING_PENDING_EXISTS.code);
    const listed = await post(server, '/mapi/listing/apply', { ...FORM, symbol: 'USDT' }, { token: applicant.token });
    expect(listed.body.code).toBe(ERRORS.LISTING_ASSET_LISTED.code);
    const bad = await post(server, '/mapi/listing/apply', { ...FORM, website: 'moon' }, { token: applicant.token });
    expect(bad.body.code).toBe(ERRORS.INVALID_PARAMS.code);

    const op = await loginOperator(server, 'risk');
    const queue = await get<{ list: AdminListing[]; total: number }>(server, '/admin/api/listings?status=pending', {
      token: op.token,
    });
    expect(queue.body.data.list[0]).toMatchObject({ id: sent.body.data.id, uid: applicant.uid, status: 'pending' });
    const noReason = await post(
      server,
      `/admin/api/listings/${sent.body.data.id}/reject`,
      { reason: ' ' },
      {
        token: op.token,
      },
    );
    expect(noReason.body.code).toBe(ERRORS.LISTING_REASON_REQUIRED.code);
    const rejected = await post<AdminListing>(
      server,
      `/admin/api/listings/${sent.body.data.id}/reject`,
      { reason: 'Too little liquidity' },
      { token: op.token },
    );
    expect(rejected.body.data).toMatchObject({ status: 'rejected', reason: 'Too little liquidity', reviewedBy: op.id });
    const again = await post(server, `/admin/api/listings/${sent.body.data.id}/approve`, undefined, {
      token: op.token,
    });
    expect(again.body.code).toBe(ERRORS.LISTING_ALREADY_REVIEWED.code);

    // A new application for the same coin after the rejection, approved this time.
    const second = await post<ListingApplication>(server, '/mapi/listing/apply', FORM, { token: applicant.token });
    const approved = await post<AdminListing>(server, `/admin/api/listings/${second.body.data.id}/approve`, undefined, {
      token: op.token,
    });
    expect(approved.body.data.status).toBe('approved');
    const mine = await get<{ list: ListingApplication[] }>(server, '/mapi/listing/mine', { token: applicant.token });
    expect(mine.body.data.list.map((a) => [a.status, a.reason])).toEqual([
      ['approved', null],
      ['rejected', 'Too little liquidity'],
    ]);

    // Someone else sees none of it; a support operator may not review.
    const other = await registerUser(server);
    expect((await get<{ total: number }>(server, '/mapi/listing/mine', { token: other.token })).body.data.total).toBe(
      0,
    );
    const support = await loginOperator(server, 'support');
    expect((await get(server, '/admin/api/listings', { token: support.token })).body.code).not.toBe(200);

    // Every decision is in the operators' audit trail.
    const admin = await loginOperator(server, 'admin');
    const audit = await get<{ list: { route: string; outcome: string; operatorId: number }[] }>(
      server,
      `/admin/api/audit?route=${encodeURIComponent('POST /admin/api/listings')}`,
      { token: admin.token },
    );
    expect(audit.body.data.list.filter((a) => a.outcome === 'done').map((a) => a.operatorId)).toEqual([op.id, op.id]);
  });
});

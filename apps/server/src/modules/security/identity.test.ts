import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ERRORS, errorMessage, type ErrorKey, type IdentityInfo } from '@bourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, post, registerUser, startServer, type TestServer, type TestUser } from '../../test/harness';
import { jpegImage, pngImage, webpImage } from '../../test/images';
import { operatorToken, upload, type UploadFile } from './testing';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startServer();
  admin = await operatorToken(server);
});
afterAll(async () => {
  await server.close();
});

let numberCounter = 0;
function fields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    type: 'id_card',
    familyName: 'Zhang',
    givenName: 'Wei',
    number: `11010519491231${String(++numberCounter).padStart(4, '0')}`,
    ...overrides,
  };
}

const photos: UploadFile[] = [
  { field: 'front', bytes: pngImage(4), name: 'front.png' },
  { field: 'back', bytes: jpegImage(), name: 'back.jpg', type: 'image/jpeg' },
  { field: 'hand', bytes: webpImage(), name: 'hand.webp', type: 'image/webp' },
];

function submit(user: TestUser, f = fields(), files = photos, lang?: string) {
  return upload<IdentityInfo>(server, '/mapi/security/identity/submit', f, files, { token: user.token, lang });
}

function info(user: TestUser) {
  return get<IdentityInfo>(server, '/mapi/security/identity', { token: user.token });
}

function storedFiles(): string[] {
  const dir = path.join(server.ctx.config.uploadsDir, 'identity');
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => d.name);
  } catch {
    return [];
  }
}

function submissionCount(): number {
  return (server.ctx.db.prepare('SELECT COUNT(*) AS n FROM identity_submissions').get() as { n: number }).n;
}

async function pendingId(user: TestUser): Promise<number> {
  const list = await get<{ list: { id: number }[] }>(
    server,
    `/admin/api/identity/list?status=pending&uid=${user.uid}`,
    { token: admin },
  );
  const id = list.body.data.list[0]?.id;
  if (id === undefined) throw new Error('no pending submission');
  return id;
}

describe('identity submission', () => {
  it('starts unverified, goes under review on submission and shows the number masked', async () => {
    const user = await registerUser(server);
    expect((await info(user)).body.data.state).toBe('unverified');

    const f = fields({ familyName: ' Zhang ', number: 'ab 1234 5678' });
    const answer = await submit(user, f);
    expect(answer.body.code).toBe(200);
    expect(answer.body.data).toMatchObject({
      state: 'pending',
      type: 'id_card',
      familyName: 'Zhang',
      givenName: 'Wei',
      number: 'AB******78',
      rejectReason: null,
    });
    const profile = await get<{ security: { identity: string } }>(server, '/mapi/user/info', { token: user.token });
    expect(profile.body.data.security.identity).toBe('pending');

    const again = await submit(user, fields(), photos, 'zh');
    expect(again.body.code).toBe(ERRORS.VERIFICATION_UNDER_REVIEW.code);
    expect(again.body.msg).toBe('实名认证审核中');
  });

  it('accepts a passport without a back photo', async () => {
    const user = await registerUser(server);
    const answer = await submit(
      user,
      fields({ type: 'passport', number: 'E12345678' }),
      photos.filter((p) => p.field !== 'back'),
    );
    expect(answer.body.code).toBe(200);
    expect(answer.body.data.type).toBe('passport');
  });

  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
  const refusals: [string, Record<string, string>, UploadFile[], ErrorKey][] = [
    ['an unknown document type', { type: 'driving_licence' }, photos, 'IDENTITY_TYPE_INVALID'],
    ['a missing family name', { familyName: '' }, photos, 'IDENTITY_NAME_INVALID'],
    ['a name with digits', { givenName: 'W3i' }, photos, 'IDENTITY_NAME_INVALID'],
    ['a name of 51 letters', { givenName: 'a'.repeat(51) }, photos, 'IDENTITY_NAME_INVALID'],
    ['a document number of 4 characters', { number: 'A123' }, photos, 'IDENTITY_NUMBER_INVALID'],
    ['a document number with symbols', { number: '1234<56789' }, photos, 'IDENTITY_NUMBER_INVALID'],
    ['an ID card without its back', {}, photos.filter((p) => p.field !== 'back'), 'IDENTITY_PHOTOS_REQUIRED'],
    [
      'an SVG named .png',
      {},
      [...photos.filter((p) => p.field !== 'front'), { field: 'front', bytes: svg }],
      'UNSUPPORTED_FILE_TYPE',
    ],
    [
      'a GIF',
      {},
      [...photos.filter((p) => p.field !== 'hand'), { field: 'hand', bytes: Buffer.from('GIF89a\x01\x00\x01\x00') }],
      'UNSUPPORTED_FILE_TYPE',
    ],
    [
      'a photo over 5 MB',
      {},
      [
        ...photos.filter((p) => p.field !== 'front'),
        { field: 'front', bytes: Buffer.concat([pngImage(), Buffer.alloc(5 * 1024 * 1024)]) },
      ],
      'PAYLOAD_TOO_LARGE',
    ],
    ['a fourth file', {}, [...photos, { field: 'front', bytes: pngImage() }], 'PAYLOAD_TOO_LARGE'],
  ];

  it.each(refusals)(
    'refuses %s with its catalogue error in the caller’s language and stores nothing',
    async (_, change, files, key) => {
      const user = await registerUser(server);
      const beforeRows = submissionCount();
      const beforeFiles = storedFiles().length;
      for (const [header, lang] of [
        ['hk', 'zh_HK'],
        ['fr', 'fr'],
      ] as const) {
        const answer = await submit(user, fields(change), files, header);
        expect(answer.body.code).toBe(ERRORS[key].code);
        expect(answer.body.msg).toBe(errorMessage(key, lang));
      }
      expect(submissionCount()).toBe(beforeRows);
      expect(storedFiles().length).toBe(beforeFiles);
      expect((await info(user)).body.data.state).toBe('unverified');
    },
  );

  it('refuses a JSON body (photos come as multipart) and a file in an unknown field', async () => {
    const user = await registerUser(server);
    const answer = await post(server, '/mapi/security/identity/submit', fields(), { token: user.token });
    expect(answer.body.code).toBe(ERRORS.INVALID_PARAMS.code);
    const unknown = await submit(user, fields(), [
      ...photos.filter((p) => p.field !== 'hand'),
      { field: 'selfie', bytes: pngImage() },
    ]);
    expect(unknown.body.code).toBe(ERRORS.INVALID_PARAMS.code);
    expect((await info(user)).body.data.state).toBe('unverified');
  });

  it('stores photos under the upload folder, outside the web root, and shows them only to their owner', async () => {
    const owner = await registerUser(server);
    const other = await registerUser(server);
    expect((await submit(owner)).body.code).toBe(200);
    const uploads = path.resolve(server.ctx.config.uploadsDir);
    const rows = server.ctx.db
      .prepare(
        'SELECT p.file FROM identity_photos p JOIN identity_submissions s ON s.id = p.submission_id WHERE s.uid = ?',
      )
      .all(owner.uid) as { file: string }[];
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(path.resolve(uploads, row.file).startsWith(uploads + path.sep)).toBe(true);
      expect(row.file).toMatch(/^identity\/\d+\/[0-9a-f]{32}\.(png|jpg|webp)$/);
    }
    expect(uploads.startsWith(path.resolve(server.ctx.config.webDist))).toBe(false);

    const own = await fetch(`${server.url}/mapi/security/identity/photo/front`, {
      headers: { authorization: owner.token },
    });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/png');
    expect(own.headers.get('x-content-type-options')).toBe('nosniff');
    expect(own.headers.get('cache-control')).toContain('no-store');
    expect(Buffer.from(await own.arrayBuffer()).equals(pngImage(4))).toBe(true);

    const notTheirs = await get(server, '/mapi/security/identity/photo/front', { token: other.token });
    expect(notTheirs.body.code).toBe(ERRORS.NOT_FOUND.code);
    const anonymous = await get(server, '/mapi/security/identity/photo/front');
    expect(anonymous.body.code).toBe(401);
    const userOnAdmin = await get(server, `/admin/api/identity/${await pendingId(owner)}/photo/front`, {
      token: owner.token,
    });
    expect(userOnAdmin.body.code).toBe(401);
  });
});

describe('identity review by an operator', () => {
  it('lists, shows with photos, rejects with a reason, takes a resubmission and approves it (audited)', async () => {
    const user = await registerUser(server);
    expect((await submit(user)).body.code).toBe(200);
    const id = await pendingId(user);

    const detail = await get<{
      uid: number;
      number: string;
      account: { email: string };
      photos: { side: string; url: string }[];
    }>(server, `/admin/api/identity/${id}`, { token: admin });
    expect(detail.body.data.uid).toBe(user.uid);
    expect(detail.body.data.account.email).toBe(user.account);
    expect(detail.body.data.number).toMatch(/^1101051949/);
    expect(detail.body.data.photos.map((p) => p.side)).toEqual(['front', 'back', 'hand']);
    const photo = await fetch(`${server.url}${detail.body.data.photos[1]?.url ?? ''}`, {
      headers: { authorization: admin },
    });
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await photo.arrayBuffer()).equals(jpegImage())).toBe(true);

    const noReason = await post(server, `/admin/api/identity/${id}/reject`, { reason: ' ' }, { token: admin });
    expect(noReason.body.code).toBe(ERRORS.REJECT_REASON_REQUIRED.code);

    const rejected = await post(
      server,
      `/admin/api/identity/${id}/reject`,
      { reason: 'The photo of the back is blurred.' },
      { token: admin },
    );
    expect(rejected.body.code).toBe(200);
    expect((await info(user)).body.data).toMatchObject({
      state: 'rejected',
      rejectReason: 'The photo of the back is blurred.',
    });
    const twice = await post(server, `/admin/api/identity/${id}/approve`, undefined, { token: admin, lang: 'zh' });
    expect(twice.body.code).toBe(ERRORS.ALREADY_HANDLED.code);

    expect((await submit(user)).body.code).toBe(200);
    const second = await pendingId(user);
    expect(second).not.toBe(id);
    const verifiedEvents: number[] = [];
    server.ctx.events.on('identity.verified', ({ uid }) => verifiedEvents.push(uid));
    const approved = await post<{ status: string; history: unknown[] }>(
      server,
      `/admin/api/identity/${second}/approve`,
      undefined,
      { token: admin },
    );
    expect(approved.body.code).toBe(200);
    expect(approved.body.data.status).toBe('verified');
    expect(approved.body.data.history).toHaveLength(2);
    expect(verifiedEvents).toEqual([user.uid]);

    expect((await info(user)).body.data.state).toBe('verified');
    const profile = await get<{ security: { identity: string } }>(server, '/mapi/user/info', { token: user.token });
    expect(profile.body.data.security.identity).toBe('verified');
    expect(() => server.ctx.security.requireVerified(user.uid)).not.toThrow();
    expect(server.ctx.security.identity.verifiedName(user.uid)).toEqual({ familyName: 'Zhang', givenName: 'Wei' });
    expect((await submit(user)).body.code).toBe(ERRORS.ALREADY_VERIFIED.code);

    // The route layer audits each decision in its own transaction; the refused second approval left no row.
    const audit = server.ctx.db
      .prepare('SELECT route, target, change, outcome FROM operator_audit WHERE target IN (?, ?) ORDER BY id')
      .all(`id=${id}`, `id=${second}`);
    expect(audit).toEqual([
      {
        route: 'POST /admin/api/identity/:id/reject',
        target: `id=${id}`,
        change: JSON.stringify({ reason: 'The photo of the back is blurred.' }),
        outcome: 'done',
      },
      { route: 'POST /admin/api/identity/:id/approve', target: `id=${second}`, change: null, outcome: 'done' },
    ]);
  });

  it('gates features on verification with the caller’s error', async () => {
    const user = await registerUser(server);
    expect(() => server.ctx.security.requireVerified(user.uid)).toThrow('NOT_VERIFIED');
    expect(() => server.ctx.security.requireVerified(user.uid, 'FIAT_REQUIRES_VERIFICATION')).toThrow(
      'FIAT_REQUIRES_VERIFICATION',
    );
    await submit(user);
    expect(() => server.ctx.security.requireVerified(user.uid)).toThrow('NOT_VERIFIED');
  });

  it('refuses a document already verified on another account', async () => {
    const first = await registerUser(server);
    const second = await registerUser(server);
    const shared = fields({ number: 'G99887766' });
    await submit(first, shared);
    await submit(second, shared);
    const secondId = await pendingId(second);
    expect(
      (await post(server, `/admin/api/identity/${await pendingId(first)}/approve`, undefined, { token: admin })).body
        .code,
    ).toBe(200);
    const clash = await post(server, `/admin/api/identity/${secondId}/approve`, undefined, {
      token: admin,
      lang: 'en',
    });
    expect(clash.body.code).toBe(ERRORS.DOCUMENT_ALREADY_USED.code);
    const third = await registerUser(server);
    expect((await submit(third, shared)).body.code).toBe(ERRORS.DOCUMENT_ALREADY_USED.code);
  });

  it('lets only operators holding identity.review look or decide; compliance may, support may not', async () => {
    const support = await operatorToken(server, 'support');
    const compliance = await operatorToken(server, 'compliance');
    const user = await registerUser(server);
    await submit(user);
    const id = await pendingId(user);
    for (const route of [
      `/admin/api/identity/${id}`,
      `/admin/api/identity/${id}/photo/front`,
      '/admin/api/identity/list',
    ]) {
      expect((await get(server, route, { token: support })).body.code).toBe(ERRORS.UNAUTHORIZED_OPERATION.code);
    }
    const denied = await post(server, `/admin/api/identity/${id}/approve`, undefined, { token: support });
    expect(denied.body.code).toBe(ERRORS.UNAUTHORIZED_OPERATION.code);
    expect((await info(user)).body.data.state).toBe('pending');
    const refused = server.ctx.db
      .prepare("SELECT route, outcome FROM operator_audit WHERE route = ? AND outcome = 'refused'")
      .all('POST /admin/api/identity/:id/approve');
    expect(refused.length).toBeGreaterThan(0);

    expect((await get(server, `/admin/api/identity/${id}`, { token: compliance })).body.code).toBe(200);
    const approved = await post(server, `/admin/api/identity/${id}/approve`, undefined, { token: compliance });
    expect(approved.body.code).toBe(200);
    expect((await info(user)).body.data.state).toBe('verified');
  });

  it('answers an unknown submission with NOT_FOUND', async () => {
    expect((await get(server, '/admin/api/identity/999999', { token: admin })).body.code).toBe(ERRORS.NOT_FOUND.code);
    const reject = await post(server, '/admin/api/identity/999999/reject', { reason: 'nope nope' }, { token: admin });
    expect(reject.body.code).toBe(ERRORS.NOT_FOUND.code);
  });
});

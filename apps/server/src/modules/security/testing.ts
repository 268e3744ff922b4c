import {
  CIPHER_HEADER,
  type Envelope,
  LANG_HEADER,
  type OperatorRole,
  aesEcbDecrypt,
  unwrapCipherKey,
} from '@bourse/contract';
import { operatorSession, post, type TestServer, type TestUser } from '../../test/harness';
import { base32Decode, totp } from '../../lib/totp';

/** Test helpers of the security module (two-factor codes, multipart uploads, an operator token). */

/** The code an authenticator app shows now (± whole steps) for a Base32 secret, by the server's clock. */
export function codeFor(server: TestServer, secret: string, steps = 0): string {
  return totp(base32Decode(secret), server.clock.now() + steps * 30_000);
}

/**
 * Moves the server clock to 5 s into a fresh 30 s step, so a code computed by the test is still of the same step
 * when the request arrives (the clock only moves forward).
 */
export function settleClock(server: TestServer): void {
  const into = server.clock.now() % 30_000;
  server.clock.advance(30_000 - into + 5_000);
}

/** Turns two-factor on for a user through the API and returns the secret; the clock moves to the next step. */
export async function enableTwoFactor(server: TestServer, user: TestUser): Promise<string> {
  const setup = await post<{ secret: string }>(server, '/mapi/security/twoFactor/setup', undefined, {
    token: user.token,
  });
  if (setup.body.code !== 200) throw new Error(`setup failed: ${setup.body.msg}`);
  settleClock(server);
  const enabled = await post(
    server,
    '/mapi/security/twoFactor/enable',
    { code: codeFor(server, setup.body.data.secret), password: user.password },
    { token: user.token },
  );
  if (enabled.body.code !== 200) throw new Error(`enable failed: ${enabled.body.msg}`);
  settleClock(server);
  return setup.body.data.secret;
}

export interface UploadFile {
  field: string;
  bytes: Buffer;
  name?: string;
  type?: string;
}

/** A multipart/form-data POST as the app sends it. */
export async function upload<T = unknown>(
  server: TestServer,
  route: string,
  fields: Record<string, string>,
  files: UploadFile[],
  options: { token?: string; lang?: string; sealedAnswer?: boolean } = {},
): Promise<{ status: number; body: Envelope<T> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) {
    form.append(
      file.field,
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/png' }),
      file.name ?? `${file.field}.png`,
    );
  }
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = options.token;
  if (options.lang) headers[LANG_HEADER] = options.lang;
  const response = await fetch(`${server.url}${route}`, { method: 'POST', headers, body: form });
  const text = await response.text();
  const key = response.headers.get(CIPHER_HEADER);
  const json = key ? aesEcbDecrypt(text, unwrapCipherKey(key)) : text;
  return { status: response.status, body: JSON.parse(json) as Envelope<T> };
}

let operatorCounter = 0;

/** A logged-in operator of the given role (created here with its own password). */
export async function operatorToken(server: TestServer, role: OperatorRole = 'admin') {
  const email = `op${process.pid}x${++operatorCounter}@bourse.test`;
  await server.ctx.operators.ensureOperator(email, 'operator-pass', 'Operator', role);
  return operatorSession(server, email, 'operator-pass');
}

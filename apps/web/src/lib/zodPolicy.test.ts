import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { config, z } from 'zod';

const WEB = path.resolve(import.meta.dirname, '../..');

describe('schemas under the page’s Content-Security-Policy', () => {
  it('never compiles parsers with eval once public/zod-policy.js has run', () => {
    new Function(readFileSync(path.join(WEB, 'public/zod-policy.js'), 'utf8'))();
    expect(config().jitless).toBe(true);
    expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
  });

  it('is loaded by index.html before the app’s module scripts', () => {
    const html = readFileSync(path.join(WEB, 'index.html'), 'utf8');
    expect(html.indexOf('zod-policy.js')).toBeGreaterThan(0);
    expect(html.indexOf('zod-policy.js')).toBeLessThan(html.indexOf('type="module"'));
  });
});

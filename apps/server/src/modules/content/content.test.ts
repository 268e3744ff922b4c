import {
  APP_VERSION,
  APP_VERSION_CODE,
  type AppVersion,
  type Article,
  type Banner,
  type ContentAppVersion,
  type ContentArticle,
  type ContentArticleInput,
  type ContentBanner,
  ERRORS,
  type HomeNoticeEvent,
  type HomeNoticeSnapshot,
  LANG_HEADER_VALUE,
  LANGS,
  type NoticeSummary,
  PRODUCTS,
  type ServiceLine,
} from '@bourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  get,
  LiveClient,
  loginOperator,
  post,
  registerUser,
  seed,
  startServer,
  type TestServer,
} from '../../test/harness';
import { DEMO_ARTICLES, DEMO_BANNERS, DEMO_DOCUMENTS, seedContent } from './demo';
import { CURRENT_RELEASE_NOTES } from './demo/banners';
import { DEMO_HELP } from './demo/help';
import { DEMO_NOTICES, DEMO_SWAP_NOTICES, LAUNCH } from './demo/notices';

interface Paged<T> {
  list: T[];
  total: number;
  page: number;
  size: number;
}

/** A new operator of the content desk (the role whose permission the content routes need), logged in. */
async function operatorToken(server: TestServer): Promise<string> {
  return (await loginOperator(server, 'content')).token;
}

interface AuditRow {
  route: string;
  target: string | null;
  change: string | null;
  outcome: 'done' | 'refused';
}

/** The audit rows of the content routes, oldest first (the route layer writes one per operator action). */
function auditOf(server: TestServer): AuditRow[] {
  return server.ctx.db
    .prepare(
      "SELECT route, target, change, outcome FROM operator_audit WHERE route LIKE '% /admin/api/content/%' ORDER BY id",
    )
    .all() as AuditRow[];
}

function isNewestFirst(items: readonly NoticeSummary[]): boolean {
  return items.every((item, i) => i === 0 || items[i - 1]!.createdAt >= item.createdAt);
}

describe('what users read (demo content)', () => {
  let demo: TestServer;
  const lines = [
    { name: 'Main', http: '', ws: '' },
    { name: 'Asia', http: 'https://asia.example.com', ws: 'wss://asia.example.com/ws' },
  ];

  beforeAll(async () => {
    demo = await startServer({ DEMO_DATA: 'true', LINES: JSON.stringify(lines) });
    // As on an install where every product is built (content about a product is hidden while it is not: see
    // 'content about products' below).
    demo.ctx.products.declareBuilt(PRODUCTS);
    // What the content module seeds at start; other modules' demo data is left out, so these tests depend only
    // on this module.
    seedContent(demo.ctx.content, demo.ctx.config.demoData);
  });
  afterAll(async () => {
    await demo.close();
  });

  it('serves the active banners in the caller’s language, in order, with images the server ships', async () => {
    const en = await get<Banner[]>(demo, '/api/common/getBanner');
    expect(en.body.code).toBe(200);
    expect(en.body.data.map((b) => b.title)).toEqual(DEMO_BANNERS.map((b) => b.title.en));
    const hk = await get<Banner[]>(demo, '/api/common/getBanner', { lang: 'hk' });
    expect(hk.body.data.map((b) => b.title)).toEqual(DEMO_BANNERS.map((b) => b.title.zh_HK));

    for (const banner of en.body.data) {
      const image = await fetch(`${demo.url}${banner.image}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toContain('image/svg+xml');
      const svg = await image.text();
      expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 750 300"/);
    }

    // The launch banner opens the launch announcement.
    const launchBanner = en.body.data.find((b) => b.link?.startsWith('/pages/index/notice'));
    const id = /^\/pages\/index\/notice\?id=(\d+)$/.exec(launchBanner?.link ?? '')?.[1];
    const launch = await get<Article>(demo, `/api/common/getArticle/${id}`);
    expect(launch.body.data.title).toBe(LAUNCH.text.en.title);
  });

  it('fills the home ticker with at most five notices and announcements, pinned first, then newest', async () => {
    const answer = await get<NoticeSummary[]>(demo, '/api/common/getHomeNotice', { lang: 'fr' });
    const list = answer.body.data;
    expect(list).toHaveLength(5);
    expect(list.every((n) => n.category === 'notice' || n.category === 'announcement')).toBe(true);
    const pinned = DEMO_NOTICES.find((n) => n.pinned);
    expect(list[0]).toMatchObject({ pinned: true, title: pinned?.text.fr.title });
    expect(list[0]?.title).toBe('Rappel de sécurité : protégez-vous contre l’hameçonnage');
    expect(list.slice(1).every((n) => !n.pinned)).toBe(true);
    expect(isNewestFirst(list.slice(1))).toBe(true);
  });

  it('pages through all notices, and filters by category', async () => {
    const first = await get<Paged<NoticeSummary>>(demo, '/api/common/getAllNotice?page=1&size=4');
    const second = await get<Paged<NoticeSummary>>(demo, '/api/common/getAllNotice?page=2&size=4');
    expect(first.body.data).toMatchObject({ total: DEMO_NOTICES.length, page: 1, size: 4 });
    expect(first.body.data.list).toHaveLength(4);
    expect(second.body.data.list).toHaveLength(DEMO_NOTICES.length - 4);
    const all = [...first.body.data.list, ...second.body.data.list];
    expect(new Set(all.map((n) => n.id)).size).toBe(DEMO_NOTICES.length);
    expect(all[0]?.pinned).toBe(true);
    expect(isNewestFirst(all.slice(1))).toBe(true);

    const beyond = await get<Paged<NoticeSummary>>(demo, '/api/common/getAllNotice?page=9&size=4');
    expect(beyond.body.data).toMatchObject({ list: [], total: DEMO_NOTICES.length });

    const help = await get<Paged<NoticeSummary>>(demo, '/api/common/getAllNotice?category=help&size=100', {
      lang: 'es',
    });
    expect(help.body.data.total).toBe(DEMO_HELP.length);
    expect(help.body.data.list.map((n) => n.title).sort()).toEqual(DEMO_HELP.map((h) => h.text.es.title).sort());
    const documents = await get<Paged<NoticeSummary>>(demo, '/api/common/getAllNotice?category=document');
    expect(documents.body.data.total).toBe(DEMO_DOCUMENTS.length);

    const tooBig = await get(demo, '/api/common/getAllNotice?size=1000');
    expect(tooBig.body.code).toBe(ERRORS.INVALID_PARAMS.code);
    const unknown = await get(demo, '/api/common/getAllNotice?category=gossip');
    expect(unknown.body.code).toBe(ERRORS.INVALID_PARAMS.code);
  });

  it('lists the futures notices for the futures page', async () => {
    const answer = await get<NoticeSummary[]>(demo, '/api/common/getSwapNotice', { lang: 'zh' });
    expect(answer.body.data.map((n) => n.category)).toEqual(['swap', 'swap']);
    expect(answer.body.data[0]).toMatchObject({ pinned: true, title: DEMO_SWAP_NOTICES[1]?.text.zh_CN.title });
    expect(answer.body.data[1]?.title).toBe(DEMO_SWAP_NOTICES[0]?.text.zh_CN.title);
  });

  it('finds documents and help entries by slug and notices by id, in the caller’s language', async () => {
    for (const slug of ['terms', 'privacy', 'whitepaper', 'how-to-deposit', 'how-to-withdraw', 'two-factor']) {
      const source = DEMO_ARTICLES.find((a) => a.slug === slug);
      for (const lang of LANGS) {
        const answer = await get<Article>(demo, `/api/common/getArticle/${slug}`, { lang: LANG_HEADER_VALUE[lang] });
        expect(answer.body.code).toBe(200);
        expect(answer.body.data).toMatchObject({
          slug,
          title: source?.text[lang].title,
          body: source?.text[lang].body,
        });
      }
    }
    const withdraw = await get<Article>(demo, '/api/common/getArticle/how-to-withdraw');
    expect(withdraw.body.data.body).toContain('24 hours after you change your login password');

    const notices = await get<Paged<NoticeSummary>>(demo, '/api/common/getAllNotice', { lang: 'hk' });
    const first = notices.body.data.list[0]!;
    const byId = await get<Article>(demo, `/api/common/getArticle/${first.id}`, { lang: 'hk' });
    expect(byId.body.data).toMatchObject({ id: first.id, title: first.title, slug: null, createdAt: first.createdAt });
  });

  it('answers NOT_FOUND, in the caller’s language, for an id or slug that does not exist', async () => {
    for (const id of ['999999', 'no-such-page', '0']) {
      const answer = await get(demo, `/api/common/getArticle/${id}`, { lang: 'fr' });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ code: ERRORS.NOT_FOUND.code, msg: 'Introuvable.', data: null });
    }
  });

  it('tells each platform the latest app version (1.4.7, code 147) with notes in the caller’s language', async () => {
    for (const type of ['h5', 'android', 'ios'] as const) {
      const answer = await get<AppVersion>(demo, `/api/common/getAppVersion?type=${type}`, { lang: 'fr' });
      expect(answer.body.data).toMatchObject({
        type,
        version: APP_VERSION,
        versionCode: APP_VERSION_CODE,
        force: false,
        notes: CURRENT_RELEASE_NOTES.fr,
      });
    }
    expect(APP_VERSION).toBe('1.4.7');
    expect(APP_VERSION_CODE).toBe(147);
    const fallback = await get<AppVersion>(demo, '/api/common/getAppVersion');
    expect(fallback.body.data.type).toBe('h5');
    const wrong = await get(demo, '/api/common/getAppVersion?type=windows');
    expect(wrong.body.code).toBe(ERRORS.INVALID_PARAMS.code);
  });

  it('answers ping at once and lists the configured service lines by index', async () => {
    const before = demo.clock.now();
    const ping = await get<{ time: number }>(demo, '/api/common/ping', { headers: { origin: 'https://x.example' } });
    expect(ping.body.data.time).toBeGreaterThanOrEqual(before);
    expect(ping.headers.get('cache-control')).toBe('no-store');
    expect(ping.headers.get('access-control-allow-origin')).toBe('*');

    const answer = await get<ServiceLine[]>(demo, '/api/common/lines');
    expect(answer.body.data).toEqual(lines.map((line, id) => ({ id, ...line })));
  });

  it('has every demo article, notice and banner in all five languages', async () => {
    const token = await operatorToken(demo);
    const articles = await get<Paged<ContentArticle>>(demo, '/admin/api/content/articles?size=100', { token });
    expect(articles.body.data.total).toBe(DEMO_ARTICLES.length);
    for (const article of articles.body.data.list) {
      for (const lang of LANGS) {
        const text = article.translations[lang];
        expect(text?.title.trim(), `article ${article.id} title in ${lang}`).toBeTruthy();
        expect(text?.body.trim(), `article ${article.id} body in ${lang}`).toBeTruthy();
        // A translation that is a copy of the English text would hide a missing one.
        if (lang !== 'en')
          expect(text?.title, `article ${article.id} in ${lang}`).not.toBe(article.translations.en.title);
      }
    }
    // The markup is flush left: paragraphs, "# " headings and "- " list items, nothing indented.
    for (const source of DEMO_ARTICLES) {
      for (const lang of LANGS) {
        for (const line of source.text[lang].body.split('\n')) expect(line).toMatch(/^(|[^\s].*\S)$/);
      }
    }
    // And the reader gets each language's own text, not the fallback.
    for (const source of DEMO_ARTICLES) {
      const stored = articles.body.data.list.find((a) => a.translations.en.title === source.text.en.title);
      expect(stored, source.text.en.title).toBeDefined();
      for (const lang of LANGS) {
        const answer = await get<Article>(demo, `/api/common/getArticle/${stored?.id}`, {
          lang: LANG_HEADER_VALUE[lang],
        });
        expect(answer.body.data.title).toBe(source.text[lang].title);
      }
    }

    const banners = await get<ContentBanner[]>(demo, '/admin/api/content/banners', { token });
    expect(banners.body.data).toHaveLength(DEMO_BANNERS.length);
    for (const banner of banners.body.data) {
      for (const lang of LANGS) expect(banner.titles[lang], `banner ${banner.id} in ${lang}`).toBeTruthy();
      expect(new Set(LANGS.map((lang) => banner.titles[lang])).size).toBe(LANGS.length);
    }

    const versions = await get<ContentAppVersion[]>(demo, '/admin/api/content/app-versions', { token });
    for (const version of versions.body.data) {
      for (const lang of LANGS) expect(version.notes[lang], `app notes in ${lang}`).toBeTruthy();
    }
  });

  it('writes the demo content once: a restart changes nothing, even after an operator deleted an item', async () => {
    const count = (table: string) =>
      (demo.ctx.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
    const token = await operatorToken(demo);
    const banners = await get<ContentBanner[]>(demo, '/admin/api/content/banners', { token });
    await call(demo, 'DELETE', `/admin/api/content/banners/${banners.body.data[3]?.id}`, undefined, { token });
    const before = ['content_articles', 'content_article_texts', 'content_banners', 'app_versions'].map(count);
    seedContent(demo.ctx.content, demo.ctx.config.demoData);
    const after = ['content_articles', 'content_article_texts', 'content_banners', 'app_versions'].map(count);
    expect(after).toEqual(before);
    expect(before[2]).toBe(DEMO_BANNERS.length - 1);
  });
});

describe('content about products', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Only what this build provides (spot), as on a fresh install of this version.
    server = await startServer({ DEMO_DATA: 'true', ADMIN_PASSWORD: 'content-admin-2026' });
    await seed(server);
  });
  afterAll(async () => {
    await server.close();
  });

  const banners = async () => (await get<Banner[]>(server, '/api/common/getBanner')).body.data.map((b) => b.title);

  it('shows no banner, notice or article promising a product that is not built', async () => {
    const products = await get<{ key: string; available: boolean }[]>(server, '/api/common/products');
    const available = new Set(products.body.data.filter((p) => p.available).map((p) => p.key));
    expect(available.has('spot')).toBe(true);
    const shown = await banners();
    for (const banner of DEMO_BANNERS) {
      const built = (banner.products ?? []).every((p) => available.has(p));
      expect(shown.includes(banner.title.en), banner.title.en).toBe(built);
    }
    // Futures notices only once the futures product is built and open.
    if (!available.has('futures')) expect((await get(server, '/api/common/getSwapNotice')).body.data).toEqual([]);
    const home = (await get<{ title: string }[]>(server, '/api/common/getHomeNotice')).body.data.map((n) => n.title);
    for (const article of DEMO_ARTICLES.filter((a) => a.category === 'notice' || a.category === 'announcement')) {
      if ((article.products ?? []).some((p) => !available.has(p))) expect(home).not.toContain(article.text.en.title);
    }
    const launch = server.ctx.db
      .prepare("SELECT article_id FROM content_article_texts WHERE lang = 'en' AND title LIKE 'Bourse is live%'")
      .pluck()
      .get() as number;
    const launchProducts = DEMO_ARTICLES.find((a) => a.text.en.title.startsWith('Bourse is live'))?.products ?? [];
    expect((await get(server, `/api/common/getArticle/${launch}`)).body.code).toBe(
      launchProducts.every((p) => available.has(p)) ? 200 : ERRORS.NOT_FOUND.code,
    );
  });

  it('hides a product the operator switches off, and refuses its calls, until it is on again', async () => {
    const admin = await loginOperator(server, 'risk');
    const user = await registerUser(server);
    const spotBanner = DEMO_BANNERS.find((b) => b.products?.includes('spot'))?.title.en ?? '';
    expect(await banners()).toContain(spotBanner);
    const off = await post(
      server,
      '/admin/api/products/update',
      { key: 'spot', enabled: false },
      { token: admin.token },
    );
    expect(off.body.data).toMatchObject({ key: 'spot', built: true, enabled: false, available: false });
    expect(await banners()).not.toContain(spotBanner);
    const closed = await get(server, '/mapi/spot/getOnList', { token: user.token, lang: 'hk' });
    expect(closed.body).toMatchObject({ code: ERRORS.PRODUCT_CLOSED.code, msg: '該服務暫未開放' });
    const on = await post(server, '/admin/api/products/update', { key: 'spot', enabled: true }, { token: admin.token });
    expect(on.body.data).toMatchObject({ available: true });
    expect(await banners()).toContain(spotBanner);
    expect((await get(server, '/mapi/spot/getOnList', { token: user.token })).body.code).toBe(200);
    // (A product no module provides stays closed whatever its switch says: products/products.test.ts — every product
    // of the catalogue is built now.)
  });
});

describe('operator editing', () => {
  let server: TestServer;
  let token: string;

  const notice = (overrides: Partial<ContentArticleInput> = {}): ContentArticleInput => ({
    category: 'notice',
    products: [],
    slug: null,
    pinned: false,
    published: true,
    translations: {
      en: { title: 'Wallet maintenance for DOGE', body: 'DOGE deposits pause for one hour.' },
      zh_CN: { title: 'DOGE 钱包维护', body: 'DOGE 充币暂停一小时。' },
    },
    ...overrides,
  });

  beforeAll(async () => {
    server = await startServer();
    seedContent(server.ctx.content, server.ctx.config.demoData);
    token = await operatorToken(server);
  });
  afterAll(async () => {
    await server.close();
  });

  it('requires an operator token: none, or a user’s, answers 401', async () => {
    const user = await registerUser(server);
    const routes: [Parameters<typeof call>[1], string, unknown][] = [
      ['GET', '/admin/api/content/articles', undefined],
      ['GET', '/admin/api/content/articles/1', undefined],
      ['POST', '/admin/api/content/articles', notice()],
      ['PUT', '/admin/api/content/articles/1', notice()],
      ['DELETE', '/admin/api/content/articles/1', undefined],
      ['GET', '/admin/api/content/banners', undefined],
      ['POST', '/admin/api/content/banners', {}],
      ['PUT', '/admin/api/content/banners/1', {}],
      ['DELETE', '/admin/api/content/banners/1', undefined],
      ['GET', '/admin/api/content/app-versions', undefined],
      ['POST', '/admin/api/content/app-versions', {}],
    ];
    for (const [method, route, body] of routes) {
      for (const who of [undefined, user.token]) {
        const answer = await call(server, method, route, body, { token: who });
        expect(answer.status, `${method} ${route}`).toBe(401);
        expect(answer.body.code).toBe(ERRORS.UNAUTHORIZED.code);
      }
    }
    expect(auditOf(server)).toEqual([]);
  });

  it('writes, edits and deletes a notice, auditing each change; missing translations fall back to English', async () => {
    const created = await post<ContentArticle>(server, '/admin/api/content/articles', notice(), { token });
    expect(created.body.code).toBe(200);
    const id = created.body.data.id;
    expect(created.body.data).toMatchObject({ category: 'notice', published: true, pinned: false, slug: null });
    expect(created.body.data.publishedAt).toBeTypeOf('number');

    const zh = await get<Article>(server, `/api/common/getArticle/${id}`, { lang: 'zh' });
    expect(zh.body.data.title).toBe('DOGE 钱包维护');
    for (const lang of ['fr', 'es', 'hk', 'en']) {
      const answer = await get<Article>(server, `/api/common/getArticle/${id}`, { lang });
      expect(answer.body.data).toMatchObject({
        title: 'Wallet maintenance for DOGE',
        body: 'DOGE deposits pause for one hour.',
      });
    }
    const home = await get<NoticeSummary[]>(server, '/api/common/getHomeNotice', { lang: 'fr' });
    expect(home.body.data.map((n) => n.id)).toContain(id);

    const edited = notice({
      pinned: true,
      translations: {
        en: { title: 'Wallet maintenance for DOGE (extended)', body: 'DOGE deposits pause for two hours.' },
        fr: {
          title: 'Maintenance du portefeuille DOGE (prolongée)',
          body: 'Les dépôts de DOGE sont suspendus deux heures.',
        },
      },
    });
    const updated = await call<ContentArticle>(server, 'PUT', `/admin/api/content/articles/${id}`, edited, { token });
    expect(updated.body.data).toMatchObject({ pinned: true, publishedAt: created.body.data.publishedAt });
    expect(updated.body.data.translations.zh_CN).toBeUndefined();
    const fr = await get<Article>(server, `/api/common/getArticle/${id}`, { lang: 'fr' });
    expect(fr.body.data.title).toBe('Maintenance du portefeuille DOGE (prolongée)');
    // The Simplified Chinese text was left out of the edit, so readers of it now get English.
    const zhAfter = await get<Article>(server, `/api/common/getArticle/${id}`, { lang: 'zh' });
    expect(zhAfter.body.data.title).toBe('Wallet maintenance for DOGE (extended)');

    const unpublished = await call(
      server,
      'PUT',
      `/admin/api/content/articles/${id}`,
      { ...edited, published: false },
      { token },
    );
    expect(unpublished.body.code).toBe(200);
    expect((await get(server, `/api/common/getArticle/${id}`)).body.code).toBe(ERRORS.NOT_FOUND.code);
    const list = await get<Paged<NoticeSummary>>(server, '/api/common/getAllNotice');
    expect(list.body.data.list.map((n) => n.id)).not.toContain(id);

    const deleted = await call(server, 'DELETE', `/admin/api/content/articles/${id}`, undefined, { token });
    expect(deleted.body).toMatchObject({ code: 200, data: null });
    const gone = await get(server, `/admin/api/content/articles/${id}`, { token });
    expect(gone.body.code).toBe(ERRORS.NOT_FOUND.code);

    const audit = auditOf(server);
    expect(audit.map((a) => [a.route, a.target, a.outcome])).toEqual([
      ['POST /admin/api/content/articles', null, 'done'],
      ['PUT /admin/api/content/articles/:id', `id=${id}`, 'done'],
      ['PUT /admin/api/content/articles/:id', `id=${id}`, 'done'],
      ['DELETE /admin/api/content/articles/:id', `id=${id}`, 'done'],
    ]);
    // Each row keeps the request as sent.
    expect(JSON.parse(audit[0]!.change ?? 'null')).toMatchObject({ translations: notice().translations });
    expect(JSON.parse(audit[1]!.change ?? 'null')).toMatchObject({ pinned: true, translations: edited.translations });
  });

  it('refuses an operator whose role lacks content.manage, and records the refusal', async () => {
    const support = await loginOperator(server, 'support');
    const before = auditOf(server).length;
    const read = await get(server, '/admin/api/content/articles', { token: support.token });
    expect(read.body.code).toBe(ERRORS.UNAUTHORIZED_OPERATION.code);
    const write = await post(server, '/admin/api/content/articles', notice(), { token: support.token });
    expect(write.body.code).toBe(ERRORS.UNAUTHORIZED_OPERATION.code);
    const rows = auditOf(server).slice(before);
    expect(rows.map((a) => [a.route, a.outcome])).toEqual([
      ['GET /admin/api/content/articles', 'refused'],
      ['POST /admin/api/content/articles', 'refused'],
    ]);
  });

  it('keeps drafts out of sight, finds published documents by slug and refuses a slug already in use', async () => {
    const draft = await post<ContentArticle>(
      server,
      '/admin/api/content/articles',
      notice({ category: 'document', slug: 'listing-rules', published: false }),
      { token },
    );
    expect(draft.body.data.publishedAt).toBeNull();
    expect((await get(server, '/api/common/getArticle/listing-rules')).body.code).toBe(ERRORS.NOT_FOUND.code);

    const clash = await post(server, '/admin/api/content/articles', notice({ slug: 'listing-rules' }), { token });
    expect(clash.body.code).toBe(ERRORS.INVALID_PARAMS.code);

    const published = await call<ContentArticle>(
      server,
      'PUT',
      `/admin/api/content/articles/${draft.body.data.id}`,
      notice({ category: 'document', slug: 'listing-rules', published: true }),
      { token },
    );
    expect(published.body.data.publishedAt).toBeTypeOf('number');
    const bySlug = await get<Article>(server, '/api/common/getArticle/listing-rules', { lang: 'zh' });
    expect(bySlug.body.data).toMatchObject({ id: draft.body.data.id, category: 'document', title: 'DOGE 钱包维护' });

    const listed = await get<Paged<ContentArticle>>(server, '/admin/api/content/articles?category=document', { token });
    expect(listed.body.data.list.map((a) => a.slug)).toEqual(['listing-rules']);
  });

  it('refuses an article without its English text, and writes nothing', async () => {
    const before = auditOf(server).length;
    const answer = await post(
      server,
      '/admin/api/content/articles',
      { ...notice(), translations: { fr: { title: 'Seulement en français', body: 'Texte.' } } },
      { token },
    );
    expect(answer.body.code).toBe(ERRORS.INVALID_PARAMS.code);
    const badSlug = await post(server, '/admin/api/content/articles', notice({ slug: '123' }), { token });
    expect(badSlug.body.code).toBe(ERRORS.INVALID_PARAMS.code);
    expect(auditOf(server)).toHaveLength(before);
  });

  it('manages banners: order, hiding, fallback titles, deletion, audited', async () => {
    const banner = (sort: number, en: string, extra: Record<string, string> = {}) => ({
      image: '/static/banners/launch.svg',
      link: '/pages/trade/trade',
      sort,
      titles: { en, ...extra },
    });
    const second = await post<ContentBanner>(server, '/admin/api/content/banners', banner(20, 'Second'), { token });
    const first = await post<ContentBanner>(
      server,
      '/admin/api/content/banners',
      banner(10, 'First', { es: 'Primero' }),
      { token },
    );
    expect(first.body.data).toMatchObject({ active: true, sort: 10, titles: { en: 'First', es: 'Primero' } });

    const es = await get<Banner[]>(server, '/api/common/getBanner', { lang: 'es' });
    expect(es.body.data.map((b) => b.title)).toEqual(['Primero', 'Second']);
    expect(es.body.data[0]).toEqual({
      id: first.body.data.id,
      title: 'Primero',
      image: '/static/banners/launch.svg',
      link: '/pages/trade/trade',
    });

    const hidden = await call<ContentBanner>(
      server,
      'PUT',
      `/admin/api/content/banners/${first.body.data.id}`,
      { ...banner(10, 'First'), active: false },
      { token },
    );
    expect(hidden.body.data.active).toBe(false);
    const visible = await get<Banner[]>(server, '/api/common/getBanner', { lang: 'es' });
    expect(visible.body.data.map((b) => b.id)).toEqual([second.body.data.id]);

    const removed = await call(server, 'DELETE', `/admin/api/content/banners/${second.body.data.id}`, undefined, {
      token,
    });
    expect(removed.body.code).toBe(200);
    expect((await get<Banner[]>(server, '/api/common/getBanner')).body.data).toEqual([]);
    const all = await get<ContentBanner[]>(server, '/admin/api/content/banners', { token });
    expect(all.body.data.map((b) => b.id)).toEqual([first.body.data.id]);

    for (const bad of [
      { ...banner(1, 'x'), image: '/static/../../etc/passwd' },
      { ...banner(1, 'x'), image: 'javascript:alert(1)' },
      { ...banner(1, 'x'), link: 'javascript:alert(1)' },
      { ...banner(1, 'x'), titles: { es: 'sin inglés' } },
    ]) {
      const answer = await post(server, '/admin/api/content/banners', bad, { token });
      expect(answer.body.code, JSON.stringify(bad)).toBe(ERRORS.INVALID_PARAMS.code);
    }
    const missing = await call(server, 'PUT', '/admin/api/content/banners/99999', banner(1, 'x'), { token });
    expect(missing.body.code).toBe(ERRORS.NOT_FOUND.code);

    // Refused requests (invalid, or a banner that does not exist) leave no row.
    const actions = auditOf(server)
      .filter((a) => a.route.includes('/admin/api/content/banners'))
      .map((a) => [a.route, a.target]);
    expect(actions).toEqual([
      ['POST /admin/api/content/banners', null],
      ['POST /admin/api/content/banners', null],
      ['PUT /admin/api/content/banners/:id', `id=${first.body.data.id}`],
      ['DELETE /admin/api/content/banners/:id', `id=${second.body.data.id}`],
    ]);
  });

  it('publishes a new app build as the latest of its platform; its version code must grow', async () => {
    // Without demo data the running build is still registered, so the update check always answers.
    const current = await get<AppVersion>(server, '/api/common/getAppVersion?type=android');
    expect(current.body.data).toMatchObject({ version: APP_VERSION, versionCode: APP_VERSION_CODE });

    const build = {
      type: 'android',
      version: '1.4.8',
      versionCode: 148,
      url: 'https://downloads.example.com/bourse-1.4.8.apk',
      force: true,
      notes: { en: 'Faster charts.', es: 'Gráficos más rápidos.' },
    };
    const created = await post<ContentAppVersion>(server, '/admin/api/content/app-versions', build, { token });
    expect(created.body.data).toMatchObject({ type: 'android', version: '1.4.8', versionCode: 148, force: true });

    const es = await get<AppVersion>(server, '/api/common/getAppVersion?type=android', { lang: 'es' });
    expect(es.body.data).toMatchObject({
      version: '1.4.8',
      url: build.url,
      force: true,
      notes: 'Gráficos más rápidos.',
    });
    const fr = await get<AppVersion>(server, '/api/common/getAppVersion?type=android', { lang: 'fr' });
    expect(fr.body.data.notes).toBe('Faster charts.');
    const ios = await get<AppVersion>(server, '/api/common/getAppVersion?type=ios');
    expect(ios.body.data.version).toBe(APP_VERSION);

    const again = await post(server, '/admin/api/content/app-versions', build, { token });
    expect(again.body.code).toBe(ERRORS.INVALID_PARAMS.code);
    const list = await get<ContentAppVersion[]>(server, '/admin/api/content/app-versions', { token });
    expect(list.body.data.filter((v) => v.type === 'android').map((v) => v.versionCode)).toEqual([148, 147]);
    expect(auditOf(server).filter((a) => a.route === 'POST /admin/api/content/app-versions')).toHaveLength(1);
  });
});

describe('home live channel', () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startServer({ DEMO_DATA: 'true' });
    server.ctx.products.declareBuilt(PRODUCTS);
    seedContent(server.ctx.content, server.ctx.config.demoData);
    token = await operatorToken(server);
  });
  afterAll(async () => {
    await server.close();
  });

  async function subscribe(
    lang?: string,
    socketLang?: string,
  ): Promise<{ client: LiveClient; snapshot: HomeNoticeSnapshot; topic: string }> {
    const client = await LiveClient.connect(socketLang ? `${server.wsUrl}?lang=${socketLang}` : server.wsUrl);
    client.send({ op: 'sub', channel: 'home', ...(lang === undefined ? {} : { lang }) });
    const ack = await client.next((f) => f.channel === 'sub');
    const topic = (ack.data as { topic: string }).topic;
    const snapshot = await client.next((f) => f.channel === 'home' && f.topic === topic);
    return { client, snapshot: snapshot.data as HomeNoticeSnapshot, topic };
  }

  const nextNotice = (client: LiveClient, id: number) =>
    client
      .next((f) => f.channel === 'home' && (f.data as HomeNoticeEvent).notice?.id === id)
      .then((f) => ({ topic: f.topic, event: f.data as HomeNoticeEvent }));

  it('sends the home notices of the subscribed language as a snapshot', async () => {
    const { client, snapshot } = await subscribe('hk');
    const http = await get<NoticeSummary[]>(server, '/api/common/getHomeNotice', { lang: 'hk' });
    expect(snapshot).toEqual({ type: 'notices', notices: http.body.data });
    client.close();
  });

  it('uses the socket’s own language when the sub frame names none', async () => {
    const { client, snapshot, topic } = await subscribe(undefined, 'hk');
    expect(topic).toBe('zh_HK');
    const http = await get<NoticeSummary[]>(server, '/api/common/getHomeNotice', { lang: 'hk' });
    expect(snapshot.notices).toEqual(http.body.data);
    client.close();
  });

  it('pushes what the operator publishes, edits and withdraws to every subscriber, in their language', async () => {
    const fr = await subscribe('fr');
    const zh = await subscribe('zh_CN');
    const en = await subscribe();

    const body: ContentArticleInput = {
      category: 'announcement',
      products: [],
      slug: null,
      pinned: false,
      published: true,
      translations: {
        en: { title: 'BNB perpetual contracts open', body: 'Trade BNB/USDT perpetuals from today.' },
        fr: {
          title: 'Ouverture des contrats perpétuels BNB',
          body: 'Négociez les perpétuels BNB/USDT dès aujourd’hui.',
        },
      },
    };
    const created = await post<ContentArticle>(server, '/admin/api/content/articles', body, { token });
    const id = created.body.data.id;

    const toFr = await nextNotice(fr.client, id);
    expect(toFr.topic).toBe('fr');
    expect(toFr.event).toEqual({
      type: 'notice',
      action: 'created',
      notice: {
        id,
        title: 'Ouverture des contrats perpétuels BNB',
        category: 'announcement',
        pinned: false,
        createdAt: created.body.data.publishedAt,
      },
    });
    const toZh = await nextNotice(zh.client, id);
    expect(toZh).toMatchObject({
      topic: 'zh_CN',
      event: { action: 'created', notice: { title: 'BNB perpetual contracts open' } },
    });
    expect((await nextNotice(en.client, id)).event.notice.title).toBe('BNB perpetual contracts open');

    await call(server, 'PUT', `/admin/api/content/articles/${id}`, { ...body, pinned: true }, { token });
    expect((await nextNotice(fr.client, id)).event).toMatchObject({ action: 'updated', notice: { pinned: true } });

    await call(server, 'PUT', `/admin/api/content/articles/${id}`, { ...body, published: false }, { token });
    expect((await nextNotice(fr.client, id)).event.action).toBe('deleted');

    // Republishing brings it back; deleting it takes it off again.
    await call(server, 'PUT', `/admin/api/content/articles/${id}`, body, { token });
    expect((await nextNotice(fr.client, id)).event.action).toBe('created');
    await call(server, 'PUT', `/admin/api/content/articles/${id}`, body, { token });
    expect((await nextNotice(fr.client, id)).event.action).toBe('updated');
    await call(server, 'DELETE', `/admin/api/content/articles/${id}`, undefined, { token });
    expect((await nextNotice(fr.client, id)).event.action).toBe('deleted');

    // Every subscriber saw the same history, in order.
    const history: string[] = [];
    for (let i = 0; i < 5; i++) history.push((await nextNotice(en.client, id)).event.action);
    expect(history).toEqual(['updated', 'deleted', 'created', 'updated', 'deleted']);

    for (const s of [fr, zh, en]) s.client.close();
  });

  it('does not push help entries, documents, futures notices or drafts to the home channel', async () => {
    const { client } = await subscribe('en');
    const quiet: number[] = [];
    for (const category of ['help', 'document', 'swap'] as const) {
      const answer = await post<ContentArticle>(
        server,
        '/admin/api/content/articles',
        { category, published: true, translations: { en: { title: `A ${category} entry`, body: 'Text.' } } },
        { token },
      );
      quiet.push(answer.body.data.id);
    }
    const draft = await post<ContentArticle>(
      server,
      '/admin/api/content/articles',
      { category: 'notice', published: false, translations: { en: { title: 'Draft', body: 'Text.' } } },
      { token },
    );
    quiet.push(draft.body.data.id);

    // A notice published afterwards arrives; nothing about the others came before it.
    const marker = await post<ContentArticle>(
      server,
      '/admin/api/content/articles',
      { category: 'notice', published: true, translations: { en: { title: 'Marker', body: 'Text.' } } },
      { token },
    );
    await nextNotice(client, marker.body.data.id);
    const pushedIds = client.frames
      .filter((f) => f.channel === 'home')
      .map((f) => (f.data as Partial<HomeNoticeEvent>).notice?.id);
    for (const id of quiet) expect(pushedIds).not.toContain(id);

    // Publishing the draft is what puts it on the ticker.
    await call(
      server,
      'PUT',
      `/admin/api/content/articles/${draft.body.data.id}`,
      { category: 'notice', published: true, translations: { en: { title: 'Draft, now out', body: 'Text.' } } },
      { token },
    );
    expect((await nextNotice(client, draft.body.data.id)).event).toMatchObject({
      action: 'created',
      notice: { title: 'Draft, now out' },
    });
    client.close();
  });
});

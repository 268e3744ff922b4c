import {
  APP_PLATFORMS,
  APP_VERSION,
  APP_VERSION_CODE,
  type AppVersion,
  type AppVersionInput,
  type Article,
  type Banner,
  type ContentAppVersion,
  type ContentArticle,
  type ContentArticleInput,
  type ContentBanner,
  type ContentBannerInput,
  type HomeNoticeEvent,
  type HomeNoticeSnapshot,
  type Lang,
  LANGS,
  langFromHeader,
  type NoticeSummary,
  PRODUCTS,
  type ProductKey,
  type ServiceLine,
} from '@bourse/contract';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Clock } from '../../lib/clock';
import { fail } from '../../lib/errors';
import type { ChannelSpec, Hub } from '../../ws/hub';
import type { AppPlatform, ArticleCategory, ArticleRow, BannerRow, ContentRepo, SummaryRow } from './repo';

/** What the home ticker shows: notices and announcements, never help entries, documents or futures notices. */
export const HOME_CATEGORIES: readonly ArticleCategory[] = ['notice', 'announcement'];
export const HOME_NOTICE_LIMIT = 5;
const SWAP_NOTICE_LIMIT = 20;

export interface Paged<T> {
  list: T[];
  total: number;
  page: number;
  size: number;
}

type PerLang<T> = { en: T } & Partial<Record<Exclude<Lang, 'en'>, T>>;

/**
 * The transaction runner of `ctx.tx`: writes run synchronously inside `run`; `afterCommit` work (the live push) runs
 * only once the outermost transaction has committed.
 */
/** Which products can be used now (the products module). */
export interface ProductAvailability {
  isAvailable(key: ProductKey): boolean;
}

function productList(json: string): ProductKey[] {
  const list = JSON.parse(json) as unknown;
  return Array.isArray(list) ? list.filter((p): p is ProductKey => (PRODUCTS as readonly unknown[]).includes(p)) : [];
}

export interface ContentTransactions {
  run<T>(fn: () => T): T;
  afterCommit(hook: () => void): void;
}

interface HomePush {
  action: HomeNoticeEvent['action'];
  notices: Map<Lang, NoticeSummary>;
}

const HomeChannelParams = z.object({ lang: z.string().max(16).optional() });

/** Builds `{en, zh_CN?, …}` from rows that carry a language, for the operator's view of an item. */
function perLang<R extends { lang: Lang }, T>(rows: readonly R[], pick: (row: R) => T): PerLang<T> {
  const en = rows.find((r) => r.lang === 'en');
  // The service writes English with every item, so its absence is a broken invariant, not a user error.
  if (!en) throw new Error('content item without its English text');
  const out: PerLang<T> = { en: pick(en) };
  for (const row of rows) if (row.lang !== 'en') out[row.lang] = pick(row);
  return out;
}

/** The given translations as rows, English first. */
function langRows<T>(values: PerLang<T>): { lang: Lang; value: T }[] {
  const rows: { lang: Lang; value: T }[] = [];
  for (const lang of LANGS) {
    const value = values[lang];
    if (value !== undefined) rows.push({ lang, value });
  }
  return rows;
}

function groupBy<R, K>(rows: readonly R[], key: (row: R) => K): Map<K, R[]> {
  const groups = new Map<K, R[]>();
  for (const row of rows) {
    const k = key(row);
    const list = groups.get(k);
    if (list) list.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

function toSummary(row: SummaryRow): NoticeSummary {
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    pinned: row.pinned === 1,
    createdAt: row.published_at,
  };
}

const bit = (value: boolean): 0 | 1 => (value ? 1 : 0);

/**
 * What traders read — banners, notices, announcements, help entries, documents, app versions — in their language
 * with English as the fallback, and the operator's editing of it. Edits that change what the home ticker shows are
 * pushed on the `home` live channel once their transaction has committed.
 */
export class ContentService {
  constructor(
    private readonly tx: ContentTransactions,
    private readonly repo: ContentRepo,
    private readonly clock: Clock,
    private readonly hub: Hub,
    private readonly config: Pick<Config, 'lines'>,
    private readonly products: ProductAvailability,
  ) {}

  /** The products not available now: content about them is not shown. */
  private closedProducts(): ProductKey[] {
    return PRODUCTS.filter((p) => !this.products.isAvailable(p));
  }

  // ---- What users read ----

  banners(lang: Lang): Banner[] {
    return this.repo.activeBanners(lang, this.closedProducts());
  }

  homeNotices(lang: Lang): NoticeSummary[] {
    return this.repo.publishedSummaries(HOME_CATEGORIES, lang, this.closedProducts(), HOME_NOTICE_LIMIT).map(toSummary);
  }

  /** Published notices of one category, or of the home categories when none is given; pinned first, then newest. */
  notices(lang: Lang, query: { page: number; size: number; category?: ArticleCategory }): Paged<NoticeSummary> {
    const categories = query.category ? [query.category] : HOME_CATEGORIES;
    const offset = (query.page - 1) * query.size;
    const closed = this.closedProducts();
    return {
      list: this.repo.publishedSummaries(categories, lang, closed, query.size, offset).map(toSummary),
      total: this.repo.publishedCount(categories, closed),
      page: query.page,
      size: query.size,
    };
  }

  swapNotices(lang: Lang): NoticeSummary[] {
    return this.repo.publishedSummaries(['swap'], lang, this.closedProducts(), SWAP_NOTICE_LIMIT).map(toSummary);
  }

  /** A published article by numeric id or by slug (terms, privacy, whitepaper, help entries). */
  article(idOrSlug: string, lang: Lang): Article {
    const row = /^\d+$/.test(idOrSlug)
      ? this.repo.publishedById(Number(idOrSlug), lang, this.closedProducts())
      : this.repo.publishedBySlug(idOrSlug, lang, this.closedProducts());
    if (!row) fail('NOT_FOUND');
    return {
      id: row.id,
      slug: row.slug,
      category: row.category,
      title: row.title,
      body: row.body,
      createdAt: row.published_at ?? row.created_at,
      updatedAt: row.updated_at,
    };
  }

  latestAppVersion(platform: AppPlatform, lang: Lang): AppVersion {
    const row = this.repo.latestVersion(platform, lang);
    if (!row) fail('NOT_FOUND');
    return {
      type: row.platform,
      version: row.version,
      versionCode: row.version_code,
      url: row.url,
      force: row.force_update === 1,
      notes: row.notes,
      releasedAt: row.released_at,
    };
  }

  lines(): ServiceLine[] {
    return this.config.lines.map((line, id) => ({ id, name: line.name, http: line.http, ws: line.ws }));
  }

  /**
   * The `home` channel. Frames are serialised once and shared by every subscriber of a topic, so the topic is the
   * language: `{op:'sub', channel:'home', lang:'fr'}` listens to 'fr' and gets titles in French (or English).
   */
  homeChannel(): ChannelSpec<z.infer<typeof HomeChannelParams>> {
    return {
      name: 'home',
      params: HomeChannelParams,
      // The frame's `lang` wins; without it the socket's own language (`/ws?lang=`) decides.
      topic: (params, subscriber) => (params.lang ? langFromHeader(params.lang) : subscriber.lang),
      snapshot: (params, subscriber) =>
        ({
          type: 'notices',
          notices: this.homeNotices(params.lang ? langFromHeader(params.lang) : subscriber.lang),
        }) satisfies HomeNoticeSnapshot,
    };
  }

  // ---- The operator's editing ----

  listArticles(query: { page: number; size: number; category?: ArticleCategory }): Paged<ContentArticle> {
    const category = query.category ?? null;
    const rows = this.repo.articles(category, query.size, (query.page - 1) * query.size);
    return {
      list: this.withTranslations(rows),
      total: this.repo.articleCount(category),
      page: query.page,
      size: query.size,
    };
  }

  getArticle(id: number): ContentArticle {
    const row = this.repo.articleById(id);
    if (!row) fail('NOT_FOUND');
    return this.withTranslations([row])[0] ?? fail('NOT_FOUND');
  }

  createArticle(input: ContentArticleInput): ContentArticle {
    const id = this.tx.run(() => {
      const now = this.clock.now();
      this.assertSlugFree(input.slug, null);
      const articleId = this.repo.insertArticle({
        category: input.category,
        slug: input.slug,
        pinned: bit(input.pinned),
        published: bit(input.published),
        publishedAt: input.published ? now : null,
        products: JSON.stringify(input.products),
        now,
      });
      this.writeArticleTexts(articleId, input);
      this.pushHomeAfterCommit(this.homeChange(undefined, this.repo.articleById(articleId), articleId));
      return articleId;
    });
    return this.getArticle(id);
  }

  /** Replaces the article with the given state; translations left out are removed (they fall back to English). */
  updateArticle(id: number, input: ContentArticleInput): ContentArticle {
    this.tx.run(() => {
      const before = this.repo.articleById(id);
      if (!before) fail('NOT_FOUND');
      const now = this.clock.now();
      this.assertSlugFree(input.slug, id);
      this.repo.updateArticle(id, {
        category: input.category,
        slug: input.slug,
        pinned: bit(input.pinned),
        published: bit(input.published),
        publishedAt: before.published_at ?? (input.published ? now : null),
        products: JSON.stringify(input.products),
        now,
      });
      this.writeArticleTexts(id, input);
      this.pushHomeAfterCommit(this.homeChange(before, this.repo.articleById(id), id));
    });
    return this.getArticle(id);
  }

  /** Deletes an article for good; returns it as it was (the operator audit keeps it). */
  deleteArticle(id: number): ContentArticle {
    return this.tx.run(() => {
      const before = this.repo.articleById(id);
      if (!before) fail('NOT_FOUND');
      const deleted = this.getArticle(id);
      // Read what the home ticker showed while the row still exists.
      this.pushHomeAfterCommit(this.homeChange(before, undefined, id));
      this.repo.deleteArticle(id);
      return deleted;
    });
  }

  listBanners(): ContentBanner[] {
    return this.withTitles(this.repo.banners());
  }

  createBanner(input: ContentBannerInput): ContentBanner {
    const id = this.tx.run(() => {
      const bannerId = this.repo.insertBanner({ ...this.bannerFields(input), now: this.clock.now() });
      this.repo.setBannerTitles(bannerId, this.titleRows(input));
      return bannerId;
    });
    return this.getBanner(id);
  }

  updateBanner(id: number, input: ContentBannerInput): ContentBanner {
    this.tx.run(() => {
      if (!this.repo.bannerById(id)) fail('NOT_FOUND');
      this.repo.updateBanner(id, { ...this.bannerFields(input), now: this.clock.now() });
      this.repo.setBannerTitles(id, this.titleRows(input));
    });
    return this.getBanner(id);
  }

  /** Deletes a banner for good; returns it as it was (the operator audit keeps it). */
  deleteBanner(id: number): ContentBanner {
    return this.tx.run(() => {
      if (!this.repo.bannerById(id)) fail('NOT_FOUND');
      const deleted = this.getBanner(id);
      this.repo.deleteBanner(id);
      return deleted;
    });
  }

  listAppVersions(): ContentAppVersion[] {
    return this.withNotes(this.repo.versions());
  }

  /** Publishes a new build; its version code must be above every earlier one of the platform. */
  createAppVersion(input: AppVersionInput): ContentAppVersion {
    const id = this.tx.run(() => {
      const highest = this.repo.highestVersionCode(input.type);
      if (highest !== null && input.versionCode <= highest) {
        fail('INVALID_PARAMS', { detail: `versionCode must be above ${highest}` });
      }
      return this.insertAppVersion(input);
    });
    const row = this.repo.versionById(id);
    return (row && this.withNotes([row])[0]) ?? fail('NOT_FOUND');
  }

  // ---- Seeding (demo.ts) ----

  /**
   * Registers this build (APP_VERSION) for every platform unless a build at least as new is already there, so the
   * app's update check answers even on an install without demo data.
   */
  ensureCurrentAppVersion(notes: PerLang<string>): void {
    this.tx.run(() => {
      for (const type of APP_PLATFORMS) {
        const highest = this.repo.highestVersionCode(type);
        if (highest !== null && highest >= APP_VERSION_CODE) continue;
        this.insertAppVersion({
          type,
          version: APP_VERSION,
          versionCode: APP_VERSION_CODE,
          url: null,
          force: false,
          notes,
        });
      }
    });
  }

  /** Runs `load` once per key, ever: a restart, or an operator who deleted a demo item, is left alone. */
  seedOnce(key: string, load: (repo: ContentRepo, now: number) => void): boolean {
    return this.tx.run(() => {
      if (this.repo.seedApplied(key)) return false;
      const now = this.clock.now();
      load(this.repo, now);
      this.repo.markSeed(key, now);
      return true;
    });
  }

  // ---- Internals ----

  private assertSlugFree(slug: string | null, ownId: number | null): void {
    if (slug === null) return;
    const holder = this.repo.articleBySlug(slug);
    if (holder && holder.id !== ownId) fail('INVALID_PARAMS', { detail: `slug "${slug}" is already used` });
  }

  private writeArticleTexts(id: number, input: ContentArticleInput): void {
    this.repo.setArticleTexts(
      id,
      langRows(input.translations).map(({ lang, value }) => ({ lang, title: value.title, body: value.body })),
    );
  }

  private bannerFields(input: ContentBannerInput) {
    return {
      image: input.image,
      link: input.link,
      sort: input.sort,
      active: bit(input.active),
      products: JSON.stringify(input.products),
    };
  }

  private titleRows(input: ContentBannerInput) {
    return langRows(input.titles).map(({ lang, value }) => ({ lang, title: value }));
  }

  private insertAppVersion(input: AppVersionInput): number {
    return this.repo.insertVersion(
      {
        platform: input.type,
        version: input.version,
        version_code: input.versionCode,
        url: input.url,
        force_update: bit(input.force),
        released_at: this.clock.now(),
      },
      langRows(input.notes).map(({ lang, value }) => ({ lang, notes: value })),
    );
  }

  private getBanner(id: number): ContentBanner {
    const row = this.repo.bannerById(id);
    return (row && this.withTitles([row])[0]) ?? fail('NOT_FOUND');
  }

  private withTranslations(rows: readonly ArticleRow[]): ContentArticle[] {
    const texts = groupBy(this.repo.articleTexts(rows.map((r) => r.id)), (t) => t.article_id);
    return rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      category: row.category,
      pinned: row.pinned === 1,
      published: row.published === 1,
      products: productList(row.products),
      publishedAt: row.published_at,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      translations: perLang(texts.get(row.id) ?? [], (t) => ({ title: t.title, body: t.body })),
    }));
  }

  private withTitles(rows: readonly BannerRow[]): ContentBanner[] {
    const titles = groupBy(this.repo.bannerTitles(rows.map((r) => r.id)), (t) => t.banner_id);
    return rows.map((row) => ({
      id: row.id,
      image: row.image,
      link: row.link,
      sort: row.sort,
      active: row.active === 1,
      products: productList(row.products),
      titles: perLang(titles.get(row.id) ?? [], (t) => t.title),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    }));
  }

  private withNotes(rows: ReturnType<ContentRepo['versions']>): ContentAppVersion[] {
    const notes = groupBy(this.repo.versionNotes(rows.map((r) => r.id)), (n) => n.version_id);
    return rows.map((row) => ({
      id: row.id,
      type: row.platform,
      version: row.version,
      versionCode: row.version_code,
      url: row.url,
      force: row.force_update === 1,
      releasedAt: row.released_at,
      notes: perLang(notes.get(row.id) ?? [], (n) => n.notes),
    }));
  }

  private onHome(row: ArticleRow | undefined): boolean {
    return row !== undefined && row.published === 1 && HOME_CATEGORIES.includes(row.category);
  }

  /**
   * What an edit means for the home ticker: appearing on it is `created`, changing while on it `updated`, leaving it
   * (unpublished, deleted, moved to another category) `deleted`. Call while the article row still exists.
   */
  private homeChange(before: ArticleRow | undefined, after: ArticleRow | undefined, id: number): HomePush | null {
    const was = this.onHome(before);
    const is = this.onHome(after);
    if (!was && !is) return null;
    const notices = new Map<Lang, NoticeSummary>();
    for (const lang of LANGS) {
      const row = this.repo.summaryById(id, lang);
      if (row) notices.set(lang, toSummary(row));
    }
    return { action: !was ? 'created' : is ? 'updated' : 'deleted', notices };
  }

  /** Subscribers must never see a notice that a rolled-back transaction did not write. */
  private pushHomeAfterCommit(push: HomePush | null): void {
    if (!push) return;
    this.tx.afterCommit(() => {
      for (const [lang, notice] of push.notices) {
        this.hub.publish('home', lang, { type: 'notice', action: push.action, notice } satisfies HomeNoticeEvent);
      }
    });
  }
}

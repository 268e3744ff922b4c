import { z } from 'zod';
import { PRODUCTS } from '../api/products';
import { PageQuery, Timestamp } from './common';

export const Banner = z.object({
  id: z.number().int(),
  title: z.string(),
  image: z.string().describe('URL of the image, relative to the server'),
  link: z.string().nullable().describe('an app route (e.g. /pages/index/notice?id=3) or null'),
});
export type Banner = z.infer<typeof Banner>;

/** notice/announcement: the home ticker and list; help: help centre; document: terms, privacy, white paper; swap: futures page. */
export const NOTICE_CATEGORIES = ['notice', 'announcement', 'help', 'document', 'swap'] as const;
export const NoticeCategory = z.enum(NOTICE_CATEGORIES);

export const NoticeSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  category: NoticeCategory,
  pinned: z.boolean(),
  createdAt: Timestamp,
});
export type NoticeSummary = z.infer<typeof NoticeSummary>;

export const Article = z.object({
  id: z.number().int(),
  slug: z.string().nullable(),
  category: NoticeCategory,
  title: z.string(),
  body: z.string().describe('lightweight markup: paragraphs, "# " headings, "- " list items'),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type Article = z.infer<typeof Article>;

/** A notice id, or a document slug: terms, privacy, whitepaper. */
export const ArticleParam = z.object({ id: z.string().regex(/^(\d+|[a-z][a-z0-9-]{1,40})$/) });

export const NoticeListQuery = z.object({
  ...PageQuery.shape,
  category: NoticeCategory.optional(),
});

export const APP_PLATFORMS = ['h5', 'android', 'ios'] as const;
export const AppVersionQuery = z.object({ type: z.enum(APP_PLATFORMS).default('h5') });
export const AppVersion = z.object({
  type: z.enum(APP_PLATFORMS),
  version: z.string(),
  versionCode: z.number().int(),
  url: z.string().nullable(),
  force: z.boolean(),
  notes: z.string(),
  releasedAt: Timestamp,
});
export type AppVersion = z.infer<typeof AppVersion>;

export const ServiceLine = z.object({
  id: z.number().int(),
  name: z.string(),
  http: z.string().describe('HTTP base, e.g. https://a.example.com; empty means the page origin'),
  ws: z.string().describe('WebSocket address; empty means the page origin + /ws'),
});
export type ServiceLine = z.infer<typeof ServiceLine>;

export const PingResult = z.object({ time: Timestamp });

/** What the `home` live channel pushes when the operator publishes, edits or withdraws a notice. */
export const HomeNoticeEvent = z.object({
  type: z.literal('notice'),
  action: z.enum(['created', 'updated', 'deleted']),
  notice: NoticeSummary,
});
export type HomeNoticeEvent = z.infer<typeof HomeNoticeEvent>;

/**
 * The `home` live channel's snapshot, sent right after `{op:'sub', channel:'home', lang}`: the home ticker's notices
 * in the subscribed language (the same list as getHomeNotice). Later frames are HomeNoticeEvent.
 */
export const HomeNoticeSnapshot = z.object({ type: z.literal('notices'), notices: z.array(NoticeSummary) });
export type HomeNoticeSnapshot = z.infer<typeof HomeNoticeSnapshot>;

// ---- Operator side (/admin/api/content/…): every language of an item at once ----

/** One value per language. English is required: it is what a missing translation falls back to. */
function perLang<T extends z.ZodType>(value: T) {
  return z.object({
    en: value,
    zh_CN: value.optional(),
    zh_HK: value.optional(),
    es: value.optional(),
    fr: value.optional(),
  });
}

const ContentTitle = z.string().trim().min(1).max(200);

/** The same shape ArticleParam accepts as a slug: lower-case, starts with a letter, so it never reads as an id. */
export const ArticleSlug = z.string().regex(/^[a-z][a-z0-9-]{1,40}$/);

export const ArticleText = z.object({ title: ContentTitle, body: z.string().trim().min(1).max(100_000) });
export const ArticleTranslations = perLang(ArticleText);

/** The products a piece of content is about: it is shown only while every one of them is available. */
export const ContentProducts = z.array(z.enum(PRODUCTS)).max(PRODUCTS.length).default([]);

export const ContentArticleInput = z.object({
  category: NoticeCategory,
  products: ContentProducts,
  slug: ArticleSlug.nullable().default(null),
  pinned: z.boolean().default(false),
  published: z.boolean(),
  translations: ArticleTranslations,
});
export type ContentArticleInput = z.infer<typeof ContentArticleInput>;

/** An article as the operator sees it: drafts included, every stored translation. */
export const ContentArticle = z.object({
  id: z.number().int(),
  slug: z.string().nullable(),
  category: NoticeCategory,
  pinned: z.boolean(),
  published: z.boolean(),
  products: z.array(z.enum(PRODUCTS)),
  publishedAt: Timestamp.nullable().describe('first publication; the date users see'),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  translations: ArticleTranslations,
});
export type ContentArticle = z.infer<typeof ContentArticle>;

export const BannerImagePath = z
  .string()
  .max(500)
  .regex(/^(\/static\/(?!.*\.\.)[\w./-]+|https:\/\/[^\s"'<>]+)$/)
  .describe('a shipped file under /static/ or an https URL');
export const BannerLink = z
  .string()
  .max(500)
  .regex(/^(\/pages\/[\w./-]+(\?[\w=&%.-]*)?|https:\/\/[^\s"'<>]+)$/)
  .describe('an app route (/pages/…) or an https URL');

export const ContentBannerInput = z.object({
  image: BannerImagePath,
  products: ContentProducts,
  link: BannerLink.nullable().default(null),
  sort: z.number().int().min(0).max(9999).default(0),
  active: z.boolean().default(true),
  titles: perLang(ContentTitle),
});
export type ContentBannerInput = z.infer<typeof ContentBannerInput>;

export const ContentBanner = z.object({
  id: z.number().int(),
  image: z.string(),
  link: z.string().nullable(),
  sort: z.number().int(),
  active: z.boolean(),
  products: z.array(z.enum(PRODUCTS)),
  titles: perLang(ContentTitle),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type ContentBanner = z.infer<typeof ContentBanner>;

export const AppVersionInput = z.object({
  type: z.enum(APP_PLATFORMS),
  version: z.string().regex(/^\d{1,4}\.\d{1,4}\.\d{1,4}$/),
  versionCode: z.number().int().positive(),
  url: z
    .string()
    .max(500)
    .regex(/^https?:\/\/\S+$/)
    .nullable()
    .default(null),
  force: z.boolean().default(false),
  notes: perLang(z.string().trim().max(4000)),
});
export type AppVersionInput = z.infer<typeof AppVersionInput>;

export const ContentAppVersion = AppVersion.omit({ notes: true }).extend({
  id: z.number().int(),
  notes: perLang(z.string()),
});
export type ContentAppVersion = z.infer<typeof ContentAppVersion>;

import { z } from 'zod';
import { Timestamp } from './common';

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
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
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

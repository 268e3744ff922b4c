import {
  AppVersion,
  AppVersionInput,
  AppVersionQuery,
  Article,
  ArticleParam,
  Banner,
  ContentAppVersion,
  ContentArticle,
  ContentArticleInput,
  ContentBanner,
  ContentBannerInput,
  EmptyData,
  envelope,
  IdParam,
  NoticeListQuery,
  NoticeSummary,
  paged,
  PingResult,
  ServiceLine,
} from '@bourse/contract';
import { z } from 'zod';
import type { AppContext, Router } from '../../app-context';
import { ok } from '../../http/envelope';
import { operatorOf } from '../../http/types';

export function contentRoutes(app: Router, ctx: AppContext): void {
  const { content } = ctx;
  const tags = ['content'];

  app.get(
    '/api/common/getBanner',
    {
      schema: {
        tags,
        summary: 'Active home banners in the caller’s language, in display order',
        response: { 200: envelope(z.array(Banner)) },
      },
    },
    async (request) => ok(content.banners(request.lang)),
  );

  app.get(
    '/api/common/getHomeNotice',
    {
      schema: {
        tags,
        summary: 'The home ticker: up to 5 newest notices and announcements, pinned first',
        response: { 200: envelope(z.array(NoticeSummary)) },
      },
    },
    async (request) => ok(content.homeNotices(request.lang)),
  );

  app.get(
    '/api/common/getAllNotice',
    {
      schema: {
        tags,
        summary: 'Published notices, paged, pinned first then newest (default: notices and announcements)',
        querystring: NoticeListQuery,
        response: { 200: envelope(paged(NoticeSummary)) },
      },
    },
    async (request) => ok(content.notices(request.lang, request.query)),
  );

  app.get(
    '/api/common/getSwapNotice',
    {
      schema: {
        tags,
        summary: 'Notices shown on the futures page',
        response: { 200: envelope(z.array(NoticeSummary)) },
      },
    },
    async (request) => ok(content.swapNotices(request.lang)),
  );

  app.get(
    '/api/common/getArticle/:id',
    {
      schema: {
        tags,
        summary: 'One published notice or document, by numeric id or slug (terms, privacy, whitepaper, help entries)',
        params: ArticleParam,
        response: { 200: envelope(Article) },
      },
    },
    async (request) => ok(content.article(request.params.id, request.lang)),
  );

  app.get(
    '/api/common/getAppVersion',
    {
      schema: {
        tags,
        summary: 'The latest published build for a platform (update check)',
        querystring: AppVersionQuery,
        response: { 200: envelope(AppVersion) },
      },
    },
    async (request) => ok(content.latestAppVersion(request.query.type, request.lang)),
  );

  app.get(
    '/api/common/ping',
    {
      schema: {
        tags,
        summary: 'Line speed test: answers at once, touches nothing',
        response: { 200: envelope(PingResult) },
      },
    },
    async (_request, reply) => {
      // A cached answer would make a slow line look fast.
      reply.header('cache-control', 'no-store');
      return ok({ time: ctx.clock.now() });
    },
  );

  app.get(
    '/api/common/lines',
    {
      schema: {
        tags,
        summary: 'The service lines the app may choose from (id = index)',
        response: { 200: envelope(z.array(ServiceLine)) },
      },
    },
    async () => ok(content.lines()),
  );

  operatorContentRoutes(app, ctx);
}

function operatorContentRoutes(app: Router, ctx: AppContext): void {
  const { content } = ctx;
  const tags = ['operator: content'];

  app.get(
    '/admin/api/content/articles',
    {
      schema: {
        tags,
        summary: 'Every article (drafts too) with all its translations, newest first; optionally one category',
        querystring: NoticeListQuery,
        response: { 200: envelope(paged(ContentArticle)) },
      },
    },
    async (request) => ok(content.listArticles(request.query)),
  );

  app.get(
    '/admin/api/content/articles/:id',
    {
      schema: { tags, summary: 'One article', params: IdParam, response: { 200: envelope(ContentArticle) } },
    },
    async (request) => ok(content.getArticle(request.params.id)),
  );

  app.post(
    '/admin/api/content/articles',
    {
      schema: {
        tags,
        summary: 'Write a notice, announcement, help entry, document or futures notice (English required)',
        body: ContentArticleInput,
        response: { 200: envelope(ContentArticle) },
      },
    },
    async (request) => ok(content.createArticle(operatorOf(request).operatorId, request.body)),
  );

  app.put(
    '/admin/api/content/articles/:id',
    {
      schema: {
        tags,
        summary: 'Replace an article (translations left out fall back to English); publish or unpublish it',
        params: IdParam,
        body: ContentArticleInput,
        response: { 200: envelope(ContentArticle) },
      },
    },
    async (request) => ok(content.updateArticle(operatorOf(request).operatorId, request.params.id, request.body)),
  );

  app.delete(
    '/admin/api/content/articles/:id',
    { schema: { tags, summary: 'Delete an article', params: IdParam, response: { 200: envelope(EmptyData) } } },
    async (request) => {
      content.deleteArticle(operatorOf(request).operatorId, request.params.id);
      return ok(null);
    },
  );

  app.get(
    '/admin/api/content/banners',
    {
      schema: {
        tags,
        summary: 'Every banner (inactive too) with its titles',
        response: { 200: envelope(z.array(ContentBanner)) },
      },
    },
    async () => ok(content.listBanners()),
  );

  app.post(
    '/admin/api/content/banners',
    {
      schema: {
        tags,
        summary: 'Add a home banner',
        body: ContentBannerInput,
        response: { 200: envelope(ContentBanner) },
      },
    },
    async (request) => ok(content.createBanner(operatorOf(request).operatorId, request.body)),
  );

  app.put(
    '/admin/api/content/banners/:id',
    {
      schema: {
        tags,
        summary: 'Replace a banner',
        params: IdParam,
        body: ContentBannerInput,
        response: { 200: envelope(ContentBanner) },
      },
    },
    async (request) => ok(content.updateBanner(operatorOf(request).operatorId, request.params.id, request.body)),
  );

  app.delete(
    '/admin/api/content/banners/:id',
    { schema: { tags, summary: 'Delete a banner', params: IdParam, response: { 200: envelope(EmptyData) } } },
    async (request) => {
      content.deleteBanner(operatorOf(request).operatorId, request.params.id);
      return ok(null);
    },
  );

  app.get(
    '/admin/api/content/app-versions',
    {
      schema: {
        tags,
        summary: 'Every published build, per platform, newest first',
        response: { 200: envelope(z.array(ContentAppVersion)) },
      },
    },
    async () => ok(content.listAppVersions()),
  );

  app.post(
    '/admin/api/content/app-versions',
    {
      schema: {
        tags,
        summary: 'Publish a new build for a platform (its version code must be above the current one)',
        body: AppVersionInput,
        response: { 200: envelope(ContentAppVersion) },
      },
    },
    async (request) => ok(content.createAppVersion(operatorOf(request).operatorId, request.body)),
  );
}

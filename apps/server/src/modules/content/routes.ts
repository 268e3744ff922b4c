import { contentAdminApi, contentApi } from '@bourse/contract';
import type { Router } from '../../http/router';
import type { Platform } from '../../platform/module';
import type { ContentService } from './service';
import { serve, serveAction } from '../../http/routes';

/** What traders read: banners, notices, documents, app versions, service lines (all public). */
export function contentRoutes(app: Router, content: ContentService, platform: Platform): void {
  const api = contentApi;
  serve(app, api.banners, ({ lang }) => content.banners(lang));
  serve(app, api.homeNotices, ({ lang }) => content.homeNotices(lang));
  serve(app, api.notices, ({ lang, query }) => content.notices(lang, query));
  serve(app, api.swapNotices, ({ lang }) => content.swapNotices(lang));
  serve(app, api.article, ({ lang, params }) => content.article(params.id, lang));
  serve(app, api.appVersion, ({ lang, query }) => content.latestAppVersion(query.type, lang));
  serve(app, api.ping, ({ reply }) => {
    // A cached answer would make a slow line look fast.
    reply.header('cache-control', 'no-store');
    return { time: platform.clock.now() };
  });
  serve(app, api.lines, () => content.lines());
}

/** The operator's editing of content (each change audited). */
export function contentAdminRoutes(app: Router, content: ContentService): void {
  const api = contentAdminApi;
  serve(app, api.articles, ({ query }) => content.listArticles(query));
  serve(app, api.article, ({ params }) => content.getArticle(params.id));
  serveAction(app, api.createArticle, { apply: ({ body }) => content.createArticle(body) });
  serveAction(app, api.updateArticle, { apply: ({ params, body }) => content.updateArticle(params.id, body) });
  // The deleted item is the action's result, so the audit row keeps it; the answer is empty.
  serveAction(app, api.deleteArticle, {
    apply: ({ params }) => content.deleteArticle(params.id),
    after: () => null,
  });
  serve(app, api.banners, () => content.listBanners());
  serveAction(app, api.createBanner, { apply: ({ body }) => content.createBanner(body) });
  serveAction(app, api.updateBanner, { apply: ({ params, body }) => content.updateBanner(params.id, body) });
  serveAction(app, api.deleteBanner, {
    apply: ({ params }) => content.deleteBanner(params.id),
    after: () => null,
  });
  serve(app, api.appVersions, () => content.listAppVersions());
  serveAction(app, api.createAppVersion, { apply: ({ body }) => content.createAppVersion(body) });
}

import { LANGS } from '@bourse/contract';
import type { ContentService } from '../service';
import type { ContentRepo } from '../repo';
import { CURRENT_RELEASE_NOTES, DEMO_BANNERS } from './banners';
import { DEMO_HELP } from './help';
import { DEMO_NOTICES, DEMO_SWAP_NOTICES, LAUNCH } from './notices';
import { PRIVACY } from './privacy';
import { TERMS } from './terms';
import type { DemoArticle } from './types';
import { WHITEPAPER } from './whitepaper';

export { DEMO_BANNERS } from './banners';

/** Bump when the demo set changes shape, so existing installs are not re-seeded with a second copy. */
const DEMO_SEED_KEY = 'demo-content-v1';
const DAY_MS = 86_400_000;

export const DEMO_DOCUMENTS: readonly DemoArticle[] = [TERMS, PRIVACY, WHITEPAPER];

/** Every demo article, in the order they are written. */
export const DEMO_ARTICLES: readonly DemoArticle[] = [
  ...DEMO_DOCUMENTS,
  ...DEMO_HELP,
  ...DEMO_SWAP_NOTICES,
  ...DEMO_NOTICES,
];

function writeArticle(repo: ContentRepo, article: DemoArticle, at: number): number {
  const id = repo.insertArticle({
    category: article.category,
    slug: article.slug,
    pinned: article.pinned ? 1 : 0,
    published: 1,
    publishedAt: at,
    products: JSON.stringify(article.products ?? []),
    now: at,
  });
  repo.setArticleTexts(
    id,
    LANGS.map((lang) => ({ lang, title: article.text[lang].title, body: article.text[lang].body })),
  );
  return id;
}

/**
 * First-start content. The running build's app version is registered on every install; with DEMO_DATA the demo
 * banners, notices, help entries and documents are written once, ever (see ContentService.seedOnce).
 */
export function seedContent(content: ContentService, demoData: boolean): void {
  content.ensureCurrentAppVersion(CURRENT_RELEASE_NOTES);
  if (!demoData) return;
  content.seedOnce(DEMO_SEED_KEY, (repo, now) => {
    const ids = new Map<DemoArticle, number>();
    DEMO_ARTICLES.forEach((article, index) => {
      // A minute apart on top of the day offset, so items of the same day still have a stable order.
      ids.set(article, writeArticle(repo, article, now - article.daysAgo * DAY_MS + index * 60_000));
    });
    DEMO_BANNERS.forEach((banner, index) => {
      const link = banner.link === 'launch' ? `/pages/index/notice?id=${ids.get(LAUNCH) ?? ''}` : banner.link;
      const id = repo.insertBanner({
        image: banner.image,
        link,
        sort: (index + 1) * 10,
        active: 1,
        products: JSON.stringify(banner.products ?? []),
        now,
      });
      repo.setBannerTitles(
        id,
        LANGS.map((lang) => ({ lang, title: banner.title[lang] })),
      );
    });
  });
}

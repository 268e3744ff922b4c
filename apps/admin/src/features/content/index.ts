import { FileTextOutlined, PictureOutlined, RocketOutlined } from '@ant-design/icons';
import type { ConsoleFeature } from '../../lib/registry';
import { contentLocales } from './locales';

/** What traders read: home banners, notices and documents in five languages, app versions. */
export const contentFeature: ConsoleFeature = {
  name: 'content',
  locales: contentLocales,
  pages: [
    {
      path: '/content/banners',
      permission: 'content.manage',
      title: contentLocales.ref('bannersTitle'),
      page: () => import('./pages/BannersPage'),
      menu: { section: 'content', order: 10, icon: PictureOutlined },
    },
    {
      path: '/content/articles',
      permission: 'content.manage',
      title: contentLocales.ref('articlesTitle'),
      page: () => import('./pages/ArticlesPage'),
      menu: { section: 'content', order: 20, icon: FileTextOutlined },
    },
    {
      path: '/content/articles/new',
      permission: 'content.manage',
      title: contentLocales.ref('newArticle'),
      page: () => import('./pages/ArticleEditorPage'),
    },
    {
      path: '/content/articles/:id',
      permission: 'content.manage',
      title: contentLocales.ref('editArticle'),
      page: () => import('./pages/ArticleEditorPage'),
    },
    {
      path: '/content/app-versions',
      permission: 'content.manage',
      title: contentLocales.ref('versionsTitle'),
      page: () => import('./pages/AppVersionsPage'),
      menu: { section: 'content', order: 30, icon: RocketOutlined },
    },
  ],
};

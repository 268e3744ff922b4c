import { defineModule } from '../../platform/module';
import { seedContent } from './demo';
import { createContentRepo } from './repo';
import { contentAdminRoutes, contentRoutes } from './routes';
import { ContentService } from './service';

/** Banners, notices, articles and documents in five languages, app versions, service lines; the `home` channel. */
export const contentModule = defineModule({
  name: 'content',
  create: (kit) =>
    new ContentService(kit.tx, createContentRepo(kit.db), kit.clock, kit.hub, kit.config, kit.use('products')),
  routes: contentRoutes,
  operatorRoutes: contentAdminRoutes,
  channels: (content, hub) => hub.register(content.homeChannel()),
  seed: (content, { demoData }) => seedContent(content, demoData),
});

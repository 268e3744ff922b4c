import { defineModule } from '../../platform/module';
import { seedChatDemo } from './demo';
import { createCommunityRepo } from './repo';
import { communityAdminRoutes, communityRoutes } from './routes';
import { CommunityService } from './service';

/** The community chat (product key `chat`): public rooms per language, live, moderated from the console. */
export const communityModule = defineModule({
  name: 'community',
  provides: ['chat'],
  create(kit) {
    const community = new CommunityService({
      tx: kit.tx,
      repo: createCommunityRepo(kit.db),
      clock: kit.clock,
      hub: kit.hub,
      files: kit.uploads,
      account: kit.use('account'),
    });
    kit.queues.push({ key: 'chat-reports', permission: 'chat.moderate', pending: () => community.openReports() });
    return community;
  },
  routes: communityRoutes,
  operatorRoutes: communityAdminRoutes,
  channels: (community, hub) => hub.register(community.channel()),
  async seed(community, { demoData, use }) {
    if (!demoData) return;
    await seedChatDemo(community, use('account'));
  },
});

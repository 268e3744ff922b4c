import { CHAT_IMAGE_MAX_BYTES, ChatSendBody, communityAdminApi, communityApi } from '@bourse/contract';
import type { Router } from '../../http/router';
import { serve, serveAction } from '../../http/routes';
import { DomainError } from '../../lib/errors';
import { parseInput } from '../../lib/validate';
import { readImageForm, sendImage } from '../../lib/uploads';
import type { CommunityService } from './service';

export function communityRoutes(app: Router, community: CommunityService): void {
  const api = communityApi;
  serve(app, api.rooms, () => community.rooms());
  serve(app, api.history, ({ query }) => community.history(query.room, query.before, query.size));
  serve(app, api.me, ({ user }) => community.me(user.uid));
  serve(app, api.send, ({ user, body }) => community.send(user.uid, body.room, body.body));
  serve(app, api.sendImage, async ({ user, request }) => {
    const form = await readImageForm(request, {
      maxFileBytes: CHAT_IMAGE_MAX_BYTES,
      fileFields: ['image'],
      textFields: ['room', 'body'],
    });
    const image = form.images.get('image');
    if (!image) throw new DomainError('INVALID_PARAMS', { detail: 'image file' });
    const room = parseInput(ChatSendBody.shape.room, form.fields.room);
    return community.send(user.uid, room, form.fields.body ?? '', image);
  });
  serve(app, api.image, ({ params, reply }) => {
    const file = community.image(params.id);
    sendImage(reply, file.bytes, file.mime, 'private');
  });
  serve(app, api.remove, ({ user, params }) => community.removeOwn(user.uid, params.id));
  serve(app, api.report, ({ user, params, body }) => community.report(user.uid, params.id, body.reason));
}

export function communityAdminRoutes(app: Router, community: CommunityService): void {
  const api = communityAdminApi;
  serve(app, api.reports, ({ query }) => community.reports(query));
  serveAction(app, api.dismiss, { apply: ({ params }) => community.dismissReports(params.id) });
  serve(app, api.messages, ({ query }) => community.adminMessages(query));
  serveAction(app, api.remove, {
    apply: ({ operator, params }) => community.removeByModerator(operator.operatorId, params.id),
  });
  serve(app, api.mutes, () => community.mutes());
  serveAction(app, api.mute, { apply: ({ operator, body }) => community.mute(operator.operatorId, body) });
  serveAction(app, api.unmute, { apply: ({ params }) => community.unmute(params.uid) });
  serve(app, api.words, () => community.words());
  serveAction(app, api.addWord, { apply: ({ body }) => community.addWord(body.word) });
  serveAction(app, api.removeWord, { apply: ({ body }) => community.removeWord(body.word) });
}

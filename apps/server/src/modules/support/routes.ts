import { SUPPORT_ATTACHMENT_MAX_BYTES, supportAdminApi, supportApi } from '@bourse/contract';
import type { Router } from '../../http/router';
import { serve, serveAction } from '../../http/routes';
import { DomainError } from '../../lib/errors';
import { readImageForm, sendImage } from '../../lib/uploads';
import type { SupportService } from './service';

export function supportRoutes(app: Router, support: SupportService): void {
  const api = supportApi;
  serve(app, api.thread, ({ user, query }) => support.thread(user.uid, query.before));
  serve(app, api.send, ({ user, body }) => support.send(user.uid, body.body));
  serve(app, api.attach, async ({ user, request }) => {
    const form = await readImageForm(request, {
      maxFileBytes: SUPPORT_ATTACHMENT_MAX_BYTES,
      fileFields: ['image'],
      textFields: ['body'],
    });
    const image = form.images.get('image');
    if (!image) throw new DomainError('INVALID_PARAMS', { detail: 'image file' });
    return support.send(user.uid, (form.fields.body ?? '').trim().slice(0, 2000), image);
  });
  serve(app, api.attachment, ({ user, params, reply }) => {
    const file = support.ownAttachment(user.uid, params.id);
    sendImage(reply, file.bytes, file.mime, 'private');
  });
  serve(app, api.read, ({ user, body }) => {
    support.markRead(user.uid, body?.upTo);
    return null;
  });
  serve(app, api.unread, ({ user }) => ({ unread: support.unread(user.uid) }));
}

export function supportAdminRoutes(app: Router, support: SupportService): void {
  const api = supportAdminApi;
  serve(app, api.inbox, ({ query }) => support.inbox(query));
  serve(app, api.conversation, ({ params }) => support.detail(params.id));
  serveAction(app, api.reply, {
    apply: ({ operator, params, body }) => support.reply(operator.operatorId, params.id, body.body),
  });
  serveAction(app, api.read, { apply: ({ params, body }) => support.markUserRead(params.id, body?.upTo) });
  serveAction(app, api.close, { apply: ({ operator, params }) => support.close(operator.operatorId, params.id) });
  serve(app, api.attachment, ({ params, reply }) => {
    const file = support.operatorAttachment(params.id);
    sendImage(reply, file.bytes, file.mime, 'private');
  });
}

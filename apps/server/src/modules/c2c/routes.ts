import {
  C2C_IMAGE_MAX_BYTES,
  C2CAppealFields,
  C2CEvidenceFields,
  C2CPaymentMethodFields,
  c2cAdminApi,
  c2cApi,
} from '@bourse/contract';
import type { z } from 'zod';
import type { Router } from '../../http/router';
import { serve, serveAction } from '../../http/routes';
import { DomainError } from '../../lib/errors';
import { readImageForm, sendImage, type UploadedImage } from '../../lib/uploads';
import type { C2CService } from './service';

/** Text fields of a multipart form, validated by the contract's schema (its first problem is the answer). */
function fieldsOf<S extends z.ZodType>(schema: S, fields: Record<string, string>): z.infer<S> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const message = parsed.error.issues[0]?.message ?? 'INVALID_PARAMS';
  throw new DomainError(/^[A-Z_]+$/.test(message) ? (message as 'INVALID_PARAMS') : 'INVALID_PARAMS', {
    detail: parsed.error.issues[0]?.path.join('.') ?? '',
  });
}

const image = (images: Map<string, UploadedImage>, name: string) => {
  const file = images.get(name);
  if (!file) throw new DomainError('INVALID_PARAMS', { detail: `${name} file` });
  return file;
};

export function c2cRoutes(app: Router, c2c: C2CService): void {
  const api = c2cApi;
  serve(app, api.config, () => c2c.config());
  serve(app, api.offers, ({ query }) => c2c.offers(query));
  serve(app, api.ad, ({ params }) => c2c.publicAd(params.id));
  serve(app, api.quote, ({ query }) => c2c.quote(query));

  serve(app, api.payments, ({ user, lang }) => {
    c2c.noteLang(user.uid, lang);
    return c2c.payments(user.uid);
  });
  serve(app, api.addPayment, async ({ user, request }) => {
    const form = await readImageForm(request, {
      maxFileBytes: C2C_IMAGE_MAX_BYTES,
      fileFields: ['qr'],
      textFields: ['type', 'holder', 'account', 'bankName', 'branch'],
    });
    const fields = fieldsOf(C2CPaymentMethodFields, form.fields);
    return c2c.addPayment(user.uid, fields, form.images.get('qr'));
  });
  serve(app, api.deletePayment, ({ user, body }) => c2c.deletePayment(user.uid, body.id));
  serve(app, api.paymentQr, ({ user, params, reply }) => {
    const file = c2c.paymentQr(user.uid, params.id);
    sendImage(reply, file.bytes, file.mime, 'private');
  });

  serve(app, api.merchant, ({ user, lang }) => {
    c2c.noteLang(user.uid, lang);
    return c2c.merchantInfo(user.uid);
  });
  serve(app, api.applyMerchant, ({ user, body, money }) => c2c.applyMerchant(user.uid, body.nickname, money.claim));
  serve(app, api.topUpDeposit, ({ user, money }) => c2c.topUpDeposit(user.uid, money.claim));
  serve(app, api.resignMerchant, ({ user }) => c2c.resignMerchant(user.uid));

  serve(app, api.myAds, ({ user }) => c2c.myAds(user.uid));
  serve(app, api.createAd, ({ user, body, money }) => c2c.createAd(user.uid, body, money.claim));
  serve(app, api.updateAd, ({ user, body }) => c2c.updateAd(user.uid, body));
  serve(app, api.listAd, ({ user, body, money }) => c2c.listAd(user.uid, body.id, money.claim));
  serve(app, api.withdrawAd, ({ user, body }) => c2c.withdrawAd(user.uid, body.id));

  serve(app, api.createOrder, ({ user, body, money, lang }) => {
    c2c.noteLang(user.uid, lang);
    return c2c.createOrder(user.uid, body, money.claim);
  });
  serve(app, api.orders, ({ user, query }) => c2c.orders(user.uid, query));
  serve(app, api.order, ({ user, params }) => c2c.order(user.uid, params.id));
  serve(app, api.pay, ({ user, body }) => c2c.pay(user.uid, body));
  serve(app, api.cancel, ({ user, body }) => c2c.cancel(user.uid, body));
  serve(app, api.release, ({ user, body, money }) => c2c.release(user.uid, body, money.claim));
  serve(app, api.appeal, async ({ user, request }) => {
    const form = await readImageForm(request, {
      maxFileBytes: C2C_IMAGE_MAX_BYTES,
      fileFields: ['image1', 'image2', 'image3'],
      textFields: ['id', 'reason'],
    });
    const fields = fieldsOf(C2CAppealFields, form.fields);
    const images = ['image1', 'image2', 'image3'].map((n) => form.images.get(n)).filter((f) => f !== undefined);
    return c2c.appeal(user.uid, fields.id, fields.reason, images);
  });
  serve(app, api.evidence, async ({ user, request }) => {
    const form = await readImageForm(request, {
      maxFileBytes: C2C_IMAGE_MAX_BYTES,
      fileFields: ['image'],
      textFields: ['id', 'note'],
    });
    const fields = fieldsOf(C2CEvidenceFields, form.fields);
    return c2c.evidence(user.uid, fields.id, fields.note, image(form.images, 'image'));
  });
  serve(app, api.withdrawAppeal, ({ user, body }) => c2c.withdrawAppeal(user.uid, body));
  serve(app, api.messages, ({ user, params, query }) => c2c.messages(user.uid, params.id, query.after));
  serve(app, api.send, ({ user, body }) => c2c.send(user.uid, body.id, body.body));
  serve(app, api.sendImage, async ({ user, request }) => {
    const form = await readImageForm(request, {
      maxFileBytes: C2C_IMAGE_MAX_BYTES,
      fileFields: ['image'],
      textFields: ['id'],
    });
    const fields = fieldsOf(C2CEvidenceFields.pick({ id: true }), form.fields);
    return c2c.send(user.uid, fields.id, '', image(form.images, 'image'));
  });
  serve(app, api.messageImage, ({ user, params, reply }) => {
    const file = c2c.messageImage(user.uid, params.id, params.file);
    sendImage(reply, file.bytes, file.mime, 'private');
  });
  serve(app, api.evidenceImage, ({ user, params, reply }) => {
    const file = c2c.evidenceImage(user.uid, params.id, params.file);
    sendImage(reply, file.bytes, file.mime, 'private');
  });
  serve(app, api.orderQr, ({ user, params, reply }) => {
    const file = c2c.orderQr(user.uid, params.id, params.file);
    sendImage(reply, file.bytes, file.mime, 'private');
  });
  serve(app, api.notifications, ({ user }) => c2c.notifications(user.uid));
  serve(app, api.readNotifications, ({ user }) => c2c.readNotifications(user.uid));
}

export function c2cAdminRoutes(app: Router, c2c: C2CService): void {
  const api = c2cAdminApi;
  serve(app, api.stats, () => c2c.adminStats());
  serve(app, api.merchants, ({ query }) => c2c.adminMerchants(query));
  serve(app, api.merchant, ({ params }) => c2c.adminMerchant(params.uid));
  serveAction(app, api.approveMerchant, {
    apply: ({ operator, params }) => c2c.approveMerchant(operator.operatorId, params.uid),
  });
  serveAction(app, api.rejectMerchant, {
    apply: ({ operator, params, body }) => c2c.rejectMerchant(operator.operatorId, params.uid, body.reason),
  });
  serve(app, api.deposits, ({ query }) => c2c.depositEvents(query));
  serve(app, api.ads, ({ query }) => c2c.adminAds(query));
  serveAction(app, api.takeDownAd, { apply: ({ params, body }) => c2c.takeDownAd(params.id, body.reason) });
  serve(app, api.orders, ({ query }) => c2c.adminOrders(query));
  serve(app, api.order, ({ params }) => c2c.adminOrder(params.id));
  serve(app, api.orderImage, ({ params, reply }) => {
    const file = c2c.messageImage(null, params.id, params.file);
    sendImage(reply, file.bytes, file.mime, 'private');
  });
  serve(app, api.orderEvidence, ({ params, reply }) => {
    const file = c2c.evidenceImage(null, params.id, params.file);
    sendImage(reply, file.bytes, file.mime, 'private');
  });
  serve(app, api.orderQr, ({ params, reply }) => {
    const file = c2c.orderQr(null, params.id, params.file);
    sendImage(reply, file.bytes, file.mime, 'private');
  });
  serve(app, api.appeals, ({ query }) => c2c.appeals(query));
  serveAction(app, api.rule, {
    apply: ({ operator, params, body }) => c2c.rule(operator.operatorId, params.id, body),
  });
  serve(app, api.settings, () => c2c.adminSettings());
  serveAction(app, api.updateSettings, { apply: ({ body }) => c2c.updateSettings(body) });
}

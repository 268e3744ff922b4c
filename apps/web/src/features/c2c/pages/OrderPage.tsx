import { C2C_IMAGE_MAX_BYTES, type C2CMessage, type C2COrder, c2cApi, ERRORS } from '@bourse/contract';
import { useQueryClient } from '@tanstack/react-query';
import { PictureOutline } from 'antd-mobile-icons';
import { Button, Dialog, Input } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useEffect, useState } from 'react';
import { QueryError } from '../../../components/BlockState';
import { DelayedLoading } from '../../../components/PageState';
import { checkImage, ImagePicker } from '../../../components/ImagePicker';
import { SecurityCheckPopup } from '../../../components/SecurityCheckPopup';
import { StatusTag, type StatusTone } from '../../../components/StatusTag';
import { useRequestId } from '../../../hooks/useRequestId';
import { api, ApiError } from '../../../lib/api';
import type { PageProps } from '../../../lib/feature';
import { toast } from '../../../lib/toast';
import {
  c2cKeys,
  formatCountdown,
  secondsLeft,
  useC2CLive,
  useMessages,
  useOrder,
  useOrderAction,
  useSendMessage,
} from '../api';
import { AuthImage } from '../components/AuthImage';
import { MerchantLine } from '../components/MerchantLine';
import { appealPath } from '../paths';
import { Evidence } from './AppealPage';
import { useC2CT } from '../locales';
import '../c2c.css';

const TONE: Record<C2COrder['state'], StatusTone> = {
  unpaid: 'pending',
  paid: 'pending',
  appeal: 'bad',
  timed_out: 'off',
  completed: 'ok',
  cancelled: 'off',
};

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** /pages/c2c/order?id= — one order: timer, payment details, mark paid, release, cancel, appeal and the chat. */
export default function OrderPage({ query }: PageProps) {
  const id = Number(query.id ?? 0);
  const order = useOrder(id);
  useC2CLive(id);
  if (order.isPending) return <DelayedLoading />;
  if (order.isError) return <QueryError error={order.error} onRetry={() => void order.refetch()} />;
  return <OrderView order={order.data} fetchedAt={order.dataUpdatedAt} />;
}

function OrderView({ order, fetchedAt }: { order: C2COrder; fetchedAt: number }) {
  const t = useC2CT();
  const navigate = useNavigate();
  const now = useNow();
  const [picking, setPicking] = useState(false);
  const [releasing, setReleasing] = useState(false);
  const [askCode, setAskCode] = useState(false);
  const [releaseError, setReleaseError] = useState<string>();
  const request = useRequestId();
  const id = order.id;
  const v = order.version;

  const pay = useOrderAction(id, (paymentMethodId: number) =>
    api.call(c2cApi.pay, { body: { id, paymentMethodId, version: v } }),
  );
  const cancel = useOrderAction(id, (body: { notPaid: boolean; acceptPenalty: boolean }) =>
    api.call(c2cApi.cancel, { body: { id, version: v, ...body } }),
  );
  const release = useOrderAction(id, (check: { fundPassword?: string; twoFactorCode?: string }) =>
    api.call(c2cApi.release, {
      body: {
        id,
        fundPassword: check.fundPassword ?? '',
        twoFactorCode: check.twoFactorCode,
        version: v,
        requestId: request.id,
      },
      toast: false,
    }),
  );
  const withdraw = useOrderAction(id, () => api.call(c2cApi.withdrawAppeal, { body: { id, version: v } }));

  const deadline = order.payBy ?? order.releaseBy ?? order.appealUntil;
  const left = secondsLeft(deadline, order.serverTime, fetchedAt, now);

  const askCancel = async () => {
    const notPaid = order.state !== 'unpaid';
    const ok = await Dialog.confirm({
      content: order.cancelPenalty
        ? t('penaltyConfirm', order.cancelPenalty)
        : notPaid
          ? t('notPaidConfirm')
          : t('cancelConfirm'),
      confirmText: t('confirm'),
      cancelText: t('close'),
    });
    if (ok) cancel.mutate({ notPaid, acceptPenalty: order.cancelPenalty !== null });
  };

  return (
    <div className="c2c c2c-order" data-testid="c2c-order">
      <header className="c2c-order__head">
        <StatusTag tone={TONE[order.state]}>
          <span data-testid="c2c-order-state" data-state={order.state}>
            {t(`state_${order.state}`)}
          </span>
        </StatusTag>
        {left !== null && (
          <span className="c2c-timer" data-testid="c2c-timer">
            {order.state === 'unpaid'
              ? t('payWithin', { time: formatCountdown(left) })
              : order.state === 'paid'
                ? t('releaseWithin', { time: formatCountdown(left) })
                : t('appealWithin', { time: formatCountdown(left) })}
          </span>
        )}
      </header>
      <section className="c2c-card">
        <div className="c2c-kv">
          <span>{order.role === 'buyer' ? t('youBuy') : t('youSell')}</span>
          <strong data-testid="c2c-order-quantity">
            {order.quantity} {order.asset}
          </strong>
        </div>
        <div className="c2c-kv">
          <span>{t('price')}</span>
          <span>
            {order.price} {order.fiat}
          </span>
        </div>
        <div className="c2c-kv">
          <span>{t('amount')}</span>
          <strong data-testid="c2c-order-amount">
            {order.amount} {order.fiat}
          </strong>
        </div>
        <div className="c2c-kv">
          <span>{t('orderNo')}</span>
          <span>{order.no}</span>
        </div>
        <MerchantLine stats={order.counterparty} />
      </section>
      <section className="c2c-card">
        <h4>{order.role === 'buyer' ? t('payTo') : t('receiveTo')}</h4>
        {order.paymentMethods.map((m) => (
          <div
            key={m.id}
            className={`c2c-method${order.paidMethodId === m.id ? ' c2c-method--paid' : ''}`}
            data-testid="c2c-method"
          >
            <strong>{t(`type_${m.type}`)}</strong>
            <div className="c2c-kv">
              <span>{t('holder')}</span>
              <span>{m.holder}</span>
            </div>
            <div className="c2c-kv">
              <span>{t('account')}</span>
              <span>{m.account}</span>
            </div>
            {m.hasQr && (
              <AuthImage
                cacheKey={['order-qr', order.id, m.id]}
                load={(signal) =>
                  api.file(c2cApi.orderQr, { params: { id: order.id, file: m.id }, toast: false, signal })
                }
                alt={t('qrOf', { type: t(`type_${m.type}`) })}
                className="c2c-qr"
                testId="c2c-order-qr"
              />
            )}
            {m.bankName && (
              <div className="c2c-kv">
                <span>{t('bank')}</span>
                <span>
                  {m.bankName} {m.branch ?? ''}
                </span>
              </div>
            )}
          </div>
        ))}
        {order.terms && (
          <p className="c2c-muted">
            {t('terms')}: {order.terms}
          </p>
        )}
      </section>
      {order.appeal && (
        <section className="c2c-card" data-testid="c2c-appeal">
          <p>{t('appealOpen', { by: t(`by_${order.appeal.openedBy}`), reason: order.appeal.reason })}</p>
          {order.appeal.ruling && <p>{t(`ruled_${order.appeal.ruling}`)}</p>}
          <Evidence order={order} />
          {order.actions.evidence && (
            <Button size="small" onClick={() => void navigate(appealPath(id))} data-testid="c2c-add-evidence">
              {t('addEvidence')}
            </Button>
          )}
        </section>
      )}
      <div className="c2c-actions">
        {order.actions.pay &&
          (picking ? (
            <div className="c2c-pick">
              <p>{t('choosePaid')}</p>
              {order.paymentMethods.map((m) => (
                <Button
                  key={m.id}
                  block
                  color="primary"
                  loading={pay.isPending}
                  onClick={() => pay.mutate(m.id)}
                  data-testid={`c2c-paid-${m.id}`}
                >
                  {t(`type_${m.type}`)} · {m.account}
                </Button>
              ))}
            </div>
          ) : (
            <Button block color="primary" onClick={() => setPicking(true)} data-testid="c2c-mark-paid">
              {t('markPaid')}
            </Button>
          ))}
        {order.actions.release && (
          <Button block color="success" onClick={() => setReleasing(true)} data-testid="c2c-release">
            {t('release')}
          </Button>
        )}
        {order.actions.appeal && (
          <Button block onClick={() => void navigate(appealPath(id))} data-testid="c2c-appeal-open">
            {t('appeal')}
          </Button>
        )}
        {order.actions.withdrawAppeal && (
          <Button block loading={withdraw.isPending} onClick={() => withdraw.mutate(undefined)}>
            {t('withdrawAppeal')}
          </Button>
        )}
        {order.actions.cancel && order.cancelPenalty && (
          <p className="c2c-error" data-testid="c2c-penalty-warning">
            {t('penaltyNote', order.cancelPenalty)}
          </p>
        )}
        {order.actions.cancel && (
          <Button block fill="none" onClick={() => void askCancel()} data-testid="c2c-cancel">
            {t('cancelOrder')}
          </Button>
        )}
      </div>
      <Chat order={order} />
      <SecurityCheckPopup
        visible={releasing}
        fundPassword
        twoFactor={askCode}
        title={t('release')}
        text={t('releaseText')}
        loading={release.isPending}
        error={releaseError}
        onClose={() => setReleasing(false)}
        onConfirm={(check) => {
          setReleaseError(undefined);
          release.mutate(check, {
            onSuccess: () => {
              setReleasing(false);
              request.settled();
            },
            onError: (e) => {
              if (e instanceof ApiError && e.code === ERRORS.TWO_FACTOR_REQUIRED.code) setAskCode(true);
              setReleaseError(e instanceof ApiError ? e.msg : String(e));
              if (!(e instanceof ApiError) || e.isTransport) toast(String(e), 'fail');
              request.settled(e);
            },
          });
        }}
      />
    </div>
  );
}

function Chat({ order }: { order: C2COrder }) {
  const t = useC2CT();
  const messages = useMessages(order.id);
  const send = useSendMessage(order.id);
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const sendImage = async (file: File) => {
    const problem = checkImage(file, C2C_IMAGE_MAX_BYTES);
    if (problem) {
      toast(t(problem === 'type' ? 'imageType' : 'imageSize'), 'fail');
      return;
    }
    const form = new FormData();
    form.append('id', String(order.id));
    form.append('image', file);
    const message = await api.call(c2cApi.sendImage, { form });
    queryClient.setQueryData<C2CMessage[]>(c2cKeys.messages(order.id), (list) =>
      list && !list.some((m) => m.id === message.id) ? [...list, message] : list,
    );
  };
  return (
    <section className="c2c-card c2c-chat" data-testid="c2c-chat">
      <h4>{t('chat')}</h4>
      <ul className="c2c-chat__list">
        {(messages.data ?? []).map((m) => (
          <li
            key={m.id}
            className={`c2c-msg c2c-msg--${m.author === 'system' ? 'system' : m.author === order.role ? 'mine' : 'theirs'}`}
          >
            {m.author === 'system' ? (
              t(`sys_${m.body}` as 'sys_created')
            ) : m.hasImage ? (
              <ChatImage orderId={order.id} id={m.id} />
            ) : (
              m.body
            )}
          </li>
        ))}
      </ul>
      {order.actions.chat ? (
        <div className="c2c-chat__composer">
          <ImagePicker
            name="image"
            label={t('image')}
            className="c2c-chat__image"
            onPick={(file) => void sendImage(file)}
          >
            <PictureOutline />
          </ImagePicker>
          <Input
            value={text}
            onChange={setText}
            placeholder={t('chatPlaceholder')}
            maxLength={1000}
            data-testid="c2c-chat-input"
          />
          <Button
            size="small"
            color="primary"
            disabled={text.trim() === ''}
            loading={send.isPending}
            onClick={() => send.mutate(text.trim(), { onSuccess: () => setText('') })}
          >
            {t('send')}
          </Button>
        </div>
      ) : (
        <p className="c2c-muted">{t('chatClosed')}</p>
      )}
    </section>
  );
}

/** A chat image: the route needs the login, so it comes as bytes and shows through an object URL. */
function ChatImage({ orderId, id }: { orderId: number; id: number }) {
  const t = useC2CT();
  return (
    <AuthImage
      cacheKey={['chat', orderId, id]}
      load={(signal) => api.file(c2cApi.messageImage, { params: { id: orderId, file: id }, toast: false, signal })}
      alt={t('image')}
      className="c2c-msg__image"
    />
  );
}

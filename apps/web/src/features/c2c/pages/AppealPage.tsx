import { C2C_IMAGE_MAX_BYTES, type C2COrder, c2cApi } from '@bourse/contract';
import { AddOutline, CloseOutline } from 'antd-mobile-icons';
import { Button, Input, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { QueryError } from '../../../components/BlockState';
import { checkImage, ImagePicker, usePreview } from '../../../components/ImagePicker';
import { DelayedLoading } from '../../../components/PageState';
import { api, ApiError } from '../../../lib/api';
import type { PageProps } from '../../../lib/feature';
import { toast } from '../../../lib/toast';
import { useC2CLive, useOrder, useOrderAction } from '../api';
import { AuthImage } from '../components/AuthImage';
import { useC2CT } from '../locales';
import { orderPath } from '../paths';
import '../c2c.css';

const MAX_IMAGES = 3;
/** The spec's shortest appeal reason (the server answers APPEAL_TOO_SHORT below it). */
const C2C_APPEAL_MIN_CHARS = 10;

/**
 * /pages/c2c/appeal?id= — open an appeal (a reason of at least 10 characters and up to three evidence images), or,
 * while it is open, add evidence (a note and an image); either side may.
 */
export default function AppealPage({ query }: PageProps) {
  const id = Number(query.id ?? 0);
  const order = useOrder(id);
  useC2CLive(id);
  if (order.isPending) return <DelayedLoading />;
  if (order.isError) return <QueryError error={order.error} onRetry={() => void order.refetch()} />;
  return <AppealView order={order.data} />;
}

function Thumb({ file, onRemove, label }: { file: File; onRemove(): void; label: string }) {
  const url = usePreview(file);
  return (
    <span className="c2c-thumb">
      {url && <img src={url} alt={file.name} />}
      <button type="button" className="c2c-thumb__remove" aria-label={label} onClick={onRemove}>
        <CloseOutline />
      </button>
    </span>
  );
}

function AppealView({ order }: { order: C2COrder }) {
  const t = useC2CT();
  const navigate = useNavigate();
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string>();
  const id = order.id;
  const open = order.appeal?.status === 'open' && order.state === 'appeal';

  const pick = (file: File) => {
    const problem = checkImage(file, C2C_IMAGE_MAX_BYTES);
    if (problem) {
      toast(t(problem === 'type' ? 'imageType' : 'imageSize'), 'fail');
      return;
    }
    setFiles((list) => (open ? [file] : [...list, file].slice(0, MAX_IMAGES)));
  };

  const appeal = useOrderAction(id, () => {
    const form = new FormData();
    form.append('id', String(id));
    form.append('reason', reason.trim());
    files.forEach((file, i) => form.append(`image${i + 1}`, file));
    return api.call(c2cApi.appeal, { form, toast: false });
  });
  const evidence = useOrderAction(id, () => {
    const form = new FormData();
    form.append('id', String(id));
    form.append('note', note.trim());
    if (files[0]) form.append('image', files[0]);
    return api.call(c2cApi.evidence, { form, toast: false });
  });
  const fail = (e: unknown) => setError(e instanceof ApiError ? e.msg : String(e));

  const submit = () => {
    setError(undefined);
    if (open) {
      evidence.mutate(undefined, {
        onSuccess: () => {
          setFiles([]);
          setNote('');
          toast(t('evidenceAdded'), 'success');
        },
        onError: fail,
      });
    } else {
      appeal.mutate(undefined, {
        onSuccess: () => {
          toast(t('appealSent'), 'success');
          void navigate(orderPath(id), { replace: true });
        },
        onError: fail,
      });
    }
  };

  const chars = reason.trim().length;
  return (
    <div className="c2c" data-testid="c2c-appeal-page">
      <section className="c2c-card">
        <div className="c2c-kv">
          <span>{t('orderNo')}</span>
          <span>{order.no}</span>
        </div>
        <div className="c2c-kv">
          <span>{t('amount')}</span>
          <strong>
            {order.amount} {order.fiat} · {order.quantity} {order.asset}
          </strong>
        </div>
        <div className="c2c-kv">
          <span>{t('state')}</span>
          <span data-testid="c2c-appeal-state" data-state={order.state}>
            {t(`state_${order.state}`)}
          </span>
        </div>
      </section>
      {order.appeal && (
        <section className="c2c-card" data-testid="c2c-appeal">
          <p>{t('appealOpen', { by: t(`by_${order.appeal.openedBy}`), reason: order.appeal.reason })}</p>
          {order.appeal.ruling && <p>{t(`ruled_${order.appeal.ruling}`)}</p>}
          <Evidence order={order} />
        </section>
      )}
      {order.actions.appeal || (open && order.actions.evidence) ? (
        <section className="c2c-card">
          <h4>{open ? t('addEvidence') : t('appeal')}</h4>
          {open ? (
            <Input value={note} onChange={setNote} placeholder={t('evidenceNote')} maxLength={200} />
          ) : (
            <>
              <TextArea
                value={reason}
                onChange={setReason}
                placeholder={t('appealReason')}
                maxLength={1000}
                rows={4}
                data-testid="c2c-appeal-reason"
              />
              <p className={chars < C2C_APPEAL_MIN_CHARS ? 'c2c-muted' : 'c2c-ok'}>
                {t('appealChars', { n: chars, min: C2C_APPEAL_MIN_CHARS })}
              </p>
            </>
          )}
          <p className="c2c-muted">{open ? t('evidenceOne') : t('evidenceHint', { n: MAX_IMAGES })}</p>
          <div className="c2c-thumbs" data-testid="c2c-appeal-images">
            {files.map((file, i) => (
              <Thumb
                key={`${file.name}-${i}`}
                file={file}
                label={t('delete')}
                onRemove={() => setFiles((list) => list.filter((_, j) => j !== i))}
              />
            ))}
            {files.length < (open ? 1 : MAX_IMAGES) && (
              <ImagePicker name="evidence" label={t('addImage')} className="c2c-thumb c2c-thumb--add" onPick={pick}>
                <AddOutline />
              </ImagePicker>
            )}
          </div>
          {error && (
            <p className="c2c-error" role="alert">
              {error}
            </p>
          )}
          <Button
            block
            color="warning"
            loading={appeal.isPending || evidence.isPending}
            disabled={open ? files.length === 0 : chars < C2C_APPEAL_MIN_CHARS}
            onClick={submit}
            data-testid="c2c-appeal-send"
          >
            {open ? t('addEvidence') : t('appealSend')}
          </Button>
        </section>
      ) : (
        !order.appeal && <p className="c2c-muted">{t('appealClosed')}</p>
      )}
      <Button block fill="none" onClick={() => void navigate(orderPath(id))}>
        {t('backToOrder')}
      </Button>
    </div>
  );
}

/** The evidence images of the order's appeal, from both sides. */
export function Evidence({ order }: { order: C2COrder }) {
  const t = useC2CT();
  const list = order.appeal?.evidence ?? [];
  if (list.length === 0) return null;
  return (
    <ul className="c2c-evidence" data-testid="c2c-evidence">
      {list.map((e) => (
        <li key={e.id}>
          <AuthImage
            cacheKey={['evidence', order.id, e.id]}
            load={(signal) =>
              api.file(c2cApi.evidenceImage, { params: { id: order.id, file: e.id }, toast: false, signal })
            }
            alt={t('image')}
            className="c2c-evidence__image"
          />
          <small className="c2c-muted">
            {t(`by_${e.by}`)}
            {e.note ? ` · ${e.note}` : ''}
          </small>
        </li>
      ))}
    </ul>
  );
}

import {
  errorMessage,
  IDENTITY_PHOTO_MAX_BYTES,
  type IdentityDocType,
  IdentityFields,
  type IdentityInfo,
  type IdentityPhotoSide,
  requiredPhotoSides,
} from '@bourse/contract';
import { Button, List, Selector } from 'antd-mobile';
import { useState } from 'react';
import { ListSkeleton, QueryError } from '../../../components/BlockState';
import { Form } from '../../../components/form/Form';
import { TextField } from '../../../components/form/TextField';
import { useLocale } from '../../../hooks/useLocale';
import type { PageProps } from '../../../lib/feature';
import { formatDate } from '../../../lib/format';
import { useSettings } from '../../../lib/stores/settings';
import { toast } from '../../../lib/toast';
import { validate } from '../../../lib/validation';
import { useIdentity, useSubmitIdentity } from '../api';
import { checkImage } from '../../../components/ImagePicker';
import { Notice } from '../components/Notice';
import { PhotoSlot } from '../components/PhotoSlot';
import { StatusCard } from '../components/StatusCard';
import { useFormState } from '../../../hooks/useFormState';
import { useSecurityT } from '../locales';
import '../security.css';

/** Names in Chinese characters read family name first without a space (张伟); others given name first (Marie Curie). */
function fullName(info: IdentityInfo): string {
  const family = info.familyName ?? '';
  const given = info.givenName ?? '';
  return /\p{Script=Han}/u.test(family + given) ? `${family}${given}` : `${given} ${family}`.trim();
}

function Submitted({ info }: { info: IdentityInfo }) {
  const t = useSecurityT();
  const locale = useLocale();
  return (
    <List className="app-list sec-list sec-details">
      <List.Item extra={fullName(info)}>{t('name')}</List.Item>
      <List.Item extra={info.type === 'passport' ? t('passport') : t('idCard')}>{t('docType')}</List.Item>
      <List.Item extra={<span className="num">{info.number}</span>}>{t('docNumber')}</List.Item>
      {info.submittedAt !== null && (
        <List.Item extra={formatDate(info.submittedAt, locale)}>{t('submittedAt')}</List.Item>
      )}
    </List>
  );
}

/** Document type, names, number and photos; every rule checked here as the server will check it. */
function IdentityForm({ previous }: { previous?: IdentityInfo }) {
  const t = useSecurityT();
  const lang = useSettings((s) => s.lang);
  const submitIdentity = useSubmitIdentity();
  // After a rejection the names and type come back filled in; the number was only kept masked, so it is typed again.
  const { values, errors, setErrors, field } = useFormState({
    familyName: previous?.familyName ?? '',
    givenName: previous?.givenName ?? '',
    number: '',
  });
  const [type, setType] = useState<IdentityDocType>(previous?.type ?? 'id_card');
  const [photos, setPhotos] = useState<Partial<Record<IdentityPhotoSide, File>>>({});
  const sides = requiredPhotoSides(type);

  const pick = (side: IdentityPhotoSide) => (file: File) => {
    const problem = checkImage(file, IDENTITY_PHOTO_MAX_BYTES);
    if (problem) {
      toast(problem === 'size' ? t('photoTooLarge') : t('photoType'), 'fail');
      return;
    }
    setPhotos((p) => ({ ...p, [side]: file }));
    setErrors(({ photos: _cleared, ...rest }) => rest);
  };

  const submit = async () => {
    const checked = validate(IdentityFields, { ...values, type }, lang);
    const missing = sides.some((side) => photos[side] === undefined);
    const fieldErrors = checked.ok ? {} : checked.errors;
    if (!checked.ok || missing) {
      setErrors(missing ? { ...fieldErrors, photos: errorMessage('IDENTITY_PHOTOS_REQUIRED', lang) } : fieldErrors);
      return;
    }
    // Only the document's own sides: a back photo chosen before switching to passport stays behind.
    const chosen: Partial<Record<IdentityPhotoSide, File>> = {};
    for (const side of sides) chosen[side] = photos[side];
    try {
      await submitIdentity.mutateAsync({ ...checked.data, photos: chosen });
      toast(t('identitySubmitted'), 'success');
    } catch {
      // the client showed the server's message
    }
  };

  return (
    <Form onSubmit={submit}>
      <div className="field">
        <span className="field__label">{t('docType')}</span>
        <Selector<IdentityDocType>
          className="sec-selector"
          columns={2}
          value={[type]}
          onChange={(v) => v[0] && setType(v[0])}
          options={[
            { label: t('idCard'), value: 'id_card' },
            { label: t('passport'), value: 'passport' },
          ]}
        />
      </div>
      <TextField
        {...field('familyName')}
        label={t('familyName')}
        placeholder={t('asOnDocument')}
        autoComplete="family-name"
        maxLength={50}
      />
      <TextField
        {...field('givenName')}
        label={t('givenName')}
        placeholder={t('asOnDocument')}
        autoComplete="given-name"
        maxLength={50}
      />
      <TextField
        {...field('number')}
        label={t('docNumber')}
        placeholder={t('docNumberPlaceholder')}
        autoComplete="off"
        maxLength={40}
      />
      <div className={`field${errors.photos ? ' field--error' : ''}`}>
        <span className="field__label">{t('photos')}</span>
        <div className="sec-photos">
          {sides.map((side) => (
            <PhotoSlot
              key={side}
              name={side}
              label={side === 'front' && type === 'passport' ? t('photo_passport') : t(`photo_${side}`)}
              file={photos[side]}
              onPick={pick(side)}
            />
          ))}
        </div>
        <div className="sec-hint">{t('photosHint')}</div>
        {errors.photos && (
          <div className="field__error" role="alert">
            {errors.photos}
          </div>
        )}
      </div>
      <Button className="sec-submit" block color="primary" type="submit" loading={submitIdentity.isPending}>
        {t('submitIdentity')}
      </Button>
    </Form>
  );
}

/** /pages/usreMei/identity — real-name verification: the form, or where the review stands. */
export default function IdentityPage(_props: PageProps) {
  const t = useSecurityT();
  const identity = useIdentity();

  if (identity.isPending) return <ListSkeleton rows={5} />;
  if (identity.isError) return <QueryError error={identity.error} onRetry={() => void identity.refetch()} />;
  const info = identity.data;

  return (
    <div className="sec sec--form">
      {info.state === 'verified' && (
        <>
          <StatusCard kind="success" heading={t('verifiedHeading')} text={t('verifiedText')} />
          <Submitted info={info} />
        </>
      )}
      {info.state === 'pending' && (
        <>
          <StatusCard kind="pending" heading={t('pendingHeading')} text={t('pendingText')} />
          <Submitted info={info} />
        </>
      )}
      {info.state === 'rejected' && (
        <>
          <StatusCard kind="failure" heading={t('rejectedHeading')} text={t('rejectedText')}>
            <div className="sec-status__reason">{t('reasonLine', { reason: info.rejectReason ?? '' })}</div>
          </StatusCard>
          <IdentityForm previous={info} />
        </>
      )}
      {info.state === 'unverified' && (
        <>
          <Notice>{t('identityIntro')}</Notice>
          <IdentityForm />
        </>
      )}
    </div>
  );
}

import { ListingInput, type ListingStatus } from '@bourse/contract';
import { Button, TextArea } from 'antd-mobile';
import { useId, useState } from 'react';
import { ListSkeleton, QueryError } from '../../../components/BlockState';
import { ChipTabs } from '../../../components/ChipTabs';
import { Field } from '../../../components/form/Field';
import { Form } from '../../../components/form/Form';
import { TextField } from '../../../components/form/TextField';
import { StatusTag, type StatusTone } from '../../../components/StatusTag';
import { useFormState } from '../../../hooks/useFormState';
import { useLocale } from '../../../hooks/useLocale';
import type { PageProps } from '../../../lib/feature';
import { formatDate } from '../../../lib/format';
import { useSettings } from '../../../lib/stores/settings';
import { toast } from '../../../lib/toast';
import { validate } from '../../../lib/validation';
import { useApply, useMyListings } from '../api';
import { useListingsT } from '../locales';
import '../listings.css';

const TONES: Record<ListingStatus, StatusTone> = { pending: 'pending', approved: 'ok', rejected: 'bad' };

const EMPTY = {
  projectName: '',
  symbol: '',
  chain: '',
  contractAddress: '',
  website: '',
  whitepaper: '',
  totalSupply: '',
  contactName: '',
  contact: '',
  description: '',
};

function ApplyForm({ onSent }: { onSent(): void }) {
  const t = useListingsT();
  const lang = useSettings((s) => s.lang);
  const apply = useApply();
  const descriptionId = useId();
  const { values, errors, setErrors, setValues, field, set } = useFormState(EMPTY);

  const submit = async () => {
    const checked = validate(ListingInput, values, lang);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    try {
      await apply.mutateAsync(checked.data);
      toast(t('submitted'), 'success');
      setValues(EMPTY);
      onSent();
    } catch {
      // The server's message was shown.
    }
  };

  return (
    <Form onSubmit={submit}>
      <TextField {...field('projectName')} label={t('projectName')} maxLength={60} />
      <TextField {...field('symbol')} label={t('symbol')} placeholder={t('symbolPlaceholder')} maxLength={12} />
      <TextField {...field('chain')} label={t('chain')} placeholder={t('chainPlaceholder')} maxLength={30} />
      <TextField {...field('contractAddress')} label={t('contractAddress')} maxLength={128} />
      <TextField {...field('website')} label={t('website')} placeholder="https://" maxLength={200} />
      <TextField {...field('whitepaper')} label={t('whitepaper')} placeholder="https://" maxLength={200} />
      <TextField {...field('totalSupply')} label={t('totalSupply')} inputMode="numeric" maxLength={40} />
      <TextField {...field('contactName')} label={t('contactName')} maxLength={40} />
      <TextField {...field('contact')} label={t('contact')} maxLength={80} />
      <Field label={t('description')} error={errors.description} htmlFor={descriptionId}>
        <TextArea
          id={descriptionId}
          name="description"
          value={values.description}
          onChange={set('description')}
          placeholder={t('descriptionPlaceholder')}
          maxLength={1000}
          rows={4}
          showCount
        />
      </Field>
      <Button block color="primary" type="submit" loading={apply.isPending} className="ls-submit">
        {t('submit')}
      </Button>
    </Form>
  );
}

function MyApplications() {
  const t = useListingsT();
  const locale = useLocale();
  const mine = useMyListings();
  if (mine.isPending) return <ListSkeleton rows={3} />;
  if (mine.isError) return <QueryError error={mine.error} onRetry={() => void mine.refetch()} />;
  if (mine.data.list.length === 0) return <p className="ls-muted ls-empty">{t('none')}</p>;
  return (
    <ul className="ls-list">
      {mine.data.list.map((a) => (
        <li key={a.id} className="ls-card" data-testid={`listing-${a.id}`}>
          <div className="ls-card__head">
            <strong>
              {a.symbol} · {a.projectName}
            </strong>
            <StatusTag tone={TONES[a.status]}>
              <span data-testid="listing-status">{t(`status_${a.status}`)}</span>
            </StatusTag>
          </div>
          <span className="ls-muted num">{t('sentAt', { date: formatDate(a.createdAt, locale) })}</span>
          {a.reviewedAt !== null && (
            <span className="ls-muted num">{t('reviewedAt', { date: formatDate(a.reviewedAt, locale) })}</span>
          )}
          {a.reason && <p className="ls-reason">{t('reason', { reason: a.reason })}</p>}
        </li>
      ))}
    </ul>
  );
}

/** /pages/usreMei/report — the coin-listing application form and my applications with their review. */
export default function ReportPage({ query }: PageProps) {
  const t = useListingsT();
  const [tab, setTab] = useState<'apply' | 'mine'>(query.tab === 'mine' ? 'mine' : 'apply');
  return (
    <div className="ls-page">
      <ChipTabs
        label={t('tabApply')}
        tabs={[
          { key: 'apply', label: t('tabApply') },
          { key: 'mine', label: t('tabMine') },
        ]}
        active={tab}
        onChange={setTab}
      />
      {tab === 'apply' ? (
        <>
          <p className="ls-muted">{t('intro')}</p>
          <ApplyForm onSent={() => setTab('mine')} />
        </>
      ) : (
        <MyApplications />
      )}
    </div>
  );
}

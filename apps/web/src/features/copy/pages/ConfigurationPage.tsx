import type { CopyMe } from '@bourse/contract';
import { Button, Input, Selector } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { QueryError } from '../../../components/BlockState';
import { DelayedLoading } from '../../../components/PageState';
import { useRequestId } from '../../../hooks/useRequestId';
import type { PageProps } from '../../../lib/feature';
import { toast } from '../../../lib/toast';
import { useConfigure, useCopyMe, useEscrow } from '../api';
import { useCopyT } from '../locales';
import { COPY_PATHS } from '../paths';
import '../copy.css';

type Settings = NonNullable<CopyMe['settings']>;

function SettingsForm({ s, locked }: { s: Settings; locked: boolean }) {
  const t = useCopyT();
  const configure = useConfigure();
  const [form, setForm] = useState({
    mode: s.mode,
    profitShare: s.profitShare,
    minCopyAmount: s.minCopyAmount,
    compensationRatio: s.compensationRatio,
    perTradeCap: s.perTradeCap,
    totalCap: s.totalCap,
  });
  const field = (key: Exclude<keyof typeof form, 'mode'>, label: string, hint?: string) => (
    <label className="cp-field">
      <span>{label}</span>
      <Input
        value={form[key]}
        disabled={locked}
        inputMode="decimal"
        onChange={(v) => setForm((f) => ({ ...f, [key]: v }))}
        data-testid={`copy-setting-${key}`}
      />
      {hint && <small className="cp-muted">{hint}</small>}
    </label>
  );
  const save = async () => {
    try {
      await configure.mutateAsync(form);
      toast(t('saved'), 'success');
    } catch {
      // The server's message was shown.
    }
  };
  return (
    <section className="cp-section">
      <span className="cp-muted cp-small">{t('mode')}</span>
      <Selector
        columns={2}
        disabled={locked}
        value={[form.mode]}
        onChange={(v) => v[0] && setForm((f) => ({ ...f, mode: v[0] as Settings['mode'] }))}
        options={[
          { label: t('ordinary'), value: 'ordinary' },
          { label: t('compensate'), value: 'compensate' },
        ]}
      />
      {field('profitShare', `${t('profitShare')} (0–0.3)`)}
      {field('minCopyAmount', `${t('minCopy')} (USDT)`, t('unlimited') + ': 0')}
      {form.mode === 'compensate' && field('compensationRatio', `${t('compensationRatio')} (0–1)`)}
      {field('perTradeCap', `${t('perTradeCap')} (USDT)`, t('zeroNoCap'))}
      {field('totalCap', `${t('totalCap')} (USDT)`, t('zeroNoCap'))}
      <Button
        block
        color="primary"
        disabled={locked}
        loading={configure.isPending}
        onClick={() => void save()}
        data-testid="copy-save"
      >
        {t('save')}
      </Button>
    </section>
  );
}

function EscrowForm({ escrow, threshold, locked }: { escrow: string; threshold: string; locked: boolean }) {
  const t = useCopyT();
  const move = useEscrow();
  const [amount, setAmount] = useState('');
  const request = useRequestId();
  const send = async (direction: 'in' | 'out') => {
    try {
      await move.mutateAsync({ direction, amount, requestId: request.id });
      request.settled();
      setAmount('');
      toast(t('saved'), 'success');
    } catch (e) {
      // The server's message was shown; a retry after a network failure keeps the id (moved once).
      request.settled(e);
    }
  };
  return (
    <section className="cp-section">
      <dl className="cp-kv">
        <dt>{t('escrow')}</dt>
        <dd className="num" data-testid="copy-escrow">
          {escrow} USDT
        </dd>
      </dl>
      <p className="cp-muted cp-small">{t('threshold', { min: threshold })}</p>
      <label className="cp-field">
        <span>{t('amount')}</span>
        <Input
          value={amount}
          onChange={setAmount}
          inputMode="decimal"
          disabled={locked}
          data-testid="copy-escrow-amount"
        />
      </label>
      <div className="cp-actions">
        <Button
          size="small"
          color="primary"
          disabled={locked}
          onClick={() => void send('in')}
          data-testid="copy-escrow-in"
        >
          {t('escrowIn')}
        </Button>
        <Button size="small" disabled={locked} onClick={() => void send('out')}>
          {t('escrowOut')}
        </Button>
      </div>
    </section>
  );
}

/** /pages/documentary/configuration — the leader's mode, profit share, minimum, compensation, caps and escrow. */
export default function ConfigurationPage(_props: PageProps) {
  const t = useCopyT();
  const navigate = useNavigate();
  const me = useCopyMe();
  if (me.isPending) return <DelayedLoading />;
  if (me.isError) return <QueryError error={me.error} onRetry={() => void me.refetch()} />;
  const m = me.data;
  if (!m.settings || !m.leader) {
    return (
      <div className="cp-page">
        <Button block color="primary" onClick={() => void navigate(COPY_PATHS.become)}>
          {t('becomeTrader')}
        </Button>
      </div>
    );
  }
  return (
    <div className="cp-page">
      {m.locked && (
        <p className="cp-status" data-testid="copy-locked">
          {t('locked')}
        </p>
      )}
      <SettingsForm key={JSON.stringify(m.settings)} s={m.settings} locked={m.locked} />
      <EscrowForm escrow={m.leader.escrow} threshold={m.escrowThreshold} locked={m.locked} />
      <div className="cp-actions">
        <Button size="small" onClick={() => void navigate(COPY_PATHS.pairs)}>
          {t('pairs')}: {m.settings.symbols.map((s) => s.replace('_', '')).join(' · ')}
        </Button>
        <Button size="small" onClick={() => void navigate(COPY_PATHS.orders)}>
          {t('manage')}
        </Button>
      </div>
    </div>
  );
}

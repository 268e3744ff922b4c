import type { Miner } from '@bourse/contract';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { EmptyState, ListSkeleton, QueryError } from '../../../components/BlockState';
import { StatusTag } from '../../../components/StatusTag';
import { useRequestId } from '../../../hooks/useRequestId';
import { ApiError } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { STATUS_TONE, useCollect, useMiners, useMiningSummary, useRefuel } from '../api';
import { AmountSheet } from '../components/AmountSheet';
import { useMiningT } from '../locales';
import '../../../components/product-page.css';

/** /pages/mining/miners — the user's machines: progress, fuel, income to collect to spot. */
export default function MinersPage() {
  const t = useMiningT();
  const miners = useMiners();
  const summary = useMiningSummary();
  const collect = useCollect();
  const refuel = useRefuel();
  const [refuelling, setRefuelling] = useState<Miner | null>(null);
  const collecting = useRequestId();
  const fuelling = useRequestId();

  const doCollect = async (minerId?: number) => {
    try {
      await collect.mutateAsync({ minerId, requestId: collecting.id });
      collecting.settled();
      toast(t('collectedDone'), 'success');
    } catch (e) {
      collecting.settled(e);
      if (e instanceof ApiError) toast(e.msg, 'fail');
    }
  };

  const uncollected = summary.data?.uncollected ?? [];
  return (
    <div className="product">
      <section className="product-summary" data-testid="product-summary">
        <span className="product-summary__label">{t('uncollected')}</span>
        <span className="product-summary__value">
          {uncollected.length === 0 ? '0' : uncollected.map((u) => `${u.amount} ${u.asset}`).join(' · ')}
        </span>
        <Button
          size="small"
          color="primary"
          disabled={uncollected.length === 0}
          loading={collect.isPending}
          onClick={() => void doCollect()}
        >
          {t('collectAll')}
        </Button>
      </section>
      {miners.isError && <QueryError error={miners.error} onRetry={() => void miners.refetch()} />}
      {miners.isPending && <ListSkeleton />}
      {miners.data?.list.length === 0 && <EmptyState text={t('empty')} />}
      {miners.data?.list.map((m) => (
        <section key={m.id} className="product-card" data-testid={`miner-${m.id}`}>
          <header className="product-card__head">
            <span className="product-card__name">{m.name}</span>
            <StatusTag tone={m.fuelShort ? 'bad' : STATUS_TONE[m.status]}>{t(`status_${m.status}`)}</StatusTag>
          </header>
          {m.fuelShort && <p className="product-card__warn">{t('fuelShort')}</p>}
          <dl className="product-grid">
            <dt>{t('term')}</dt>
            <dd>
              {m.status === 'not_started'
                ? t('starts', { time: formatDate(m.startAt) })
                : t('progress', { done: m.daysDone, term: m.termDays })}
            </dd>
            <dt>{t('produced')}</dt>
            <dd>
              {m.produced} {m.outputAsset}
            </dd>
            <dt>{t('uncollected')}</dt>
            <dd data-testid={`miner-${m.id}-uncollected`}>
              {m.uncollected} {m.outputAsset}
            </dd>
            <dt>{t('fuelLeft', { n: m.fuelDays })}</dt>
            <dd>
              {m.fuel} {m.fuelAsset}
            </dd>
          </dl>
          <footer className="product-card__foot">
            {(m.status === 'running' || m.status === 'not_started') && m.fuelRoom !== '0' && (
              <Button size="small" onClick={() => setRefuelling(m)}>
                {t('refuel')}
              </Button>
            )}
            <Button
              size="small"
              color="primary"
              disabled={m.uncollected === '0'}
              onClick={() => void doCollect(m.id)}
              data-testid={`miner-${m.id}-collect`}
            >
              {t('collect')}
            </Button>
          </footer>
        </section>
      ))}
      {refuelling && (
        <AmountSheet
          open
          title={t('refuelTitle', { name: refuelling.name })}
          label={t('fuel')}
          hint={t('fuelHint', { min: refuelling.dailyFuel, max: refuelling.fuelRoom, asset: refuelling.fuelAsset })}
          initial={refuelling.dailyFuel}
          unit={refuelling.fuelAsset}
          onClose={() => setRefuelling(null)}
          onSubmit={async (amount) => {
            await fuelling.send((requestId) => refuel.mutateAsync({ minerId: refuelling.id, amount, requestId }));
            toast(t('refuelDone'), 'success');
          }}
        />
      )}
    </div>
  );
}

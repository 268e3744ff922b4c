import type { MiningMachine } from '@bourse/contract';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { EmptyState, ListSkeleton, QueryError } from '../../../components/BlockState';
import { NavRight } from '../../../components/PageChrome';
import { useRequestId } from '../../../hooks/useRequestId';
import { useSession } from '../../../lib/stores/session';
import { toast } from '../../../lib/toast';
import { MINING_PATHS, useBuy, useMachines } from '../api';
import { AmountSheet } from '../components/AmountSheet';
import { useMiningT } from '../locales';
import '../../../components/product-page.css';

/** /pages/mining/index — the machine models on sale; buy one with its first fuel. */
export default function MachinesPage() {
  const t = useMiningT();
  const navigate = useNavigate();
  const machines = useMachines();
  const buy = useBuy();
  const purchase = useRequestId();
  const loggedIn = useSession((s) => s.token !== null);
  const [buying, setBuying] = useState<MiningMachine | null>(null);

  return (
    <div className="product">
      <NavRight>
        <button type="button" className="product-nav-link" onClick={() => void navigate(MINING_PATHS.miners)}>
          {t('myMachines')}
        </button>
      </NavRight>
      {machines.isError && <QueryError error={machines.error} onRetry={() => void machines.refetch()} />}
      {machines.isPending && <ListSkeleton />}
      {machines.data?.length === 0 && <EmptyState />}
      {machines.data?.map((m) => (
        <section key={m.id} className="product-card" data-testid={`machine-${m.id}`}>
          <header className="product-card__head">
            <span className="product-card__name">{m.name}</span>
            <span className="product-card__rate">{m.hashrate}</span>
          </header>
          <dl className="product-grid">
            <dt>{t('price')}</dt>
            <dd>
              {m.price} {m.priceAsset}
            </dd>
            <dt>{t('term')}</dt>
            <dd>{t('days', { n: m.termDays })}</dd>
            <dt>{t('dailyOutput')}</dt>
            <dd>
              {m.dailyOutput} {m.outputAsset}
            </dd>
            <dt>{t('totalOutput')}</dt>
            <dd>
              {m.totalOutput} {m.outputAsset}
            </dd>
            <dt>{t('dailyFuel')}</dt>
            <dd>
              {m.dailyFuel} {m.fuelAsset}
            </dd>
          </dl>
          <footer className="product-card__foot">
            <span className="product-card__note">
              {t('limit', { n: m.perUserLimit })}
              {m.remaining !== null && ` · ${t('remaining', { n: m.remaining })}`}
            </span>
            <Button
              color="primary"
              size="small"
              disabled={!m.onSale}
              onClick={() => (loggedIn ? setBuying(m) : void navigate('/pages/login/login'))}
            >
              {m.onSale ? t('buy') : t('soldOut')}
            </Button>
          </footer>
        </section>
      ))}
      {buying && (
        <AmountSheet
          open
          title={t('buyTitle', { name: buying.name })}
          label={t('fuel')}
          hint={t('fuelHint', {
            min: buying.dailyFuel,
            max: multiply(buying.dailyFuel, buying.termDays),
            asset: buying.fuelAsset,
          })}
          initial={multiply(buying.dailyFuel, buying.termDays)}
          unit={buying.fuelAsset}
          onClose={() => setBuying(null)}
          onSubmit={async (fuel) => {
            await purchase.send((requestId) => buy.mutateAsync({ machineId: buying.id, fuel, requestId }));
            toast(t('bought'), 'success');
            void navigate(MINING_PATHS.miners);
          }}
        />
      )}
    </div>
  );
}

/** A decimal string times a whole number, exactly (the term's fuel as the default to put in). */
function multiply(value: string, n: number): string {
  const [int = '0', frac = ''] = value.split('.');
  const product = BigInt(int + frac) * BigInt(n);
  const digits = product.toString().padStart(frac.length + 1, '0');
  const whole = digits.slice(0, digits.length - frac.length);
  const rest = frac.length > 0 ? digits.slice(digits.length - frac.length).replace(/0+$/, '') : '';
  return rest ? `${whole}.${rest}` : whole;
}

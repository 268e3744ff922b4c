import type { OptionSide } from '@bourse/contract';
import { Button } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Amount } from '../../../components/Amount';
import { EmptyState, ListSkeleton, QueryError } from '../../../components/BlockState';
import { ChipTabs } from '../../../components/ChipTabs';
import { DecimalInput } from '../../../components/form/DecimalInput';
import { useLocale } from '../../../hooks/useLocale';
import { useRequestId } from '../../../hooks/useRequestId';
import type { PageProps } from '../../../lib/feature';
import { requireLogin } from '../../../lib/navigation';
import { useSession } from '../../../lib/stores/session';
import { toast } from '../../../lib/toast';
import {
  historyList,
  useJoin,
  useOpenBets,
  useOptionBalance,
  useOptionCandles,
  useOptionHistory,
  useOptionsConfig,
  useOptionTicker,
} from '../api';
import { BetCard } from '../components/BetCard';
import { IndexChart } from '../components/IndexChart';
import { VerifyList } from '../components/VerifyList';
import { decimalLess, formatClock, ratioPercent } from '../format';
import { useOptionsT } from '../locales';
import { DEFAULT_OPTION_SYMBOL, OPTION_PATHS, pairName } from '../paths';
import { countdown, useServerNow } from '../time';
import '../options.css';

/** Preset amounts, shown when within the period's limits. */
const PRESETS = ['10', '50', '100', '500', '1000'];

type ListTab = 'open' | 'history' | 'verify';

/**
 * /pages/Option/Option?symbol=BTC_USDT&period=30 — up/down options: pair and period, the live 1-second index with the
 * open price of the round in progress, the countdowns to the next open and to settlement (server time), up and down
 * with the period's payout, amount presets, my open bets and my history with result and profit.
 */
export default function OptionPage({ query }: PageProps) {
  const t = useOptionsT();
  const locale = useLocale();
  const navigate = useNavigate();
  const loggedIn = useSession((s) => s.token !== null);
  const config = useOptionsConfig();
  const [symbol, setSymbol] = useState(query.symbol ?? DEFAULT_OPTION_SYMBOL);
  const [period, setPeriod] = useState<number | null>(query.period ? Number(query.period) : null);
  const [amount, setAmount] = useState('');
  const request = useRequestId();
  const [tab, setTab] = useState<ListTab>('open');
  const ticker = useOptionTicker(symbol);
  const candles = useOptionCandles(symbol);
  const balance = useOptionBalance();
  const open = useOpenBets();
  const history = useOptionHistory();
  const join = useJoin();
  const now = useServerNow();

  const pairs = config.data?.pairs.filter((p) => p.enabled) ?? [];
  const periods = config.data?.periods.filter((p) => p.enabled) ?? [];
  const pair = pairs.find((p) => p.symbol === symbol) ?? pairs[0];
  const terms = periods.find((p) => p.period === period) ?? periods[0];

  useEffect(() => {
    if (pair && pair.symbol !== symbol) setSymbol(pair.symbol);
  }, [pair, symbol]);

  if (config.isError) return <QueryError error={config.error} onRetry={() => void config.refetch()} />;
  if (!config.data || !pair || !terms) return <ListSkeleton rows={6} />;
  const { asset, amountPrecision } = config.data;
  const precision = pair.pricePrecision;
  const rounds =
    ticker.data?.symbol === pair.symbol ? ticker.data.periods.find((p) => p.period === terms.period) : null;
  const current = rounds?.current ?? null;
  const next = rounds?.next ?? null;
  const marketOpen = ticker.data ? ticker.data.open : pair.open;
  const price = ticker.data?.price ?? pair.index;
  const presets = PRESETS.filter((p) => !decimalLess(p, terms.minAmount) && !decimalLess(terms.maxAmount, p));
  const openBets = open.data ?? [];
  const settled = historyList(history.data);

  const choose = (next: { symbol?: string; period?: number }) => {
    const s = next.symbol ?? pair.symbol;
    const p = next.period ?? terms.period;
    if (next.symbol) setSymbol(s);
    if (next.period) setPeriod(p);
    void navigate(`${OPTION_PATHS.option}?symbol=${s}&period=${p}`, { replace: true });
  };

  const bet = (side: OptionSide) => {
    if (!requireLogin()) return;
    if (!next) return;
    if (amount === '') {
      toast(t('enterAmount'));
      return;
    }
    join.mutate(
      { symbol: pair.symbol, period: terms.period, round: next.number, side, amount, requestId: request.id },
      {
        onSuccess: (placed) => {
          toast(t('joined', { number: placed.number }), 'success');
          setTab('open');
        },
        // A new id once the server answered (its message is shown); the same one for a retry after a network failure.
        onSettled: (_placed, error) => request.settled(error ?? undefined),
      },
    );
  };

  return (
    <div className="option-page">
      <div className="option-pairs" role="tablist" aria-label={t('pairs')}>
        {pairs.map((p) => (
          <button
            key={p.symbol}
            type="button"
            role="tab"
            aria-selected={p.symbol === pair.symbol}
            className={`option-pairs__pair${p.symbol === pair.symbol ? ' option-pairs__pair--on' : ''}`}
            onClick={() => choose({ symbol: p.symbol })}
          >
            {pairName(p.symbol)}
          </button>
        ))}
      </div>

      <section className="option-head">
        <div>
          <div className="option-head__label">{t('indexPrice')}</div>
          <div className="option-head__price" data-testid="option-index">
            <Amount value={price} precision={precision} />
          </div>
        </div>
        {!marketOpen && <span className="option-head__closed">{t('marketClosed')}</span>}
      </section>

      <div className="option-periods">
        <ChipTabs
          label={t('periods')}
          tabs={periods.map((p) => ({
            key: String(p.period),
            label: `${t('periodSeconds', { seconds: p.period })} · ${ratioPercent(p.payoutRatio)}`,
          }))}
          active={String(terms.period)}
          onChange={(key) => choose({ period: Number(key) })}
        />
      </div>

      <IndexChart candles={candles.data ?? []} openPrice={current?.openPrice ?? null} precision={precision} />

      <section className="option-rounds">
        <div className="option-rounds__box" data-testid="current-round">
          {current ? (
            <>
              <div className="option-rounds__title">
                {t('roundNumber', { number: current.number })} · {t('inProgress')}
              </div>
              <div className="option-rounds__count num">{countdown(current.closeAt - now)}</div>
              <div className="option-rounds__sub">
                {t('settlesIn')} · {t('openPrice')} <Amount value={current.openPrice} precision={precision} />
              </div>
            </>
          ) : (
            <div className="option-rounds__title">{t('noCurrentRound')}</div>
          )}
        </div>
        <div className="option-rounds__box" data-testid="next-round">
          {next && (
            <>
              <div className="option-rounds__title">
                {t('nextRound')} · {t('roundNumber', { number: next.number })}
              </div>
              <div className="option-rounds__count num">{countdown(next.openAt - now)}</div>
              <div className="option-rounds__sub">
                {t('opensIn')} · {formatClock(next.openAt, locale)}
              </div>
            </>
          )}
        </div>
      </section>

      <section className="option-form">
        <div className="option-form__row">
          <label htmlFor="option-amount">{t('amount', { asset })}</label>
          {loggedIn && (
            <span className="option-form__available">
              {t('available')} <Amount value={balance.data?.available} precision={amountPrecision} sensitive />{' '}
              <button
                type="button"
                className="option-form__link"
                onClick={() => void navigate(OPTION_PATHS.transferIn)}
              >
                {t('transferIn')}
              </button>
            </span>
          )}
        </div>
        <DecimalInput
          id="option-amount"
          name="amount"
          value={amount}
          decimals={amountPrecision}
          onChange={setAmount}
          placeholder={t('amountPlaceholder', { min: terms.minAmount, max: terms.maxAmount })}
        />
        <div className="option-form__presets">
          {presets.map((p) => (
            <button
              key={p}
              type="button"
              className={`option-form__preset${amount === p ? ' option-form__preset--on' : ''}`}
              onClick={() => setAmount(p)}
            >
              {p}
            </button>
          ))}
        </div>
        <div className="option-form__terms">
          <span>{t('amountLimits', { min: terms.minAmount, max: terms.maxAmount, asset })}</span>
          <span>{terms.feeRate === '0' ? t('noFee') : t('feeRate', { percent: ratioPercent(terms.feeRate) })}</span>
        </div>
        {next && (
          <p className="option-form__hint">
            {t('joinHint', { number: next.number, time: formatClock(next.openAt, locale) })}
          </p>
        )}
        <div className="option-form__buttons">
          <Button
            className="option-form__up"
            block
            disabled={!marketOpen || !next}
            loading={join.isPending && join.variables.side === 'up'}
            onClick={() => bet('up')}
          >
            {t('betUp', { percent: ratioPercent(terms.payoutRatio) })}
          </Button>
          <Button
            className="option-form__down"
            block
            disabled={!marketOpen || !next}
            loading={join.isPending && join.variables.side === 'down'}
            onClick={() => bet('down')}
          >
            {t('betDown', { percent: ratioPercent(terms.payoutRatio) })}
          </Button>
        </div>
      </section>

      <section className="option-lists">
        <ChipTabs
          label={t('myBets')}
          tabs={[
            { key: 'open', label: `${t('myBets')} (${openBets.length})` },
            { key: 'history', label: t('history') },
            { key: 'verify', label: t('verify') },
          ]}
          active={tab}
          onChange={setTab}
        />
        {tab === 'verify' ? (
          <VerifyList symbol={pair.symbol} period={terms.period} precision={precision} />
        ) : !loggedIn ? (
          <div className="option-lists__guest">
            <span>{t('logInToBet')}</span>
            <Button size="small" shape="rounded" onClick={() => void requireLogin()}>
              {t('logIn')}
            </Button>
          </div>
        ) : tab === 'open' ? (
          open.isError ? (
            <QueryError error={open.error} onRetry={() => void open.refetch()} />
          ) : !open.data ? (
            <ListSkeleton rows={2} />
          ) : openBets.length === 0 ? (
            <EmptyState text={t('noOpenBets')} />
          ) : (
            openBets.map((b) => (
              <BetCard
                key={b.id}
                bet={b}
                now={now}
                pricePrecision={precisionOf(pairs, b.symbol, precision)}
                amountPrecision={amountPrecision}
              />
            ))
          )
        ) : history.isError ? (
          <QueryError error={history.error} onRetry={() => void history.refetch()} />
        ) : !history.data ? (
          <ListSkeleton rows={2} />
        ) : settled.length === 0 ? (
          <EmptyState text={t('noHistory')} />
        ) : (
          <>
            {settled.map((b) => (
              <BetCard
                key={b.id}
                bet={b}
                now={now}
                pricePrecision={precisionOf(pairs, b.symbol, precision)}
                amountPrecision={amountPrecision}
              />
            ))}
            {history.hasNextPage && (
              <Button
                block
                fill="none"
                loading={history.isFetchingNextPage}
                onClick={() => void history.fetchNextPage()}
              >
                {t('loadMore')}
              </Button>
            )}
          </>
        )}
      </section>

      <p className="option-note">{t('verifyNote')}</p>
    </div>
  );
}

function precisionOf(pairs: readonly { symbol: string; pricePrecision: number }[], symbol: string, fallback: number) {
  return pairs.find((p) => p.symbol === symbol)?.pricePrecision ?? fallback;
}

import { errorMessage, type MarketWithTicker, type SpotOrder } from '@bourse/contract';
import { Button } from 'antd-mobile';
import { AddCircleOutline, AddOutline, MinusOutline } from 'antd-mobile-icons';
import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { DecimalInput } from '../../../components/form/DecimalInput';
import { Form } from '../../../components/form/Form';
import { useLocale } from '../../../hooks/useLocale';
import { useRequestId } from '../../../hooks/useRequestId';
import { fixedDecimal } from '../../../lib/decimalInput';
import { formatAmount } from '../../../lib/format';
import { requireLogin } from '../../../lib/navigation';
import { useRegistry } from '../../../lib/registry';
import { useSession } from '../../../lib/stores/session';
import { useSettings } from '../../../lib/stores/settings';
import { toast } from '../../../lib/toast';
import { type PlaceOrderBody, spotAsset, usePlaceOrder, useSpotBalances } from '../api';
import {
  amountForPercent,
  canonical,
  checkOrder,
  type FieldName,
  type OrderKind,
  type OrderProblem,
  orderTotal,
  quantityForTotal,
  ratePercent,
  type Side,
  stepPrice,
} from '../../../lib/trading/orderMath';
import { useSpotT } from '../locales';
import { useTradingT } from '../../../components/trading/locales';
import { SPOT_PATHS } from '../paths';
import { Amount } from '../../../components/Amount';

const PERCENTS = [25, 50, 75, 100] as const;

function NumberField({
  name,
  label,
  unit,
  value,
  decimals,
  onChange,
  disabled,
  placeholder,
  error,
  onStep,
}: {
  name: FieldName;
  label: string;
  unit: string;
  value: string;
  decimals: number;
  onChange(value: string): void;
  disabled?: boolean;
  placeholder?: string;
  error?: string;
  onStep?(ticks: number): void;
}) {
  const t = useSpotT();
  const id = useId();
  return (
    <div className={`order-field${error ? ' order-field--error' : ''}${disabled ? ' order-field--disabled' : ''}`}>
      <label className="order-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="order-field__box">
        {onStep && !disabled && (
          <button type="button" className="order-field__step" aria-label={t('priceDown')} onClick={() => onStep(-1)}>
            <MinusOutline />
          </button>
        )}
        <DecimalInput
          id={id}
          name={name}
          className="order-field__input num"
          value={value}
          decimals={decimals}
          disabled={disabled}
          placeholder={placeholder}
          onChange={onChange}
        />
        {onStep && !disabled ? (
          <button type="button" className="order-field__step" aria-label={t('priceUp')} onClick={() => onStep(1)}>
            <AddOutline />
          </button>
        ) : disabled ? null : (
          <span className="order-field__unit">{unit}</span>
        )}
      </div>
      {error && (
        <div className="order-field__error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

export interface OrderFormProps {
  item: MarketWithTicker;
  side: Side;
  onSide(side: Side): void;
  /** A price picked in the order book (with a counter, so picking the same price twice still applies). */
  picked: { price: string; n: number } | null;
}

/**
 * The order form: buy or sell, limit or market, price (with ± one tick), amount, 25/50/75/100% of what the spot
 * wallet has available, the total, the fee rates and the estimated total. Every number is text checked on units;
 * the form makes the server's own checks first and shows their catalogue messages under the field.
 */
/** What the toast says after an order was accepted: filled, resting, or (IOC, market) partly or not filled. */
function placedToast(order: SpotOrder, t: ReturnType<typeof useSpotT>): [string, 'success' | 'fail'] {
  if (order.status === 'filled') return [t('orderFilled'), 'success'];
  if (order.status !== 'expired') return [t('orderPlaced'), 'success'];
  return /[1-9]/.test(order.filledQuantity) ? [t('orderPartlyFilled'), 'success'] : [t('orderNotFilled'), 'fail'];
}

export function OrderForm({ item, side, onSide, picked }: OrderFormProps) {
  const t = useSpotT();
  const tt = useTradingT();
  const locale = useLocale();
  const lang = useSettings((s) => s.lang);
  const navigate = useNavigate();
  const { hasRoute } = useRegistry();
  const loggedIn = useSession((s) => s.token !== null);
  const balances = useSpotBalances();
  const place = usePlaceOrder();
  // Kept while the same order may be retried after a network failure (placed once), renewed once answered.
  const orderRequest = useRequestId();
  const { market, ticker } = item;
  const pp = market.pricePrecision;
  const qp = market.quantityPrecision;

  const [type, setType] = useState<OrderKind>('limit');
  const [price, setPrice] = useState('');
  const [amount, setAmount] = useState('');
  const [total, setTotal] = useState('');
  /** Which of amount and total the user typed last (the other one follows). */
  const [driver, setDriver] = useState<'amount' | 'total'>('amount');
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<OrderProblem | null>(null);

  /** The pair whose last price the price field was started with (once: a field the user cleared stays empty). */
  const [startedFor, setStartedFor] = useState('');

  // A new pair starts a fresh form at its last price.
  useEffect(() => {
    setAmount('');
    setTotal('');
    setPercent(null);
    setProblem(null);
  }, [market.symbol]);
  useEffect(() => {
    if (startedFor === market.symbol || !/[1-9]/.test(ticker.last)) return;
    setStartedFor(market.symbol);
    setPrice(fixedDecimal(ticker.last, pp));
  }, [startedFor, market.symbol, ticker.last, pp]);
  useEffect(() => {
    if (!picked) return;
    setType('limit');
    setPrice(fixedDecimal(picked.price, pp));
    setProblem(null);
  }, [picked, pp]);

  const marketBuy = type === 'market' && side === 'buy';
  const baseAsset = spotAsset(balances.data, market.base);
  const quoteAsset = spotAsset(balances.data, market.quote);
  const available = { base: baseAsset.available, quote: quoteAsset.available };
  const shownAmount = type === 'limit' && driver === 'total' ? nonZero(quantityForTotal(total, price, market)) : amount;
  const shownTotal =
    type === 'limit' && driver === 'amount'
      ? amount === '' || price === ''
        ? ''
        : canonical(orderTotal(price, amount, market), pp)
      : total;
  const estimate =
    type === 'limit'
      ? orderTotal(price, shownAmount, market)
      : side === 'buy'
        ? total || '0'
        : orderTotal(ticker.last, amount, market);

  const edit = (field: FieldName, value: string) => {
    setProblem(null);
    setPercent(null);
    if (field === 'price') setPrice(value);
    else if (field === 'amount') {
      setAmount(value);
      setDriver('amount');
    } else {
      setTotal(value);
      setDriver('total');
    }
  };

  const fillPercent = (p: number) => {
    setProblem(null);
    setPercent(p);
    if (marketBuy) {
      setTotal(nonZero(amountForPercent({ side, percent: p, available: available.quote }, market)));
      return;
    }
    const value = amountForPercent(
      side === 'sell'
        ? { side, percent: p, available: available.base }
        : { side, percent: p, available: available.quote, price },
      market,
    );
    setAmount(nonZero(value));
    setDriver('amount');
  };

  const submit = () => {
    if (!requireLogin()) return;
    const draft = { side, type, price, amount: shownAmount, total: shownTotal };
    const found = checkOrder(draft, market, available, ticker.last);
    setProblem(found);
    if (found) return;
    const body: PlaceOrderBody = { symbol: market.symbol, side, type, clientOrderId: orderRequest.id };
    if (type === 'limit') {
      body.price = canonical(price, pp);
      body.quantity = canonical(shownAmount, qp);
    } else if (side === 'buy') body.quoteQuantity = canonical(total, pp);
    else body.quantity = canonical(amount, qp);
    place.mutate(body, {
      onError: (error) => {
        orderRequest.settled(error);
      },
      onSuccess: (order) => {
        orderRequest.settled();
        toast(...placedToast(order, t));
        setAmount('');
        setTotal('');
        setPercent(null);
      },
    });
  };

  const messageOf = (field: FieldName): string | undefined => {
    if (!problem || problem.field !== field) return undefined;
    return 'prompt' in problem ? t(problem.prompt) : errorMessage(problem.catalogue, lang, problem.params);
  };

  const isBuy = side === 'buy';
  const closed = market.status !== 'open';
  const asset = isBuy ? market.quote : market.base;
  const depositPath = SPOT_PATHS.deposit;

  return (
    <Form className="order-form" onSubmit={submit}>
      <div className="order-form__sides" role="tablist">
        <button
          type="button"
          role="tab"
          aria-selected={isBuy}
          className={`order-form__side order-form__side--buy${isBuy ? ' order-form__side--on' : ''}`}
          onClick={() => {
            onSide('buy');
            setProblem(null);
            setPercent(null);
          }}
        >
          {t('buy')}
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={!isBuy}
          className={`order-form__side order-form__side--sell${!isBuy ? ' order-form__side--on' : ''}`}
          onClick={() => {
            onSide('sell');
            setProblem(null);
            setPercent(null);
          }}
        >
          {t('sell')}
        </button>
      </div>

      <div className="order-form__types" role="tablist">
        {(['limit', 'market'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={type === k}
            className={`order-form__type${type === k ? ' order-form__type--on' : ''}`}
            onClick={() => {
              setType(k);
              setProblem(null);
              setPercent(null);
              setAmount('');
              setTotal('');
              setDriver(k === 'market' && isBuy ? 'total' : 'amount');
              // Back to a limit order: start from the last price rather than an empty field.
              if (k === 'limit' && !/[1-9]/.test(price) && /[1-9]/.test(ticker.last)) {
                setPrice(fixedDecimal(ticker.last, pp));
              }
            }}
          >
            {k === 'limit' ? t('limit') : t('market')}
          </button>
        ))}
      </div>

      {type === 'limit' ? (
        <NumberField
          name="price"
          label={tt('priceIn', { asset: market.quote })}
          unit={market.quote}
          value={price}
          decimals={pp}
          onChange={(v) => edit('price', v)}
          onStep={(ticks) => edit('price', fixedDecimal(stepPrice(price, ticks, market), pp))}
          error={messageOf('price')}
        />
      ) : (
        <NumberField
          name="price"
          label={tt('priceIn', { asset: market.quote })}
          unit={market.quote}
          value=""
          decimals={pp}
          onChange={() => undefined}
          placeholder={t('marketPriceHint')}
          disabled
        />
      )}

      {marketBuy ? (
        <NumberField
          name="total"
          label={t('totalIn', { asset: market.quote })}
          unit={market.quote}
          value={total}
          decimals={pp}
          onChange={(v) => edit('total', v)}
          error={messageOf('total')}
        />
      ) : (
        <NumberField
          name="amount"
          label={tt('amountIn', { asset: market.base })}
          unit={market.base}
          value={shownAmount}
          decimals={qp}
          onChange={(v) => edit('amount', v)}
          error={messageOf('amount')}
        />
      )}

      <div className="order-form__percents">
        {PERCENTS.map((p) => (
          <button
            key={p}
            type="button"
            className={`order-form__percent${percent === p ? ' order-form__percent--on' : ''}`}
            onClick={() => fillPercent(p)}
            disabled={!loggedIn}
          >
            {p}%
          </button>
        ))}
      </div>

      {type === 'limit' && (
        <NumberField
          name="total"
          label={t('totalIn', { asset: market.quote })}
          unit={market.quote}
          value={shownTotal}
          decimals={pp}
          onChange={(v) => edit('total', v)}
          error={messageOf('total')}
        />
      )}

      <dl className="order-form__facts">
        <div>
          <dt>{t('available')}</dt>
          <dd>
            {loggedIn ? (
              <>
                <Amount
                  value={isBuy ? available.quote : available.base}
                  precision={(isBuy ? quoteAsset.precision : baseAsset.precision) ?? (isBuy ? pp : qp)}
                  sensitive
                />{' '}
                {asset}
              </>
            ) : (
              '--'
            )}
            {loggedIn && hasRoute(depositPath) && (
              <button
                type="button"
                className="order-form__deposit"
                aria-label={t('deposit')}
                onClick={() => void navigate(depositPath)}
              >
                <AddCircleOutline />
              </button>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('feeRates')}</dt>
          <dd className="num">
            {formatAmount(ratePercent(market.makerFee), 4, locale, { trim: true })}% /{' '}
            {formatAmount(ratePercent(market.takerFee), 4, locale, { trim: true })}%
          </dd>
        </div>
        <div>
          <dt>{type === 'market' && !isBuy ? t('estimatedTotalApprox') : t('estimatedTotal')}</dt>
          <dd>
            <Amount value={estimate} precision={pp} /> {market.quote}
          </dd>
        </div>
      </dl>

      <Button
        type="submit"
        block
        className={`order-form__submit order-form__submit--${side}`}
        loading={place.isPending}
        disabled={closed}
      >
        {!loggedIn
          ? t('loginToTrade')
          : closed
            ? t('pairClosed')
            : isBuy
              ? t('buyAsset', { asset: market.base })
              : t('sellAsset', { asset: market.base })}
      </Button>
    </Form>
  );
}

function nonZero(value: string): string {
  return /[1-9]/.test(value) ? value : '';
}

import { errorMessage, type SwapContractWithTicker, type SwapOrder } from '@bourse/contract';
import { ActionSheet, Button, Checkbox } from 'antd-mobile';
import { DownFill, ArrowsAltOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Amount } from '../../../components/Amount';
import { Form } from '../../../components/form/Form';
import { useRequestId } from '../../../hooks/useRequestId';
import { fixedDecimal } from '../../../lib/decimalInput';
import { useCommonT } from '../../../lib/locales';
import { requireLogin } from '../../../lib/navigation';
import { useRegistry } from '../../../lib/registry';
import { useSession } from '../../../lib/stores/session';
import { useSettings } from '../../../lib/stores/settings';
import { toast } from '../../../lib/toast';
import { canonical, stepPrice } from '../../../lib/trading/orderMath';
import { type PlaceOrderBody, type PreviewInput, useAccount, usePlaceOrder, usePreview, useSettingsOf } from '../api';
import { draftProblem, type DraftProblem, type FormField, type TimeInForce } from '../orderDraft';
import { lotsShare, parseLots } from '../figures';
import { marginModeLabel, useFuturesT } from '../locales';
import { TRANSFER_IN } from '../paths';
import { LeverageSheet } from './LeverageSheet';
import { MarginModeSheet } from './MarginModeSheet';
import { NumberField } from './NumberField';

const PERCENTS = [25, 50, 75, 100] as const;
const TIME_IN_FORCE: readonly TimeInForce[] = ['GTC', 'POST_ONLY', 'IOC', 'FOK'];

export type OrderSide = 'buy' | 'sell';

/** What the toast says once an order was accepted: resting, filled, or (IOC, market) partly or not filled. */
function placedToast(order: SwapOrder, t: ReturnType<typeof useFuturesT>): [string, 'success' | 'fail'] {
  if (order.status === 'entrusted' || order.status === 'partial') return [t('orderPlaced'), 'success'];
  if (order.status !== 'cancelled') return [t('orderFilled'), 'success'];
  return order.filledLots > 0 ? [t('orderPartlyFilled'), 'success'] : [t('orderNotFilled'), 'fail'];
}

function tifLabel(t: ReturnType<typeof useFuturesT>, tif: TimeInForce): string {
  return tif === 'GTC'
    ? t('tifGTC')
    : tif === 'POST_ONLY'
      ? t('tifPostOnly')
      : tif === 'IOC'
        ? t('tifIOC')
        : t('tifFOK');
}

/**
 * The futures order form: margin mode and leverage, open long or short, limit (with time in force) or market, the
 * lots (25–100 % of what the server says may be opened), optional take-profit and stop-loss, reduce-only; then the
 * server's own figures for the order — cost (margin + fee), estimated liquidation price, max lots — before sending.
 * The form makes the server's checks first and shows their catalogue messages under the field.
 */
export function FuturesOrderForm({
  item,
  side,
  onSide,
  picked,
}: {
  item: SwapContractWithTicker;
  side: OrderSide;
  onSide(side: OrderSide): void;
  /** A price picked in the order book (with a counter, so picking the same price twice still applies). */
  picked: { price: string; n: number } | null;
}) {
  const t = useFuturesT();
  const common = useCommonT();
  const lang = useSettings((s) => s.lang);
  const navigate = useNavigate();
  const { hasRoute } = useRegistry();
  const loggedIn = useSession((s) => s.token !== null);
  const { contract, ticker } = item;
  const symbol = contract.symbol;
  const pp = contract.pricePrecision;
  const settings = useSettingsOf(symbol);
  const account = useAccount();
  const place = usePlaceOrder();
  // Kept while the same order may be retried after a network failure (placed once), renewed once answered.
  const orderRequest = useRequestId();

  const [type, setType] = useState<'limit' | 'market'>('limit');
  const [tif, setTif] = useState<TimeInForce>('GTC');
  const [price, setPrice] = useState('');
  const [lots, setLots] = useState('');
  const [percent, setPercent] = useState<number | null>(null);
  const [reduceOnly, setReduceOnly] = useState(false);
  const [withTpSl, setWithTpSl] = useState(false);
  const [takeProfit, setTakeProfit] = useState('');
  const [stopLoss, setStopLoss] = useState('');
  const [problem, setProblem] = useState<DraftProblem | null>(null);
  const [sheet, setSheet] = useState<'leverage' | 'mode' | 'tif' | null>(null);
  /** The contract whose last price the price field was started with (once: a field the user cleared stays empty). */
  const [startedFor, setStartedFor] = useState('');

  useEffect(() => {
    setLots('');
    setPercent(null);
    setTakeProfit('');
    setStopLoss('');
    setProblem(null);
  }, [symbol]);
  useEffect(() => {
    if (startedFor === symbol || !/[1-9]/.test(ticker.last)) return;
    setStartedFor(symbol);
    setPrice(fixedDecimal(ticker.last, pp));
  }, [startedFor, symbol, ticker.last, pp]);
  useEffect(() => {
    if (!picked) return;
    setType('limit');
    setPrice(fixedDecimal(picked.price, pp));
    setProblem(null);
  }, [picked, pp]);

  const lotsValue = parseLots(lots) ?? 0;
  const priceValue = canonical(price, pp);
  const previewInput: PreviewInput | null =
    !loggedIn || (type === 'limit' && !/[1-9]/.test(priceValue))
      ? null
      : {
          symbol,
          side,
          type,
          price: type === 'limit' ? priceValue : undefined,
          lots: lotsValue,
          reduceOnly,
        };
  const preview = usePreview(previewInput);
  const figures = preview.data && preview.data.symbol === symbol && preview.data.side === side ? preview.data : null;
  const maxLots = figures ? (side === 'buy' ? figures.maxLots.buy : figures.maxLots.sell) : null;
  const showFigures = figures !== null && lotsValue > 0 && figures.lots === lotsValue;

  const edit = (field: FormField, value: string) => {
    setProblem(null);
    if (field === 'price') setPrice(value);
    else if (field === 'lots') {
      setPercent(null);
      setLots(value);
    } else if (field === 'takeProfit') setTakeProfit(value);
    else setStopLoss(value);
  };

  const fillPercent = (p: number) => {
    if (!requireLogin()) return;
    setProblem(null);
    setPercent(p);
    const share = maxLots === null ? 0 : lotsShare(maxLots, p);
    setLots(share > 0 ? String(share) : '');
  };

  const submit = () => {
    if (!requireLogin()) return;
    const found = draftProblem({
      side,
      type,
      price,
      lots,
      reduceOnly,
      takeProfit: withTpSl ? takeProfit : '',
      stopLoss: withTpSl ? stopLoss : '',
      contract,
      last: ticker.last,
      maxLots,
    });
    setProblem(found);
    if (found) return;
    const body: PlaceOrderBody = {
      symbol,
      side,
      type,
      lots: lotsValue,
      timeInForce: type === 'limit' && (tif === 'IOC' || tif === 'FOK') ? tif : 'GTC',
      postOnly: type === 'limit' && tif === 'POST_ONLY',
      reduceOnly,
      clientOrderId: orderRequest.id,
    };
    if (type === 'limit') body.price = priceValue;
    if (withTpSl && takeProfit !== '') body.takeProfit = canonical(takeProfit, pp);
    if (withTpSl && stopLoss !== '') body.stopLoss = canonical(stopLoss, pp);
    place.mutate(body, {
      onError: (error) => {
        orderRequest.settled(error);
      },
      onSuccess: (order) => {
        orderRequest.settled();
        toast(...placedToast(order, t));
        setLots('');
        setPercent(null);
        setTakeProfit('');
        setStopLoss('');
      },
    });
  };

  const messageOf = (field: FormField): string | undefined => {
    if (!problem || problem.field !== field) return undefined;
    return 'prompt' in problem ? t(problem.prompt) : errorMessage(problem.catalogue, lang, problem.params);
  };

  const isBuy = side === 'buy';
  const closed = contract.status !== 'open';
  const s = settings.data;
  const chooseSide = (next: OrderSide) => {
    onSide(next);
    setProblem(null);
    setPercent(null);
  };
  const openSheet = (which: 'leverage' | 'mode') => {
    if (!requireLogin()) return;
    if (s) setSheet(which);
  };

  return (
    <Form className="order-form order-form--futures" onSubmit={submit}>
      <div className="order-form__settings">
        <button type="button" className="order-form__setting" onClick={() => openSheet('mode')} data-testid="fut-mode">
          {s ? marginModeLabel(t, s.marginMode) : t('cross')}
          <DownFill />
        </button>
        <button
          type="button"
          className="order-form__setting"
          onClick={() => openSheet('leverage')}
          data-testid="fut-leverage"
        >
          <span className="num">{s ? t('leverageValue', { leverage: s.leverage }) : '--'}</span>
          <DownFill />
        </button>
      </div>

      <div className="order-form__sides" role="tablist">
        <button
          type="button"
          role="tab"
          aria-selected={isBuy}
          className={`order-form__side order-form__side--buy${isBuy ? ' order-form__side--on' : ''}`}
          onClick={() => chooseSide('buy')}
        >
          {t('openLong')}
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={!isBuy}
          className={`order-form__side order-form__side--sell${!isBuy ? ' order-form__side--on' : ''}`}
          onClick={() => chooseSide('sell')}
        >
          {t('openShort')}
        </button>
      </div>

      <div className="order-form__types">
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
              if (k === 'limit' && !/[1-9]/.test(price) && /[1-9]/.test(ticker.last)) {
                setPrice(fixedDecimal(ticker.last, pp));
              }
            }}
          >
            {k === 'limit' ? t('limit') : t('market')}
          </button>
        ))}
        {type === 'limit' && (
          <button
            type="button"
            className="order-form__tif"
            onClick={() => setSheet('tif')}
            aria-label={t('timeInForce')}
          >
            {tifLabel(t, tif)}
            <DownFill />
          </button>
        )}
      </div>

      {type === 'limit' ? (
        <NumberField
          name="price"
          label={t('priceIn', { asset: contract.quote })}
          value={price}
          decimals={pp}
          onChange={(v) => edit('price', v)}
          onStep={(ticks) => edit('price', fixedDecimal(stepPrice(price, ticks, contract), pp))}
          error={messageOf('price')}
        />
      ) : (
        <NumberField
          name="price"
          label={t('priceIn', { asset: contract.quote })}
          value=""
          decimals={pp}
          onChange={() => undefined}
          placeholder={t('marketPriceHint')}
          disabled
        />
      )}

      <NumberField
        name="lots"
        label={t('lotsIn', { unit: t('lotsUnit') })}
        value={lots}
        decimals={0}
        onChange={(v) => edit('lots', v)}
        unit={t('lotsUnit')}
        error={messageOf('lots')}
      />

      <div className="order-form__percents">
        {PERCENTS.map((p) => (
          <button
            key={p}
            type="button"
            className={`order-form__percent${percent === p ? ' order-form__percent--on' : ''}`}
            onClick={() => fillPercent(p)}
            disabled={loggedIn && (maxLots === null || maxLots === 0)}
          >
            {p}%
          </button>
        ))}
      </div>

      <div className="order-form__checks">
        <Checkbox checked={withTpSl} onChange={(on) => setWithTpSl(on)} className="fut-check" data-testid="fut-tpsl">
          {t('tpsl')}
        </Checkbox>
        <Checkbox checked={reduceOnly} onChange={(on) => setReduceOnly(on)} className="fut-check">
          {t('reduceOnly')}
        </Checkbox>
      </div>
      {withTpSl && (
        <>
          <NumberField
            name="takeProfit"
            label={t('tpTrigger', { asset: contract.quote })}
            value={takeProfit}
            decimals={pp}
            onChange={(v) => edit('takeProfit', v)}
            error={messageOf('takeProfit')}
          />
          <NumberField
            name="stopLoss"
            label={t('slTrigger', { asset: contract.quote })}
            value={stopLoss}
            decimals={pp}
            onChange={(v) => edit('stopLoss', v)}
            error={messageOf('stopLoss')}
          />
          <p className="order-form__hint">{t('triggerByMark')}</p>
        </>
      )}

      <dl className="order-form__facts">
        <div>
          <dt>{t('available')}</dt>
          <dd>
            {loggedIn ? (
              <>
                <Amount value={account.data?.free} precision={2} sensitive /> {contract.quote}
              </>
            ) : (
              '--'
            )}
            {loggedIn && hasRoute(TRANSFER_IN) && (
              <button
                type="button"
                className="order-form__deposit"
                aria-label={t('transfer')}
                data-testid="fut-transfer"
                onClick={() => void navigate(TRANSFER_IN)}
              >
                <ArrowsAltOutline />
              </button>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('maxOpen')}</dt>
          <dd data-testid="fut-max-lots">
            {maxLots === null ? '--' : <span className="num">{t('lotsCount', { lots: maxLots })}</span>}
          </dd>
        </div>
        <div>
          <dt>{t('cost')}</dt>
          <dd data-testid="fut-cost">
            {showFigures ? (
              <>
                <Amount value={figures.cost} precision={4} /> {contract.quote}
              </>
            ) : (
              '--'
            )}
          </dd>
        </div>
        <div>
          <dt>{t('estLiqPrice')}</dt>
          <dd data-testid="fut-est-liq">
            {showFigures ? <Amount value={figures.liquidationPrice} precision={pp} /> : '--'}
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
        {!loggedIn ? t('loginToTrade') : closed ? t('contractClosed') : isBuy ? t('openLong') : t('openShort')}
      </Button>

      {s && sheet === 'leverage' && (
        <LeverageSheet visible onClose={() => setSheet(null)} contract={contract} settings={s} />
      )}
      {s && sheet === 'mode' && <MarginModeSheet visible onClose={() => setSheet(null)} settings={s} />}
      <ActionSheet
        visible={sheet === 'tif'}
        onClose={() => setSheet(null)}
        extra={t('tifHint')}
        cancelText={common('cancel')}
        actions={TIME_IN_FORCE.map((value) => ({
          key: value,
          text: tifLabel(t, value),
          onClick: () => {
            setTif(value);
            setSheet(null);
          },
        }))}
      />
    </Form>
  );
}

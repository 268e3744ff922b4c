import { errorMessage, type SwapContract, type SwapPosition } from '@bourse/contract';
import { Button, Popup } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { Amount } from '../../../components/Amount';
import { useRequestId } from '../../../hooks/useRequestId';
import { ApiError } from '../../../lib/api';
import { fixedDecimal, truncateDecimal } from '../../../lib/decimalInput';
import { useSettings } from '../../../lib/stores/settings';
import { toast } from '../../../lib/toast';
import { canonical, toUnits } from '../../../lib/trading/orderMath';
import { useAccount, useAdjustMargin, useClosePosition, useSetTpSl } from '../api';
import { checkCloseLots, checkTpSl, lotsShare } from '../figures';
import { MONEY_DECIMALS } from '../format';
import { positionSideLabel, useFuturesT } from '../locales';
import { contractName } from '../paths';
import { NumberField } from './NumberField';

const PERCENTS = [25, 50, 75, 100] as const;

/** The message of a refused call, in the server's words (the catalogue's, in the reader's language). */
function refusal(error: unknown): string {
  return error instanceof ApiError ? error.msg : String(error);
}

function Sheet({
  visible,
  onClose,
  testId,
  children,
}: {
  visible: boolean;
  onClose(): void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="fut-sheet" destroyOnClose>
      <div className="fut-sheet__body" data-testid={testId}>
        {children}
      </div>
    </Popup>
  );
}

function SheetHead({ title, position }: { title: string; position: SwapPosition }) {
  const t = useFuturesT();
  return (
    <header className="fut-sheet__head">
      <h2 className="fut-sheet__title">{title}</h2>
      <span className={`fut-side-badge fut-side-badge--${position.side}`}>{positionSideLabel(t, position.side)}</span>
      <b>{contractName(position.symbol)}</b>
      <span className="fut-tag">{t('leverageValue', { leverage: position.leverage })}</span>
    </header>
  );
}

type SheetContract = Pick<SwapContract, 'pricePrecision' | 'tickSize' | 'quote'>;

/**
 * Close by lots (spec §5: a whole number, at least 1, not more than the open lots), at market or at a limit price;
 * 25–100 % fill in whole lots. The close is a reduce-only order: it never opens the other side.
 */
export function CloseSheet({
  position,
  contract,
  last,
  onClose,
}: {
  position: SwapPosition;
  contract: SheetContract;
  last: string;
  onClose(): void;
}) {
  const t = useFuturesT();
  const lang = useSettings((s) => s.lang);
  const pp = contract.pricePrecision;
  const close = useClosePosition();
  const [type, setType] = useState<'market' | 'limit'>('market');
  const [price, setPrice] = useState(() => fixedDecimal(last, pp));
  const [lots, setLots] = useState('');
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<{ field: 'lots' | 'price'; text: string } | null>(null);
  const request = useRequestId();

  const submit = () => {
    const invalid = checkCloseLots(lots, position.lots);
    if (invalid) {
      setProblem({ field: 'lots', text: errorMessage(invalid, lang) });
      return;
    }
    if (type === 'limit') {
      const units = toUnits(price, pp) ?? 0n;
      const tick = toUnits(contract.tickSize, pp) ?? 1n;
      if (units === 0n) return setProblem({ field: 'price', text: t('enterPrice') });
      if (units % tick !== 0n) {
        return setProblem({
          field: 'price',
          text: errorMessage('PRICE_TICK_INVALID', lang, { tick: contract.tickSize }),
        });
      }
    }
    const count = Number.parseInt(lots, 10);
    close.mutate(
      {
        symbol: position.symbol,
        lots: count,
        type,
        price: type === 'limit' ? canonical(price, pp) : undefined,
        clientOrderId: request.id,
      },
      {
        onSuccess: (order) => {
          request.settled();
          const done = order.status !== 'entrusted' && order.status !== 'partial' && order.filledLots > 0;
          toast(done && count === position.lots ? t('closePositionClosed') : t('closeOrderPlaced'), 'success');
          onClose();
        },
        onError: (e) => {
          request.settled(e);
        },
      },
    );
  };

  return (
    <Sheet visible onClose={onClose} testId="fut-close-sheet">
      <SheetHead title={t('closePosition')} position={position} />
      <div className="order-form__types">
        {(['market', 'limit'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={type === k}
            className={`order-form__type${type === k ? ' order-form__type--on' : ''}`}
            onClick={() => {
              setType(k);
              setProblem(null);
            }}
          >
            {k === 'limit' ? t('limit') : t('market')}
          </button>
        ))}
      </div>
      {type === 'limit' && (
        <NumberField
          name="closePrice"
          label={t('priceIn', { asset: contract.quote })}
          value={price}
          decimals={pp}
          onChange={(v) => {
            setProblem(null);
            setPrice(v);
          }}
          error={problem?.field === 'price' ? problem.text : undefined}
        />
      )}
      <NumberField
        name="closeLots"
        label={t('lotsToClose')}
        value={lots}
        decimals={0}
        unit={t('lotsUnit')}
        onChange={(v) => {
          setProblem(null);
          setPercent(null);
          setLots(v);
        }}
        error={problem?.field === 'lots' ? problem.text : undefined}
      />
      <div className="order-form__percents">
        {PERCENTS.map((p) => (
          <button
            key={p}
            type="button"
            className={`order-form__percent${percent === p ? ' order-form__percent--on' : ''}`}
            onClick={() => {
              setProblem(null);
              setPercent(p);
              const share = lotsShare(position.lots, p);
              setLots(share > 0 ? String(share) : '');
            }}
          >
            {p}%
          </button>
        ))}
      </div>
      <p className="fut-sheet__note">{t('openLots', { lots: position.lots })}</p>
      <Button
        block
        className={`fut-sheet__submit order-form__submit--${position.side === 'long' ? 'sell' : 'buy'}`}
        loading={close.isPending}
        onClick={submit}
        data-testid="fut-close-submit"
      >
        {/^\d+$/.test(lots) && Number(lots) > 0 ? t('closeLots', { lots }) : t('close')}
      </Button>
    </Sheet>
  );
}

/**
 * The position's take-profit and stop-loss: trigger prices checked as spec §5 says (long: TP ≥ entry and last, SL ≤
 * both; short mirrored), each clearable. Triggered by the mark price, they close the whole position.
 */
export function TpSlSheet({
  position,
  contract,
  last,
  onClose,
}: {
  position: SwapPosition;
  contract: SheetContract;
  last: string;
  onClose(): void;
}) {
  const t = useFuturesT();
  const lang = useSettings((s) => s.lang);
  const pp = contract.pricePrecision;
  const save = useSetTpSl();
  const [takeProfit, setTakeProfit] = useState(position.takeProfit ?? '');
  const [stopLoss, setStopLoss] = useState(position.stopLoss ?? '');
  const [problem, setProblem] = useState<{ field: 'takeProfit' | 'stopLoss'; text: string } | null>(null);
  const [error, setError] = useState<string>();

  const send = (tp: string, sl: string, cleared: boolean) => {
    const found = checkTpSl({
      side: position.side,
      entry: position.entryPrice,
      last,
      takeProfit: tp,
      stopLoss: sl,
      contract,
    });
    if (found) {
      setProblem({ field: found.field, text: errorMessage(found.catalogue, lang, found.params) });
      return;
    }
    setError(undefined);
    save.mutate(
      {
        symbol: position.symbol,
        takeProfit: tp === '' ? null : canonical(tp, pp),
        stopLoss: sl === '' ? null : canonical(sl, pp),
      },
      {
        onSuccess: () => {
          toast(cleared ? t('tpslCleared') : t('tpslSaved'), 'success');
          onClose();
        },
        onError: (e) => setError(refusal(e)),
      },
    );
  };

  return (
    <Sheet visible onClose={onClose} testId="fut-tpsl-sheet">
      <SheetHead title={t('positionTpSl')} position={position} />
      <dl className="fut-sheet__facts">
        <div>
          <dt>{t('entryPrice')}</dt>
          <dd>
            <Amount value={position.entryPrice} precision={pp} />
          </dd>
        </div>
        <div>
          <dt>{t('lastPrice')}</dt>
          <dd>
            <Amount value={last} precision={pp} />
          </dd>
        </div>
        <div>
          <dt>{t('liqPrice')}</dt>
          <dd>
            <Amount value={position.liquidationPrice} precision={pp} />
          </dd>
        </div>
      </dl>
      <NumberField
        name="takeProfit"
        label={t('tpTrigger', { asset: contract.quote })}
        value={takeProfit}
        decimals={pp}
        onChange={(v) => {
          setProblem(null);
          setTakeProfit(v);
        }}
        error={problem?.field === 'takeProfit' ? problem.text : undefined}
      />
      <NumberField
        name="stopLoss"
        label={t('slTrigger', { asset: contract.quote })}
        value={stopLoss}
        decimals={pp}
        onChange={(v) => {
          setProblem(null);
          setStopLoss(v);
        }}
        error={problem?.field === 'stopLoss' ? problem.text : undefined}
      />
      <p className="fut-sheet__note">{t('triggerByMark')}</p>
      {error && (
        <p className="fut-sheet__error" role="alert">
          {error}
        </p>
      )}
      <div className="fut-sheet__buttons">
        {(position.takeProfit !== null || position.stopLoss !== null) && (
          <Button className="fut-sheet__secondary" onClick={() => send('', '', true)} disabled={save.isPending}>
            {t('clear')}
          </Button>
        )}
        <Button
          color="primary"
          className="fut-sheet__submit"
          loading={save.isPending}
          onClick={() => send(takeProfit, stopLoss, takeProfit === '' && stopLoss === '')}
          data-testid="fut-tpsl-submit"
        >
          {t('confirm')}
        </Button>
      </div>
    </Sheet>
  );
}

/**
 * Add margin to an isolated position (up to what the contract wallet has free) or remove it (up to the position's
 * `maxRemovableMargin`); the server recomputes the liquidation price, shown here as it answers.
 */
export function MarginSheet({
  position,
  contract,
  onClose,
}: {
  position: SwapPosition;
  contract: SheetContract;
  onClose(): void;
}) {
  const t = useFuturesT();
  const lang = useSettings((s) => s.lang);
  const account = useAccount();
  const adjust = useAdjustMargin();
  const [action, setAction] = useState<'add' | 'remove'>('add');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string>();
  const request = useRequestId();
  const limit = action === 'add' ? (account.data?.free ?? '0') : position.maxRemovableMargin;

  const submit = () => {
    const units = toUnits(amount, 8) ?? 0n;
    if (amount.trim() === '') return setError(t('enterAmount'));
    if (units === 0n) return setError(errorMessage('AMOUNT_INVALID', lang));
    if (units > (toUnits(limit, 8) ?? 0n)) {
      return setError(errorMessage(action === 'add' ? 'TRANSFER_AMOUNT_INVALID' : 'LIQUIDATION_RISK', lang));
    }
    setError(undefined);
    adjust.mutate(
      { symbol: position.symbol, action, amount: canonical(amount, 8), requestId: request.id },
      {
        onSuccess: () => {
          request.settled();
          toast(action === 'add' ? t('marginAdded') : t('marginRemoved'), 'success');
          onClose();
        },
        onError: (e) => {
          request.settled(e);
          setError(refusal(e));
        },
      },
    );
  };

  return (
    <Sheet visible onClose={onClose} testId="fut-margin-sheet">
      <SheetHead title={t('adjustMargin')} position={position} />
      <div className="order-form__sides" role="tablist">
        {(['add', 'remove'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={action === k}
            className={`order-form__side${action === k ? ' order-form__side--neutral' : ''}`}
            onClick={() => {
              setAction(k);
              setAmount('');
              setError(undefined);
            }}
          >
            {k === 'add' ? t('addMargin') : t('removeMargin')}
          </button>
        ))}
      </div>
      <NumberField
        name="marginAmount"
        label={t('amountIn', { asset: contract.quote })}
        value={amount}
        decimals={MONEY_DECIMALS}
        unit={contract.quote}
        onChange={(v) => {
          setError(undefined);
          setAmount(v);
        }}
        error={error}
      />
      <dl className="fut-sheet__facts">
        <div>
          <dt>{action === 'add' ? t('maxAddable') : t('maxRemovable')}</dt>
          <dd>
            <button
              type="button"
              className="fut-link"
              onClick={() => {
                setError(undefined);
                setAmount(truncateDecimal(limit, MONEY_DECIMALS));
              }}
            >
              <Amount value={limit} precision={MONEY_DECIMALS} /> {contract.quote}
            </button>
          </dd>
        </div>
        <div>
          <dt>{t('currentMargin')}</dt>
          <dd>
            <Amount value={position.margin} precision={MONEY_DECIMALS} /> {contract.quote}
          </dd>
        </div>
        <div>
          <dt>{t('liqPrice')}</dt>
          <dd data-testid="fut-margin-liq">
            <Amount value={position.liquidationPrice} precision={contract.pricePrecision} />
          </dd>
        </div>
      </dl>
      <Button block color="primary" className="fut-sheet__submit" loading={adjust.isPending} onClick={submit}>
        {t('confirm')}
      </Button>
    </Sheet>
  );
}

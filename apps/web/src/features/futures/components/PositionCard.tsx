import type { SwapContract, SwapPosition } from '@bourse/contract';
import { Button } from 'antd-mobile';
import { Amount } from '../../../components/Amount';
import { adlLit, magnitude, signOf, trendOfSigned } from '../figures';
import { MONEY_DECIMALS } from '../format';
import { marginModeLabel, positionSideLabel, useFuturesT } from '../locales';
import { contractName } from '../paths';

/** Five bars, as many lit as the position's ADL rank (spec: an ADL indicator on every position). */
export function AdlLights({ adl }: { adl: number }) {
  const t = useFuturesT();
  const lit = adlLit(adl);
  return (
    <span className="fut-adl" role="img" aria-label={`${t('adl')} ${lit}/5`} title={t('adlHint')} data-adl={lit}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} className={`fut-adl__bar${n <= lit ? ' fut-adl__bar--on' : ''}`} />
      ))}
    </span>
  );
}

/** A signed money figure in the rise or fall colour ("+12.3400", "−5.0000"). */
export function Signed({
  value,
  precision = MONEY_DECIMALS,
  suffix,
}: {
  value: string;
  precision?: number;
  suffix?: string;
}) {
  return (
    <span className={`trend-${trendOfSigned(value)}`}>
      <Amount value={magnitude(value)} precision={precision} sign={signOf(value)} />
      {suffix}
    </span>
  );
}

/** What a position card needs of its contract. */
export type PositionContract = Pick<SwapContract, 'pricePrecision' | 'base' | 'quote' | 'sizePrecision'>;

/**
 * One open position: side, leverage and margin mode, ADL lights; unrealized PnL and ROE; size, entry, mark,
 * liquidation price, margin, margin ratio, TP/SL — every figure the server's, live from `swap-positions`. Its
 * actions: TP/SL, close by lots, adjust margin (isolated).
 */
export function PositionCard({
  position,
  contract,
  onOpen,
  onClose,
  onTpSl,
  onMargin,
}: {
  position: SwapPosition;
  contract: PositionContract;
  onOpen(id: number): void;
  onClose(position: SwapPosition): void;
  onTpSl(position: SwapPosition): void;
  onMargin(position: SwapPosition): void;
}) {
  const t = useFuturesT();
  const pp = contract.pricePrecision;
  const long = position.side === 'long';
  return (
    <article
      className="fut-position"
      data-position-id={position.id}
      data-symbol={position.symbol}
      data-lots={position.lots}
      data-testid="fut-position"
    >
      <header
        className="fut-position__head"
        role="button"
        tabIndex={0}
        onClick={() => onOpen(position.id)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onOpen(position.id);
        }}
      >
        <span className={`fut-side-badge fut-side-badge--${long ? 'long' : 'short'}`}>
          {positionSideLabel(t, position.side)}
        </span>
        <b className="fut-position__name">{contractName(position.symbol)}</b>
        <span className="fut-tag">
          {marginModeLabel(t, position.marginMode)} {t('leverageValue', { leverage: position.leverage })}
        </span>
        {position.inLiquidation && <span className="fut-tag fut-tag--bad">{t('inLiquidation')}</span>}
        <span className="fut-position__space" />
        <AdlLights adl={position.adl} />
      </header>

      <div className="fut-position__pnl">
        <div>
          <span className="fut-position__label">{t('unrealizedPnl', { asset: contract.quote })}</span>
          <b className="fut-position__upnl" data-testid="fut-upnl">
            <Signed value={position.unrealizedPnl} />
          </b>
        </div>
        <div className="fut-position__roe">
          <span className="fut-position__label">{t('roe')}</span>
          <b>
            <Signed value={position.roe} precision={2} suffix="%" />
          </b>
        </div>
      </div>

      <dl className="fut-grid">
        <div>
          <dt>{t('sizeIn', { unit: t('lotsUnit') })}</dt>
          <dd>
            <span className="num" data-testid="fut-position-lots">
              {position.lots}
            </span>
            <span className="fut-grid__sub">
              <Amount value={position.size} precision={contract.sizePrecision} trim /> {contract.base}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t('entryPrice')}</dt>
          <dd>
            <Amount value={position.entryPrice} precision={pp} />
          </dd>
        </div>
        <div>
          <dt>{t('markPrice')}</dt>
          <dd>
            <Amount value={position.markPrice} precision={pp} />
          </dd>
        </div>
        <div>
          <dt>{t('liqPrice')}</dt>
          <dd className="fut-position__liq" data-testid="fut-liq">
            <Amount value={position.liquidationPrice} precision={pp} />
          </dd>
        </div>
        <div>
          <dt>{t('marginIn', { asset: contract.quote })}</dt>
          <dd>
            <Amount value={position.margin} precision={MONEY_DECIMALS} />
          </dd>
        </div>
        <div>
          <dt>{t('marginRatio')}</dt>
          <dd>
            {position.marginRatio === null ? (
              '--'
            ) : (
              <span className="num">
                <Amount value={position.marginRatio} precision={2} />%
              </span>
            )}
          </dd>
        </div>
        <div className="fut-grid__wide">
          <dt>{t('tpslShort')}</dt>
          <dd data-testid="fut-position-tpsl">
            <span className="trend-rise">
              <Amount value={position.takeProfit} precision={pp} />
            </span>
            {' / '}
            <span className="trend-fall">
              <Amount value={position.stopLoss} precision={pp} />
            </span>
          </dd>
        </div>
      </dl>

      <div className="fut-position__actions">
        {position.marginMode === 'isolated' && (
          <Button size="small" className="fut-action" onClick={() => onMargin(position)}>
            {t('adjustMarginShort')}
          </Button>
        )}
        <Button size="small" className="fut-action" onClick={() => onTpSl(position)} data-testid="fut-action-tpsl">
          {t('tpsl')}
        </Button>
        <Button size="small" className="fut-action" onClick={() => onClose(position)} data-testid="fut-action-close">
          {t('close')}
        </Button>
      </div>
    </article>
  );
}

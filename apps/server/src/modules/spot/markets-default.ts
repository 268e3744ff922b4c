import type { SpotMarketInput } from '@bourse/contract';

/**
 * The markets a fresh install starts with (configuration, loaded like the asset list; the operator changes them
 * later). Ticks and steps follow the large exchanges. Every default market is exact: tick × step is a multiple of
 * 10^-8, so price × quantity is always a whole number of USDT ledger units and no fill is ever rounded.
 * Minimum order value 5 USDT; fees 0.1% maker and taker, 0.05% on the platform token.
 */
export const DEFAULT_MARKETS: SpotMarketInput[] = [
  market('BTC', 'main', 2, 5, '0.01', '0.00001', true, 1),
  market('ETH', 'main', 2, 4, '0.01', '0.0001', true, 2),
  market('BNB', 'main', 2, 3, '0.01', '0.001', false, 3),
  market('SOL', 'layer1', 2, 3, '0.01', '0.001', true, 4),
  market('XRP', 'payments', 4, 1, '0.0001', '0.1', false, 5),
  market('DOGE', 'meme', 5, 0, '0.00001', '1', true, 6),
  market('TRX', 'layer1', 5, 1, '0.00001', '0.1', false, 7),
  market('LTC', 'payments', 2, 3, '0.01', '0.001', false, 8),
  { ...market('BRS', 'platform', 4, 2, '0.0001', '0.01', true, 9), makerFee: '0.0005', takerFee: '0.0005' },
];

function market(
  base: string,
  category: SpotMarketInput['category'],
  pricePrecision: number,
  quantityPrecision: number,
  tickSize: string,
  stepSize: string,
  hot: boolean,
  sort: number,
): SpotMarketInput {
  return {
    base,
    quote: 'USDT',
    category,
    pricePrecision,
    quantityPrecision,
    tickSize,
    stepSize,
    minNotional: '5',
    makerFee: '0.001',
    takerFee: '0.001',
    status: 'open',
    hot,
    sort,
  };
}

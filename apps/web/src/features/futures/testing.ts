import type { SwapContract, SwapContractWithTicker, SwapOrder, SwapPosition, SwapTicker } from '@bourse/contract';

/** Test data of the futures pages (unit tests only): a BTC contract, its ticker, a position, an order. */
export function contractFixture(over: Partial<SwapContract> = {}): SwapContract {
  return {
    symbol: 'BTC_USDT',
    base: 'BTC',
    quote: 'USDT',
    pricePrecision: 1,
    tickSize: '0.1',
    contractSize: '0.001',
    sizePrecision: 3,
    minLots: 1,
    maxLotsPerOrder: 10_000,
    maxLeverage: 100,
    makerFee: '0.0002',
    takerFee: '0.0005',
    liquidationFee: '0.003',
    liquidationBuffer: '0.2',
    wholeLiquidationBelow: '1000',
    maintenanceBasis: 'entry',
    fundingIntervalMs: 8 * 3_600_000,
    interestRate: '0.0001',
    premiumClamp: '0.0005',
    fundingCap: '0.02',
    priceBand: '0.05',
    openInterestLimit: 0,
    status: 'open',
    hot: true,
    sort: 1,
    tiers: [
      { tier: 1, floor: '0', below: '50000', mmr: '0.004', maxLeverage: 100, deduction: '0' },
      { tier: 2, floor: '50000', below: '250000', mmr: '0.005', maxLeverage: 50, deduction: '50' },
      { tier: 3, floor: '250000', below: '1000000', mmr: '0.01', maxLeverage: 20, deduction: '1300' },
    ],
    ...over,
  };
}

export function tickerFixture(over: Partial<SwapTicker> = {}): SwapTicker {
  return {
    symbol: 'BTC_USDT',
    last: '20000.0',
    open: '19800.0',
    high: '20100.0',
    low: '19700.0',
    volume: '12.5',
    quoteVolume: '250000',
    change: '200.0',
    changePercent: '1.01',
    bid: '19999.9',
    ask: '20000.1',
    ts: 1_000,
    mark: '20000.5',
    index: '20001.0',
    fundingRate: '0.0001',
    lastFundingRate: '-0.00025',
    nextFundingTime: 28_800_000,
    openInterest: 1200,
    ...over,
  };
}

export function itemFixture(
  contract: Partial<SwapContract> = {},
  ticker: Partial<SwapTicker> = {},
): SwapContractWithTicker {
  const c = contractFixture(contract);
  return { contract: c, ticker: tickerFixture({ symbol: c.symbol, ...ticker }) };
}

export function positionFixture(over: Partial<SwapPosition> = {}): SwapPosition {
  return {
    id: 7,
    symbol: 'BTC_USDT',
    side: 'long',
    marginMode: 'cross',
    leverage: 20,
    lots: 10,
    size: '0.010',
    entryPrice: '20000.00000',
    markPrice: '20100.0',
    liquidationPrice: '19080.4',
    bankruptcyPrice: '19000.0',
    notional: '201.0000',
    margin: '10.0000',
    initialMargin: '10.0000',
    maintenanceMargin: '0.8000',
    marginRatio: '7.35',
    unrealizedPnl: '1.00000000',
    roe: '10.00',
    realizedPnl: '0',
    fees: '0.1000',
    funding: '-0.0020',
    adl: 3,
    takeProfit: null,
    stopLoss: null,
    maxRemovableMargin: '0',
    inLiquidation: false,
    status: 'open',
    closeKind: null,
    exitPrice: null,
    closedLots: 0,
    openedAt: 1_000,
    updatedAt: 1_000,
    closedAt: null,
    ...over,
  };
}

export function orderFixture(over: Partial<SwapOrder> = {}): SwapOrder {
  return {
    id: 11,
    clientOrderId: null,
    symbol: 'BTC_USDT',
    side: 'buy',
    action: 'open',
    kind: 'order',
    type: 'limit',
    timeInForce: 'GTC',
    postOnly: false,
    reduceOnly: false,
    price: '19900.0',
    lots: 5,
    filledLots: 0,
    avgPrice: null,
    orderValue: '99.5000',
    filledValue: '0',
    frozen: '5.0250',
    fee: '0',
    realizedPnl: '0',
    leverage: 20,
    marginMode: 'cross',
    takeProfit: null,
    stopLoss: null,
    status: 'entrusted',
    reason: null,
    positionId: null,
    closeKind: null,
    source: null,
    createdAt: 1_000,
    updatedAt: 1_000,
    ...over,
  };
}

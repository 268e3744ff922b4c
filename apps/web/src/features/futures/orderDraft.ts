import type { ErrorKey, ErrorParams, SwapContract } from '@bourse/contract';
import { toUnits } from '../../lib/trading/orderMath';
import { checkTpSl, parseLots } from './figures';

/** GTC, post-only (a GTC that never takes), IOC or FOK — the form's one choice for a limit order. */
export type TimeInForce = 'GTC' | 'POST_ONLY' | 'IOC' | 'FOK';

export type FormField = 'price' | 'lots' | 'takeProfit' | 'stopLoss';

/** A form problem: a catalogue entry (the server's own words) or one of the form's prompts. */
export type DraftProblem =
  | { field: FormField; catalogue: ErrorKey; params?: ErrorParams }
  | { field: FormField; prompt: 'enterPrice' | 'enterLots' };

export interface OrderDraft {
  side: 'buy' | 'sell';
  type: 'limit' | 'market';
  price: string;
  lots: string;
  reduceOnly: boolean;
  takeProfit: string;
  stopLoss: string;
  contract: Pick<SwapContract, 'tickSize' | 'pricePrecision' | 'minLots' | 'maxLotsPerOrder' | 'status' | 'symbol'>;
  /** The contract's last price (TP/SL are checked against it and the order's price, spec §5). */
  last: string;
  /** Most lots the side may open now (the server's preview); null while unknown. */
  maxLots: number | null;
}

/**
 * The checks the server makes that the form can make first, in the server's order and with its catalogue entries:
 * contract open, price on the tick, lots within the contract's range and within what may be opened, then the
 * take-profit and stop-loss rule of spec §5 (against the order's price, or the last price for a market order).
 */
export function draftProblem(draft: OrderDraft): DraftProblem | null {
  const { contract } = draft;
  const pp = contract.pricePrecision;
  if (contract.status !== 'open') return { field: 'lots', catalogue: 'PAIR_CLOSED' };
  if (draft.type === 'limit') {
    const price = toUnits(draft.price, pp) ?? 0n;
    if (price === 0n) return { field: 'price', prompt: 'enterPrice' };
    const tick = toUnits(contract.tickSize, pp) ?? 1n;
    if (price % tick !== 0n)
      return { field: 'price', catalogue: 'PRICE_TICK_INVALID', params: { tick: contract.tickSize } };
  }
  if (draft.lots.trim() === '') return { field: 'lots', prompt: 'enterLots' };
  const lots = parseLots(draft.lots);
  if (lots === null || lots < contract.minLots || lots > contract.maxLotsPerOrder) {
    return { field: 'lots', catalogue: 'ORDER_AMOUNT_OUT_OF_RANGE' };
  }
  if (!draft.reduceOnly && draft.maxLots !== null && lots > draft.maxLots) {
    return { field: 'lots', catalogue: 'INSUFFICIENT_FUNDING' };
  }
  const entry = draft.type === 'limit' ? draft.price : draft.last;
  const tpsl = checkTpSl({
    side: draft.side === 'buy' ? 'long' : 'short',
    entry,
    last: draft.last,
    takeProfit: draft.takeProfit,
    stopLoss: draft.stopLoss,
    contract,
  });
  return tpsl;
}

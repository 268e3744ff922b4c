import type { C2COrderState } from '@bourse/contract';

/**
 * The C2C order state machine: one state per order, one table of what may happen in which state and by whom. Every
 * change of an order goes through this table (`transitionOf`); the service adds the money each target state implies
 * (escrow kept in every state that is not final; settled to the buyer on `completed`, returned to the seller on
 * `cancelled`) and the deadline the scheduler acts on.
 */

export type Actor = 'buyer' | 'seller' | 'system' | 'operator';

export const ACTIONS = [
  'pay',
  'cancel',
  'release',
  'expire',
  'close',
  'escalate',
  'appeal',
  'withdraw_appeal',
  'rule_release',
  'rule_return',
] as const;
export type Action = (typeof ACTIONS)[number];

export interface Transition {
  readonly from: readonly C2COrderState[];
  /** `previous`: where the open appeal came from (`paid` or `timed_out`). */
  readonly to: C2COrderState | 'previous';
  readonly by: readonly Actor[];
}

export const TRANSITIONS: Readonly<Record<Action, Transition>> = {
  /** The buyer has transferred the fiat. */
  pay: { from: ['unpaid'], to: 'paid', by: ['buyer'] },
  /** The buyer gives up; after "paid" and during an appeal only with "I have not paid" (a concession). */
  cancel: { from: ['unpaid', 'paid', 'appeal'], to: 'cancelled', by: ['buyer'] },
  /** The seller releases the coins (fund password); during an appeal this is the seller's concession. */
  release: { from: ['paid', 'appeal'], to: 'completed', by: ['seller'] },
  /** The payment timer ran out: cancelled, but the buyer may still appeal for a window; the escrow stays held. */
  expire: { from: ['unpaid'], to: 'timed_out', by: ['system'] },
  /** The appeal window after a timeout closed without an appeal: the escrow returns to the seller. */
  close: { from: ['timed_out'], to: 'cancelled', by: ['system'] },
  /** The release deadline passed after "paid": an appeal opens by itself. */
  escalate: { from: ['paid'], to: 'appeal', by: ['system'] },
  /** Either side after "paid"; only the buyer after a timeout (within the window). */
  appeal: { from: ['paid', 'timed_out'], to: 'appeal', by: ['buyer', 'seller'] },
  /** The appellant withdraws: back to where the appeal came from. */
  withdraw_appeal: { from: ['appeal'], to: 'previous', by: ['buyer', 'seller'] },
  /** An operator's ruling: release to the buyer… */
  rule_release: { from: ['appeal'], to: 'completed', by: ['operator'] },
  /** …or return to the seller. */
  rule_return: { from: ['appeal'], to: 'cancelled', by: ['operator'] },
};

export const FINAL_STATES: ReadonlySet<C2COrderState> = new Set(['completed', 'cancelled']);

export function isFinal(state: C2COrderState): boolean {
  return FINAL_STATES.has(state);
}

/** Whether `actor` may do `action` to an order in `state` (the table only; the service checks the rest). */
export function allowed(action: Action, state: C2COrderState, actor: Actor): boolean {
  const t = TRANSITIONS[action];
  if (!t.from.includes(state) || !t.by.includes(actor)) return false;
  // After a timeout only the buyer can appeal: the seller has nothing to claim.
  if (action === 'appeal' && state === 'timed_out' && actor !== 'buyer') return false;
  return true;
}

/** The state an allowed action leads to. */
export function targetOf(action: Action, appealFrom: 'paid' | 'timed_out' | null): C2COrderState {
  const to = TRANSITIONS[action].to;
  if (to !== 'previous') return to;
  if (!appealFrom) throw new Error('an appeal without the state it came from');
  return appealFrom;
}

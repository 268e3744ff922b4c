import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Transactions } from '../../lib/tx';
import type { LedgerService, SystemAccountSpec } from '../ledger';
import { SYSTEM, system } from '../ledger';

export interface FundingRequest {
  owner: string;
  asset: string;
  /** Ledger units. */
  amount: bigint;
}

export interface FundingDeps {
  tx: Transactions;
  ledger: LedgerService;
  log: Logger;
}

/** The bots' accounts: the exchange's capital at work (equity), never below zero: they spend only what they hold. */
const MARKET_MAKER_CAPITAL: SystemAccountSpec = { type: 'equity', negative: false };

/**
 * Funds the market makers from the exchange's own capital, in one recorded flow: a ledger transfer per request from
 * the treasury (equity, allowed below zero: its balance is minus the capital the exchange has put to work) to the
 * bot's system account (equity, never negative), reason `market.maker.fund`. Nothing enters or leaves the exchange
 * — the money moves between two of its own equity accounts — so reconciliation's "held = deposits − withdrawals +
 * adjustments" is untouched, and no chain, deposit or user account is involved.
 */
export class EquityFunding {
  private readonly declared = new Set<string>();

  constructor(private readonly deps: FundingDeps) {}

  fund(requests: readonly FundingRequest[]): Promise<void> {
    if (requests.length === 0) return Promise.resolve();
    const { ledger, tx } = this.deps;
    tx.run(() => {
      for (const r of requests) {
        if (!this.declared.has(r.owner)) {
          ledger.declareSystemAccount(r.owner, MARKET_MAKER_CAPITAL);
          this.declared.add(r.owner);
        }
        ledger.transfer({
          reference: `market:fund:${r.owner}:${r.asset}:${randomUUID()}`,
          reason: 'market.maker.fund',
          from: system(SYSTEM.treasury, r.asset),
          to: system(r.owner, r.asset),
          amount: r.amount,
          meta: { owner: r.owner },
        });
      }
    });
    this.deps.log.debug({ requests: requests.length }, 'market makers funded from the treasury');
    return Promise.resolve();
  }
}

import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/errors';
import type { Transactions } from '../../lib/tx';
import { type AccountRef, SYSTEM, system, user } from '../ledger';
import type { SpotRepo } from './repo';
import { type OrderOwner, SYSTEM_OWNER_BASE, type Trader } from './types';

/** Names the ledger keeps for the exchange's own books: they never trade. */
const RESERVED = new Set<string>(Object.values(SYSTEM));

/**
 * Maps owners to the engine's numbers and to ledger accounts. Users are their uid; system owners (market makers)
 * are registered once by name and get 2^52 + their id, so self-trade prevention tells every owner apart.
 */
export class Traders {
  private readonly users = new Map<number, Trader>();
  private readonly systemsByName = new Map<string, Trader>();
  private readonly systemsByOwner = new Map<number, Trader>();
  private readonly accounts = new Map<number, Map<string, AccountRef>>();

  constructor(
    private readonly repo: SpotRepo,
    private readonly tx: Transactions,
    private readonly clock: Clock,
  ) {
    for (const row of repo.systemOwners()) this.remember(row.id, row.name);
  }

  private remember(id: number, name: string): Trader {
    const trader: Trader = { owner: SYSTEM_OWNER_BASE + id, uid: null, systemName: name };
    this.systemsByName.set(name, trader);
    this.systemsByOwner.set(trader.owner, trader);
    return trader;
  }

  user(uid: number): Trader {
    let trader = this.users.get(uid);
    if (!trader) {
      trader = { owner: uid, uid, systemName: null };
      this.users.set(uid, trader);
    }
    return trader;
  }

  /** A system owner, registered on first use (its own small transaction, never inside an order batch). */
  system(name: string): Trader {
    const known = this.systemsByName.get(name);
    if (known) return known;
    if (RESERVED.has(name) || !/^[a-z0-9_.:-]{1,64}$/.test(name)) {
      throw new DomainError('INVALID_PARAMS', { detail: `system owner ${name}` });
    }
    const id = this.tx.run(() => this.repo.insertSystemOwner(name, this.clock.now()));
    return this.remember(id, name);
  }

  resolve(owner: OrderOwner): Trader {
    return owner.kind === 'user' ? this.user(owner.uid) : this.system(owner.name);
  }

  /** The trader behind an engine owner number (from a stored order). */
  of(owner: number): Trader {
    if (owner < SYSTEM_OWNER_BASE) return this.user(owner);
    const trader = this.systemsByOwner.get(owner);
    if (!trader) throw new Error(`unknown system owner ${owner}`);
    return trader;
  }

  /** The trader's spot account in an asset (cached: the hot path asks for it on every fill). */
  account(trader: Trader, asset: string): AccountRef {
    let byAsset = this.accounts.get(trader.owner);
    if (!byAsset) this.accounts.set(trader.owner, (byAsset = new Map<string, AccountRef>()));
    let ref = byAsset.get(asset);
    if (!ref) {
      ref = trader.uid !== null ? user(trader.uid, 'spot', asset) : system(trader.systemName ?? '', asset, 'spot');
      byAsset.set(asset, ref);
    }
    return ref;
  }
}

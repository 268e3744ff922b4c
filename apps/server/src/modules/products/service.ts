import { PRODUCTS, type ProductKey, type ProductSwitch } from '@bourse/contract';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/errors';
import type { Transactions } from '../../lib/tx';

/**
 * Which products can be used now: a product is available when a module provides it (built) and the operator has
 * not switched it off. Read on every call of a product's routes, so the switches are held in memory and written
 * through.
 */
export class ProductService {
  private readonly built = new Set<ProductKey>();
  private readonly switches = new Map<ProductKey, { enabled: boolean; updatedAt: number }>();
  private readonly q;

  constructor(
    db: Db,
    private readonly tx: Transactions,
    private readonly clock: Clock,
  ) {
    this.q = {
      all: db.prepare<[], { key: string; enabled: number; updated_at: number }>('SELECT * FROM product_switches'),
      upsert: db.prepare(
        `INSERT INTO product_switches (key, enabled, updated_at) VALUES (?, ?, ?)
         ON CONFLICT (key) DO UPDATE SET enabled = excluded.enabled, updated_at = excluded.updated_at`,
      ),
    };
    for (const row of this.q.all.all()) {
      if ((PRODUCTS as readonly string[]).includes(row.key)) {
        this.switches.set(row.key as ProductKey, { enabled: row.enabled === 1, updatedAt: row.updated_at });
      }
    }
  }

  /** The products the booted modules provide (called once, after every module is built). */
  declareBuilt(products: Iterable<ProductKey>): void {
    for (const p of products) this.built.add(p);
  }

  isAvailable(key: ProductKey): boolean {
    return this.built.has(key) && (this.switches.get(key)?.enabled ?? true);
  }

  /** Throws PRODUCT_CLOSED unless the product is available. */
  requireAvailable(key: ProductKey): void {
    if (!this.isAvailable(key)) throw new DomainError('PRODUCT_CLOSED');
  }

  availability(): { key: ProductKey; available: boolean }[] {
    return PRODUCTS.map((key) => ({ key, available: this.isAvailable(key) }));
  }

  list(): ProductSwitch[] {
    return PRODUCTS.map((key) => this.view(key));
  }

  /** Switches a product on or off (a product that is not built stays unavailable either way). */
  setEnabled(key: ProductKey, enabled: boolean): ProductSwitch {
    const now = this.clock.now();
    this.tx.run(() => {
      const before = this.switches.get(key);
      this.q.upsert.run(key, enabled ? 1 : 0, now);
      this.switches.set(key, { enabled, updatedAt: now });
      this.tx.afterRollback(() => {
        if (before) this.switches.set(key, before);
        else this.switches.delete(key);
      });
    });
    return this.view(key);
  }

  private view(key: ProductKey): ProductSwitch {
    const sw = this.switches.get(key);
    return {
      key,
      built: this.built.has(key),
      enabled: sw?.enabled ?? true,
      available: this.isAvailable(key),
      updatedAt: sw?.updatedAt ?? null,
    };
  }
}

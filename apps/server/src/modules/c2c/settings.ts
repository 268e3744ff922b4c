import { type C2CSettings, C2CSettings as SettingsSchema, parseDecimal } from '@bourse/contract';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/errors';
import type { Transactions } from '../../lib/tx';
import type { C2CRepo } from './repo';
import { parseRatio, RATE_SCALE } from './money';

/**
 * The operator's C2C settings (console, permission `products.manage`), with the defaults a fresh install starts
 * from. Rates are units of each currency per USDT: the reference of floating prices is the asset's index price in
 * USDT times this rate (the built-in price source has no fiat markets).
 */
export const DEFAULT_SETTINGS: C2CSettings = {
  assets: [
    { code: 'USDT', precision: 2 },
    { code: 'BTC', precision: 6 },
    { code: 'ETH', precision: 5 },
  ],
  fiats: [
    { code: 'CNY', rate: '7.2' },
    { code: 'USD', rate: '1' },
    { code: 'EUR', rate: '0.92' },
    { code: 'HKD', rate: '7.8' },
  ],
  depositAsset: 'USDT',
  depositAmount: '500',
  releaseMinutes: 30,
  appealWindowMinutes: 15,
  floatMin: '80',
  floatMax: '120',
  maxOpenOrders: 5,
  freeCancelsPerDay: 2,
  penaltyPercent: 50,
};

/** The settings as the service uses them (parsed once per change). */
export interface ActiveSettings {
  raw: C2CSettings;
  precision: Map<string, number>;
  /** Fiat per USDT, 10^-4. */
  rates: Map<string, bigint>;
  depositAsset: string;
  releaseMs: number;
  appealWindowMs: number;
  floatMin: bigint;
  floatMax: bigint;
}

const KEY = 'settings';

export class SettingsStore {
  private active: ActiveSettings | null = null;

  constructor(
    private readonly repo: C2CRepo,
    private readonly clock: Clock,
    private readonly tx: Transactions,
  ) {}

  get(): ActiveSettings {
    if (this.active) return this.active;
    const stored = this.repo.setting(KEY);
    const raw = stored ? SettingsSchema.parse(JSON.parse(stored)) : DEFAULT_SETTINGS;
    this.active = activate(raw);
    return this.active;
  }

  /** Must run inside a transaction (the operator action's). */
  put(raw: C2CSettings): C2CSettings {
    const next = activate(raw);
    if (next.floatMin > next.floatMax) throw new DomainError('INVALID_PARAMS', { detail: 'floatMin > floatMax' });
    this.repo.putSetting(KEY, JSON.stringify(raw), this.clock.now());
    this.active = next;
    this.tx.afterRollback(() => (this.active = null));
    return raw;
  }
}

function activate(raw: C2CSettings): ActiveSettings {
  const codes = new Set<string>();
  for (const a of raw.assets) {
    if (codes.has(a.code) || a.precision < 0 || a.precision > 8) {
      throw new DomainError('INVALID_PARAMS', { detail: `asset ${a.code}` });
    }
    codes.add(a.code);
  }
  return {
    raw,
    precision: new Map(raw.assets.map((a) => [a.code, a.precision])),
    rates: new Map(raw.fiats.map((f) => [f.code, parseDecimal(f.rate, RATE_SCALE)])),
    depositAsset: raw.depositAsset,
    releaseMs: raw.releaseMinutes * 60_000,
    appealWindowMs: raw.appealWindowMinutes * 60_000,
    floatMin: parseRatio(raw.floatMin),
    floatMax: parseRatio(raw.floatMax),
  };
}

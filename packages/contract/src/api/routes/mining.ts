import { z } from 'zod';
import { DecimalString, err, Id, IdParam, PageQuery, paged, Timestamp, wholeNumber } from '../../schemas/common';
import { CoinCode, RequestId } from '../../schemas/wallet';
import { operator, PUBLIC, USER } from '../access';
import { route } from '../define';

/**
 * Mining machines (`/pages/mining/*`): a user buys a machine for a price; from the next 00:00 UTC it runs for its
 * term, burning a day's fuel at the start of each day from the machine's fuel tank and producing a day's output at
 * its end into the mining wallet (held there until collected to spot). A day without fuel produces nothing.
 */

/** not started (bought, waiting for the next 00:00 UTC) → running → ended (term over) → collected (nothing left). */
export const MINER_STATUSES = ['not_started', 'running', 'ended', 'collected'] as const;
export const MinerStatus = z.enum(MINER_STATUSES);
export type MinerStatus = z.infer<typeof MinerStatus>;

export const MACHINE_STATUSES = ['active', 'paused'] as const;
export const MachineStatus = z.enum(MACHINE_STATUSES);

/** An amount a user types (fuel, a budget): a plain non-negative decimal; rules follow per action. */
const MiningAmount = z
  .string(err('AMOUNT_INVALID'))
  .trim()
  .regex(/^\d{1,20}(\.\d{1,30})?$/, err('AMOUNT_INVALID'))
  .describe('decimal amount as a string, e.g. "12.5"');

export const MiningAssetAmount = z.object({ asset: z.string(), amount: DecimalString });
export type MiningAssetAmount = z.infer<typeof MiningAssetAmount>;

/** A machine model on sale, as a trader sees it (name in the caller's language). */
export const MiningMachine = z.object({
  id: z.number().int(),
  name: z.string(),
  hashrate: z.string().describe('what the machine is rated at, e.g. "110 TH/s" (a label)'),
  priceAsset: z.string(),
  price: DecimalString,
  termDays: z.number().int(),
  outputAsset: z.string(),
  dailyOutput: DecimalString,
  totalOutput: DecimalString.describe('dailyOutput × termDays: what the machine produces when it never runs dry'),
  fuelAsset: z.string(),
  dailyFuel: DecimalString.describe('fuel burnt at the start of each day; a day without it produces nothing'),
  perUserLimit: z.number().int().describe('machines of this model one user may hold at once (not ended)'),
  stock: z.number().int().nullable().describe('machines for sale in all; null: no limit'),
  sold: z.number().int(),
  remaining: z.number().int().nullable(),
  onSale: z.boolean().describe('active, in stock, and the payout pool can reserve its whole output'),
  status: MachineStatus,
});
export type MiningMachine = z.infer<typeof MiningMachine>;

export const Miner = z.object({
  id: z.number().int(),
  machineId: z.number().int(),
  name: z.string(),
  hashrate: z.string(),
  status: MinerStatus,
  /** The current (or first) day has no fuel: it produces nothing until the tank is refilled for the next day. */
  fuelShort: z.boolean(),
  price: DecimalString,
  priceAsset: z.string(),
  termDays: z.number().int(),
  daysDone: z.number().int().describe('days of the term that are over'),
  daysProduced: z.number().int(),
  daysMissed: z.number().int().describe('days without fuel'),
  outputAsset: z.string(),
  dailyOutput: DecimalString,
  produced: DecimalString,
  collected: DecimalString,
  uncollected: DecimalString.describe('produced and waiting in the mining wallet to be collected to spot'),
  fuelAsset: z.string(),
  dailyFuel: DecimalString,
  fuel: DecimalString.describe('what is left in the fuel tank'),
  fuelDays: z.number().int().describe('days the tank covers from the next one on'),
  fuelRoom: DecimalString.describe('the most fuel that can still be added (what the rest of the term can burn)'),
  boughtAt: Timestamp,
  startAt: Timestamp.describe('00:00 UTC after the purchase: the first day begins'),
  endAt: Timestamp,
  nextAt: Timestamp.nullable().describe('the next 00:00 UTC at which this machine pays or starts; null once ended'),
});
export type Miner = z.infer<typeof Miner>;

export const MinerDay = z.object({
  day: z.number().int().describe('1 for the first day of the term'),
  at: Timestamp.describe('when the day ended'),
  outcome: z.enum(['produced', 'no_fuel']),
  output: DecimalString,
  fuel: DecimalString,
});
export type MinerDay = z.infer<typeof MinerDay>;

export const MinerDetail = Miner.extend({ days: z.array(MinerDay).describe('newest first') });
export type MinerDetail = z.infer<typeof MinerDetail>;

export const MiningBuyBody = z.object({
  machineId: Id,
  fuel: MiningAmount.describe('fuel put in the tank now: at least one day’s'),
  requestId: RequestId,
});
export type MiningBuyBody = z.infer<typeof MiningBuyBody>;

export const MiningRefuelBody = z.object({ minerId: Id, amount: MiningAmount, requestId: RequestId });
export type MiningRefuelBody = z.infer<typeof MiningRefuelBody>;

export const MiningCollectBody = z.object({
  minerId: Id.optional().describe('one machine; every machine with income when left out'),
  requestId: RequestId,
});
export type MiningCollectBody = z.infer<typeof MiningCollectBody>;

export const MiningCollectResult = z.object({
  miners: z.number().int().describe('machines whose income was collected'),
  collected: z.array(MiningAssetAmount),
});
export type MiningCollectResult = z.infer<typeof MiningCollectResult>;

export const MinersQuery = z.object({
  status: z
    .enum([...MINER_STATUSES, 'active'], err('INVALID_PARAMS'))
    .optional()
    .describe('active: not started or running'),
  ...PageQuery.shape,
});

export const MiningSummary = z.object({
  running: z.number().int(),
  notStarted: z.number().int(),
  fuelShort: z.number().int().describe('running machines whose next day has no fuel'),
  ended: z.number().int(),
  uncollected: z.array(MiningAssetAmount),
  produced: z.array(MiningAssetAmount),
});
export type MiningSummary = z.infer<typeof MiningSummary>;

// ---- operators ----

const MachineName = z.string().trim().min(1).max(60);
export const MachineNames = z.object({
  en: MachineName,
  zh_CN: MachineName.optional(),
  zh_HK: MachineName.optional(),
  es: MachineName.optional(),
  fr: MachineName.optional(),
});

const PositiveDays = wholeNumber({ min: 1, max: 3650, error: 'INVALID_PARAMS' });

export const MiningMachineInput = z.object({
  names: MachineNames,
  hashrate: z.string().trim().max(40).default(''),
  priceAsset: CoinCode,
  price: DecimalString,
  termDays: PositiveDays,
  outputAsset: CoinCode,
  dailyOutput: DecimalString,
  fuelAsset: CoinCode,
  dailyFuel: DecimalString,
  perUserLimit: wholeNumber({ min: 1, max: 1000 }),
  stock: wholeNumber({ min: 0, max: 1_000_000_000 }).nullable().default(null),
  status: MachineStatus.default('active'),
  sort: wholeNumber({ min: 0, max: 9999 }).default(0),
});
export type MiningMachineInput = z.infer<typeof MiningMachineInput>;

/** An edit: what a running machine keeps (term, output, fuel per day) is fixed at its purchase. */
export const MiningMachineUpdate = MiningMachineInput.partial();
export type MiningMachineUpdate = z.infer<typeof MiningMachineUpdate>;

export const MiningMachineAdmin = MiningMachine.extend({
  names: MachineNames,
  sort: z.number().int(),
  holding: z.number().int().describe('machines of this model not ended yet'),
  reserved: DecimalString.describe('output reserved in the pool for the machines not ended'),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type MiningMachineAdmin = z.infer<typeof MiningMachineAdmin>;

export const MiningPoolRow = z.object({
  asset: z.string(),
  available: DecimalString.describe('what new machines can still reserve'),
  reserved: DecimalString.describe('output promised to machines not ended yet'),
});
export const MiningPool = z.object({
  account: z.string().describe('the payout pool’s system account'),
  rows: z.array(MiningPoolRow),
});
export type MiningPool = z.infer<typeof MiningPool>;

export const MiningBudgetBody = z.object({
  asset: CoinCode,
  amount: MiningAmount,
});

export const MiningAdminMinersQuery = z.object({
  uid: wholeNumber({ min: 1 }).optional(),
  machineId: wholeNumber({ min: 1 }).optional(),
  status: z.enum([...MINER_STATUSES, 'active'], err('INVALID_PARAMS')).optional(),
  ...PageQuery.shape,
});
export const MiningAdminMiner = Miner.extend({ uid: z.number().int() });
export type MiningAdminMiner = z.infer<typeof MiningAdminMiner>;

export const MiningTotalsRow = z.object({
  asset: z.string(),
  reserved: DecimalString.describe('future output still owed to machines not ended'),
  uncollected: DecimalString.describe('output produced and not collected yet'),
  produced: DecimalString.describe('output paid in all'),
  fuelTanks: DecimalString.describe('fuel users put in tanks and not burnt yet'),
  revenue: DecimalString.describe('machine sales and fuel burnt'),
});
export const MiningTotals = z.object({
  miners: z.object({ notStarted: z.number().int(), running: z.number().int(), ended: z.number().int() }),
  users: z.number().int(),
  rows: z.array(MiningTotalsRow),
});
export type MiningTotals = z.infer<typeof MiningTotals>;

const tags = ['mining'];
const adminTags = ['operator: mining'];

/** Mining machines: the trader's side (product `mining`). */
export const miningApi = {
  machines: route({
    method: 'GET',
    path: '/mapi/mining/machines',
    access: PUBLIC,
    product: 'mining',
    tags,
    summary: 'Machine models on sale (name in the caller’s language)',
    data: z.array(MiningMachine),
  }),
  buy: route({
    method: 'POST',
    path: '/mapi/mining/buy',
    access: USER,
    product: 'mining',
    movesMoney: { requestId: 'requestId' },
    tags,
    summary: 'Buy a machine: its price and the first fuel come from spot; it starts at the next 00:00 UTC',
    body: MiningBuyBody,
    data: Miner,
  }),
  miners: route({
    method: 'GET',
    path: '/mapi/mining/miners',
    access: USER,
    product: 'mining',
    tags,
    summary: 'The user’s machines, newest first',
    query: MinersQuery,
    data: paged(Miner),
  }),
  miner: route({
    method: 'GET',
    path: '/mapi/mining/miners/:id',
    access: USER,
    product: 'mining',
    tags,
    summary: 'One of the user’s machines with its days (produced or without fuel)',
    params: IdParam,
    data: MinerDetail,
  }),
  refuel: route({
    method: 'POST',
    path: '/mapi/mining/refuel',
    access: USER,
    product: 'mining',
    movesMoney: { requestId: 'requestId' },
    tags,
    summary: 'Add fuel to a machine’s tank from spot (at most what the rest of its term burns)',
    body: MiningRefuelBody,
    data: Miner,
  }),
  collect: route({
    method: 'POST',
    path: '/mapi/mining/collect',
    access: USER,
    product: 'mining',
    movesMoney: { requestId: 'requestId' },
    tags,
    summary: 'Collect the income of one machine (or of all) from the mining wallet to spot',
    body: MiningCollectBody,
    data: MiningCollectResult,
  }),
  summary: route({
    method: 'GET',
    path: '/mapi/mining/summary',
    access: USER,
    product: 'mining',
    tags,
    summary: 'Counts of the user’s machines and their income to collect',
    data: MiningSummary,
  }),
} as const;

/** Mining machines: the operators' side (permission `products.manage`). */
export const miningAdminApi = {
  machines: route({
    method: 'GET',
    path: '/admin/api/mining/machines',
    access: operator('products.manage'),
    tags: adminTags,
    summary: 'Every machine model, paused ones too, with what is sold and reserved',
    data: z.array(MiningMachineAdmin),
  }),
  create: route({
    method: 'POST',
    path: '/admin/api/mining/machines',
    access: operator('products.manage'),
    tags: adminTags,
    summary: 'Create a machine model',
    body: MiningMachineInput,
    data: MiningMachineAdmin,
  }),
  update: route({
    method: 'POST',
    path: '/admin/api/mining/machines/:id',
    access: operator('products.manage'),
    tags: adminTags,
    summary: 'Edit a machine model, pause or resume its sale (machines already sold keep their terms)',
    params: IdParam,
    body: MiningMachineUpdate,
    data: MiningMachineAdmin,
  }),
  pool: route({
    method: 'GET',
    path: '/admin/api/mining/pool',
    access: operator('products.manage'),
    tags: adminTags,
    summary: 'The payout pool per asset: available for new machines, reserved for the machines sold',
    data: MiningPool,
  }),
  budget: route({
    method: 'POST',
    path: '/admin/api/mining/pool',
    access: operator('products.manage'),
    tags: adminTags,
    summary: 'Move budget from the treasury into the payout pool',
    body: MiningBudgetBody,
    data: MiningPool,
  }),
  miners: route({
    method: 'GET',
    path: '/admin/api/mining/miners',
    access: operator('products.manage'),
    tags: adminTags,
    summary: 'Machines users hold, by user, model and state',
    query: MiningAdminMinersQuery,
    data: paged(MiningAdminMiner),
  }),
  totals: route({
    method: 'GET',
    path: '/admin/api/mining/totals',
    access: operator('products.manage'),
    tags: adminTags,
    summary: 'What the exchange owes per asset (reserved output, uncollected income), fuel in tanks, revenue',
    data: MiningTotals,
  }),
} as const;

import type { MiningMachineInput } from '@bourse/contract';

/**
 * The machine models a fresh install sells (configuration: the operator edits, pauses or adds models later). Their
 * output is priced so that a machine that never runs dry returns a little more than its price and fuel at the demo's
 * index prices (BTC ≈ 96,000, LTC ≈ 105 USDT).
 */
export const DEMO_MACHINES: MiningMachineInput[] = [
  {
    names: { en: 'Trial miner', zh_CN: '体验矿机', zh_HK: '體驗礦機', es: 'Minero de prueba', fr: "Mineur d'essai" },
    hashrate: '20 TH/s',
    priceAsset: 'USDT',
    price: '10',
    termDays: 7,
    outputAsset: 'BTC',
    dailyOutput: '0.000016',
    fuelAsset: 'USDT',
    dailyFuel: '0.05',
    perUserLimit: 3,
    stock: null,
    status: 'active',
    sort: 1,
  },
  {
    names: {
      en: 'Antminer S19 XP',
      zh_CN: '蚂蚁矿机 S19 XP',
      zh_HK: '螞蟻礦機 S19 XP',
      es: 'Antminer S19 XP',
      fr: 'Antminer S19 XP',
    },
    hashrate: '140 TH/s',
    priceAsset: 'USDT',
    price: '100',
    termDays: 30,
    outputAsset: 'BTC',
    dailyOutput: '0.0000425',
    fuelAsset: 'USDT',
    dailyFuel: '0.4',
    perUserLimit: 5,
    stock: 5000,
    status: 'active',
    sort: 2,
  },
  {
    names: { en: 'Antminer S21', zh_CN: '蚂蚁矿机 S21', zh_HK: '螞蟻礦機 S21', es: 'Antminer S21', fr: 'Antminer S21' },
    hashrate: '200 TH/s',
    priceAsset: 'USDT',
    price: '300',
    termDays: 90,
    outputAsset: 'BTC',
    dailyOutput: '0.0000524',
    fuelAsset: 'USDT',
    dailyFuel: '1.2',
    perUserLimit: 3,
    stock: 2000,
    status: 'active',
    sort: 3,
  },
  {
    names: { en: 'Antminer L7', zh_CN: '蚂蚁矿机 L7', zh_HK: '螞蟻礦機 L7', es: 'Antminer L7', fr: 'Antminer L7' },
    hashrate: '9.5 GH/s',
    priceAsset: 'USDT',
    price: '200',
    termDays: 60,
    outputAsset: 'LTC',
    dailyOutput: '0.0441',
    fuelAsset: 'USDT',
    dailyFuel: '0.8',
    perUserLimit: 3,
    stock: 3000,
    status: 'active',
    sort: 4,
  },
];

/** What the payout pool gets from the treasury at first start, per output asset. */
export const DEMO_POOL_BUDGET: readonly { asset: string; amount: string }[] = [
  { asset: 'BTC', amount: '2' },
  { asset: 'LTC', amount: '200' },
];

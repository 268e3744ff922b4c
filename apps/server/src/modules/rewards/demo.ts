import { BoxInput, type NewcomerSettingsBody } from '@bourse/contract';
import type { z } from 'zod';
import type { RewardsService } from './service';

/** What a fresh install puts into the reward pool from the treasury (the operator tops it up in the console). */
export const DEMO_POOL = [
  { asset: 'USDT', amount: '50000' },
  { asset: 'BTC', amount: '1' },
] as const;

/**
 * The boxes a fresh install sells. Their expected prize is below the price (the starter box pays 3.65 USDT plus a
 * small BTC chance for 5 USDT; the lucky box 48.6 USDT for 50), and each has a budget per prize asset.
 */
export const DEMO_BOXES: z.input<typeof BoxInput>[] = [
  {
    name: 'Starter box',
    priceAsset: 'USDT',
    price: '5',
    prizes: [
      { asset: 'USDT', amount: '0', odds: '40' },
      { asset: 'USDT', amount: '2', odds: '35' },
      { asset: 'USDT', amount: '5', odds: '15' },
      { asset: 'USDT', amount: '20', odds: '8' },
      { asset: 'BTC', amount: '0.0005', odds: '2' },
    ],
    budget: [
      { asset: 'USDT', amount: '20000' },
      { asset: 'BTC', amount: '0.5' },
    ],
    status: 'active',
  },
  {
    name: 'Lucky box',
    priceAsset: 'USDT',
    price: '50',
    prizes: [
      { asset: 'USDT', amount: '10', odds: '61' },
      { asset: 'USDT', amount: '40', odds: '25' },
      { asset: 'USDT', amount: '100', odds: '10' },
      { asset: 'USDT', amount: '500', odds: '3.5' },
      { asset: 'USDT', amount: '1000', odds: '0.5' },
    ],
    budget: [{ asset: 'USDT', amount: '25000' }],
    status: 'active',
  },
];

/** Newcomer rewards of a fresh install (USDT), each with its budget: verify 5, first deposit 10, first trade 10. */
export const DEMO_NEWCOMER: z.input<typeof NewcomerSettingsBody> = {
  days: 30,
  tasks: [
    { task: 'identity', asset: 'USDT', amount: '5', budget: '5000' },
    { task: 'twoFactor', asset: 'USDT', amount: '0', budget: '0' },
    { task: 'deposit', asset: 'USDT', amount: '10', budget: '10000' },
    { task: 'trade', asset: 'USDT', amount: '10', budget: '10000' },
  ],
};

/** Demo products: the funded pool and the two boxes (once: a box or a pool row already there means seeded). */
export function seedRewardsDemo(rewards: RewardsService): void {
  rewards.seedNewcomerDemo(DEMO_NEWCOMER);
  if (rewards.adminBoxes().length > 0 || rewards.pool().length > 0) return;
  for (const grant of DEMO_POOL) rewards.fundPool({ ...grant });
  for (const box of DEMO_BOXES) rewards.createBox(BoxInput.parse(box));
}

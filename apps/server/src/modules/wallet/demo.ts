import { isSimulator } from '../chain';
import type { WalletService } from './service';

/** What the demo account receives at first start. */
export const DEMO_DEPOSITS = [
  { asset: 'USDT', network: 'TRC20', amount: '10000' },
  { asset: 'BTC', network: 'BTC', amount: '0.5' },
  { asset: 'ETH', network: 'ERC20', amount: '5' },
] as const;

/**
 * Funds a demo user the way any user is funded: transfers to their deposit addresses on the simulated chain, mined
 * until done, so the ledger and the wallet's records agree and reconciliation holds. Only once per user.
 */
export async function seedWalletDemo(wallet: WalletService, uid: number): Promise<void> {
  if (!isSimulator(wallet.chain)) return;
  if (wallet.deposits(uid, { page: 1, size: 1 }).total > 0) return;
  const sim = wallet.chain;
  for (const d of DEMO_DEPOSITS) {
    const { address } = wallet.depositAddress(uid, d.asset, d.network);
    sim.injectDeposit({ network: d.network, asset: d.asset, to: address, amount: wallet.units(d.asset, d.amount) });
  }
  await sim.mine(6);
}

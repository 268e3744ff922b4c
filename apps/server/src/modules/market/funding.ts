import { randomBytes } from 'node:crypto';
import type { CoinInfo } from '@bourse/contract';
import type { Logger } from 'pino';
import type { Transactions } from '../../lib/tx';
import { type Chain, isSimulator } from '../chain/chain';
import type { LedgerService } from '../ledger/service';
import { system, user } from '../ledger/types';

/** The account the bots' money arrives in before it moves to their system accounts. */
export const TREASURY_ACCOUNT = 'market-makers@bourse.local';

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
  accounts: {
    findByAccount(account: string): { uid: number } | null | undefined;
    createUser(input: { account: string; password: string; nickname?: string | null }): Promise<number>;
  };
  wallet: {
    chain: Chain;
    coins(): CoinInfo[];
    depositAddress(uid: number, asset: string, network: string): { address: string };
  };
}

/**
 * Funds the market makers the way any money enters the exchange: a deposit on the (simulated) chain, credited by
 * the wallet at its confirmations, so deposits credited − withdrawals sent still equals what the ledger holds. The
 * wallet credits deposits to users only, so the deposit lands in a dedicated treasury user and moves from there to
 * the system owners in one ledger transfer (reason `market.maker.fund`). Nothing is minted. With a real chain
 * configured, nothing is funded automatically (the operator deposits to the treasury account).
 */
export class ChainFunding {
  private treasuryUid: number | null = null;

  constructor(private readonly deps: FundingDeps) {}

  async fund(requests: readonly FundingRequest[]): Promise<void> {
    const { wallet, ledger, tx } = this.deps;
    const chain = wallet.chain;
    if (!isSimulator(chain) || requests.length === 0) return;
    const uid = await this.treasury();
    const byAsset = new Map<string, FundingRequest[]>();
    for (const r of requests) byAsset.set(r.asset, [...(byAsset.get(r.asset) ?? []), r]);
    const coins = new Map(wallet.coins().map((c) => [c.asset, c]));
    let confirmations = 1;
    const deposits: { asset: string; txHash: string; requests: FundingRequest[] }[] = [];
    for (const [asset, list] of byAsset) {
      const network = coins.get(asset)?.networks.find((n) => n.depositEnabled);
      if (!network) {
        this.deps.log.warn({ asset }, 'no deposit network to fund the market makers with');
        continue;
      }
      const total = list.reduce((sum, r) => sum + r.amount, 0n);
      const { address } = wallet.depositAddress(uid, asset, network.network);
      const txHash = chain.injectDeposit({ network: network.network, asset, to: address, amount: total });
      deposits.push({ asset, txHash, requests: list });
      confirmations = Math.max(confirmations, network.depositConfirmations);
    }
    if (deposits.length === 0) return;
    await chain.mine(confirmations);
    for (const deposit of deposits) {
      tx.run(() => {
        for (const r of deposit.requests) {
          const from = user(uid, 'spot', r.asset);
          const amount = ledger.balance(from).available < r.amount ? ledger.balance(from).available : r.amount;
          if (amount <= 0n) continue;
          ledger.transfer({
            reference: `market:fund:${deposit.txHash}:${r.owner}`,
            reason: 'market.maker.fund',
            from,
            to: system(r.owner, r.asset),
            amount,
          });
        }
      });
    }
  }

  private async treasury(): Promise<number> {
    if (this.treasuryUid !== null) return this.treasuryUid;
    const existing = this.deps.accounts.findByAccount(TREASURY_ACCOUNT);
    this.treasuryUid =
      existing?.uid ??
      (await this.deps.accounts.createUser({
        account: TREASURY_ACCOUNT,
        // Nobody logs in here: a random password nobody knows.
        password: randomBytes(24).toString('base64url'),
        nickname: 'Market makers (system)',
      }));
    return this.treasuryUid;
  }
}

import { randomBytes, randomUUID } from 'node:crypto';
import type { CoinInfo, DepositRecord } from '@bourse/contract';
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
    deposits(uid: number, query: { asset?: string; page: number; size: number }): { list: DepositRecord[] };
  };
  /** Whether the chain produces blocks by itself (CHAIN_BLOCK_MS > 0); otherwise deposits wait for the operator's. */
  autoMining: boolean;
  /** How long to wait for a deposit to be credited (ms). */
  creditTimeoutMs?: number;
}

/**
 * Funds the market makers the way any money enters the exchange: a deposit on the (simulated) chain, credited by
 * the wallet at its confirmations, so deposits credited − withdrawals sent still equals what the ledger holds. The
 * wallet credits deposits to users only, so the deposit lands in a dedicated treasury user and moves from there to
 * the system owners in one ledger transfer (reason `market.maker.fund`). Nothing is minted, and no block is mined
 * here: on a chain that mines only when told (CHAIN_BLOCK_MS=0), the deposits wait for the next block and a later
 * top-up moves them. With a real chain nothing is deposited (the operator funds the treasury account).
 */
export class ChainFunding {
  private treasuryUid: number | null = null;

  constructor(private readonly deps: FundingDeps) {}

  async fund(requests: readonly FundingRequest[]): Promise<void> {
    const { wallet } = this.deps;
    const chain = wallet.chain;
    if (requests.length === 0) return;
    const uid = await this.treasury();
    // What the treasury already holds (credited since the last round) goes first.
    let unmet = this.moveFromTreasury(uid, requests);
    if (unmet.length === 0 || !isSimulator(chain)) return;
    const coins = new Map(wallet.coins().map((c) => [c.asset, c]));
    const waiting = new Map<string, bigint>();
    for (const [asset, amount] of totals(unmet)) {
      const network = coins.get(asset)?.networks.find((n) => n.depositEnabled);
      if (!network) {
        this.deps.log.warn({ asset }, 'no deposit network to fund the market makers with');
        continue;
      }
      // A deposit still on its way is not sent twice.
      const pending = wallet.deposits(uid, { asset, page: 1, size: 20 }).list.some((d) => d.status === 'pending');
      if (pending) continue;
      const { address } = wallet.depositAddress(uid, asset, network.network);
      chain.injectDeposit({ network: network.network, asset, to: address, amount });
      waiting.set(asset, amount);
    }
    if (waiting.size === 0 || !this.deps.autoMining) return;
    await this.credited(uid, waiting);
    unmet = this.moveFromTreasury(uid, unmet);
    if (unmet.length > 0) this.deps.log.warn({ unmet: unmet.length }, 'market maker deposits not credited in time');
  }

  /** Transfers what the treasury holds to the owners, in request order; returns what is still missing. */
  private moveFromTreasury(uid: number, requests: readonly FundingRequest[]): FundingRequest[] {
    const { ledger, tx } = this.deps;
    return tx.run(() => {
      const unmet: FundingRequest[] = [];
      for (const r of requests) {
        const from = user(uid, 'spot', r.asset);
        const available = ledger.balance(from).available;
        const amount = available < r.amount ? available : r.amount;
        if (amount > 0n) {
          ledger.transfer({
            reference: `market:fund:${randomUUID()}`,
            reason: 'market.maker.fund',
            from,
            to: system(r.owner, r.asset),
            amount,
          });
        }
        if (amount < r.amount) unmet.push({ ...r, amount: r.amount - amount });
      }
      return unmet;
    });
  }

  /** Waits until the treasury holds the amounts (the wallet credits deposits as blocks come). */
  private async credited(uid: number, amounts: Map<string, bigint>): Promise<void> {
    const until = Date.now() + (this.deps.creditTimeoutMs ?? 30_000);
    const held = () =>
      [...amounts].every(([asset, amount]) => this.deps.ledger.balance(user(uid, 'spot', asset)).available >= amount);
    while (!held() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
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

function totals(requests: readonly FundingRequest[]): Map<string, bigint> {
  const out = new Map<string, bigint>();
  for (const r of requests) out.set(r.asset, (out.get(r.asset) ?? 0n) + r.amount);
  return out;
}

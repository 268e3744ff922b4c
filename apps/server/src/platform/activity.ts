import type { AssetAmount } from './module';

/** Amounts added up per asset (a product's volume or fees by the asset each is counted in); zero sums are left out. */
export class AssetTally {
  private readonly sums = new Map<string, bigint>();

  add(asset: string, amount: bigint | number | null): void {
    if (amount === null) return;
    this.sums.set(asset, (this.sums.get(asset) ?? 0n) + BigInt(amount));
  }

  list(): AssetAmount[] {
    return [...this.sums]
      .filter(([, amount]) => amount !== 0n)
      .map(([asset, amount]) => ({ asset, amount }))
      .sort((a, b) => a.asset.localeCompare(b.asset));
  }
}

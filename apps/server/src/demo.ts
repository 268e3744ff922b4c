import type { AppContext } from './app-context';
import { seedContent } from './modules/content/demo';
import { DEFAULT_ASSETS } from './modules/ledger/assets';
import { DEFAULT_MARKETS } from './modules/spot/markets-default';
import { seedWalletDemo } from './modules/wallet/demo';

export const DEMO_ACCOUNT = {
  account: 'demo@bourse.local',
  password: 'demo123456',
  inviteCode: 'DEMO2026',
  nickname: 'Demo Trader',
};

/**
 * First-start content: the configured operator always; with DEMO_DATA (the default) a funded demo account and each
 * module's demo data. Every step is idempotent, so a restart changes nothing.
 */
export async function seedDemo(ctx: AppContext): Promise<void> {
  await ctx.operators.ensureOperator(ctx.config.admin.email, ctx.config.admin.password);
  // The asset list is configuration a fresh install needs with or without demo data.
  if (ctx.ledger.listAssets().length === 0) for (const asset of DEFAULT_ASSETS) ctx.ledger.upsertAsset(asset);
  ctx.wallet.ensureDefaultNetworks();
  // Spot markets are configuration as well; the operator changes them later.
  if (ctx.spot.markets().length === 0) for (const market of DEFAULT_MARKETS) ctx.spot.createMarket(market);
  // The app version of this build always; banners, notices and documents only with DEMO_DATA.
  seedContent(ctx);
  if (!ctx.config.demoData) return;
  if (!ctx.accounts.findByAccount(DEMO_ACCOUNT.account)) {
    await ctx.accounts.createUser({
      account: DEMO_ACCOUNT.account,
      password: DEMO_ACCOUNT.password,
      inviteCode: DEMO_ACCOUNT.inviteCode,
      nickname: DEMO_ACCOUNT.nickname,
    });
  }
  const demo = ctx.accounts.findByAccount(DEMO_ACCOUNT.account);
  if (demo) await seedWalletDemo(ctx.wallet, demo.uid);
}

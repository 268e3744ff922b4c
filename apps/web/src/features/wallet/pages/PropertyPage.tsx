import { type AssetBalance, type Wallet, WALLETS } from '@bourse/contract';
import { ActionSheet, Checkbox } from 'antd-mobile';
import { BillOutline, EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Amount } from '../../../components/Amount';
import { QueryError } from '../../../components/BlockState';
import { ChipTabs } from '../../../components/ChipTabs';
import { CoinIcon } from '../../../components/CoinIcon';
import { NavRight } from '../../../components/PageChrome';
import type { PageProps } from '../../../lib/feature';
import { useCommonT } from '../../../lib/locales';
import { useSettings } from '../../../lib/stores/settings';
import { useBalances } from '../api';
import { type WalletT, useWalletT, walletName } from '../locales';
import { WALLET_PATHS, withQuery } from '../paths';
import { defaultTarget, useOpenWallets } from '../wallets';
import '../wallet.css';

function isWallet(value: string | undefined): value is Wallet {
  return value !== undefined && (WALLETS as readonly string[]).includes(value);
}

const USDT_PRECISION = 2;

function isZero(amount: string): boolean {
  return !/[1-9]/.test(amount);
}

/**
 * The user's own choice of hiding zero balances, kept while the app runs; until they make one, zeros are hidden once
 * the wallet holds something.
 */
let zeroChoice: boolean | null = null;

function AssetRow({ asset, t, onClick }: { asset: AssetBalance; t: WalletT; onClick(): void }) {
  return (
    <button type="button" className="asset-row" onClick={onClick}>
      <div className="asset-row__head">
        <CoinIcon asset={asset.asset} />
        <span className="asset-row__code">{asset.asset}</span>
        <span className="asset-row__name">{asset.name}</span>
        <span className="asset-row__total">
          <Amount value={asset.total} precision={asset.displayPrecision} sensitive />
          <span className="asset-row__value">
            {asset.valueUsdt === null ? (
              t('noPrice')
            ) : (
              <>
                ≈ <Amount value={asset.valueUsdt} precision={USDT_PRECISION} sensitive /> USDT
              </>
            )}
          </span>
        </span>
      </div>
      <div className="asset-row__split">
        <span>
          {t('available')} <Amount value={asset.available} precision={asset.displayPrecision} sensitive />
        </span>
        <span>
          {t('frozen')} <Amount value={asset.frozen} precision={asset.displayPrecision} sensitive />
        </span>
      </div>
    </button>
  );
}

/** /pages/usreMei/property (R) — every wallet with its coins: available, frozen, total, and totals in USDT. */
export default function PropertyPage({ query }: PageProps) {
  const t = useWalletT();
  const common = useCommonT();
  const navigate = useNavigate();
  const balances = useBalances();
  const [chosen, setWallet] = useState<Wallet>(isWallet(query.wallet) ? query.wallet : 'spot');
  const open = useOpenWallets();
  // The server lists the wallets to show: those of available products, and a closed one while it holds something.
  const shown = balances.data?.wallets.map((w) => w.wallet) ?? open;
  const wallet = shown.includes(chosen) ? chosen : 'spot';
  const hidden = useSettings((s) => s.hideAmounts);
  const setHidden = useSettings((s) => s.setHideAmounts);
  const [choice, setChoice] = useState(zeroChoice);
  const [acting, setActing] = useState<AssetBalance | null>(null);

  const current = balances.data?.wallets.find((w) => w.wallet === wallet);
  // A new user sees every coin (there is nothing else to see); once this wallet holds something, its zeros step aside.
  const holdsSomething = (current?.assets ?? []).some((a) => !isZero(a.total));
  const hideZero = choice ?? holdsSomething;
  const assets = useMemo(
    () => (current?.assets ?? []).filter((a) => !hideZero || !isZero(a.total)),
    [current, hideZero],
  );
  const chooseHideZero = (hide: boolean) => {
    zeroChoice = hide;
    setChoice(hide);
  };

  const go = (path: string) => void navigate(path);
  const actions = acting
    ? [
        ...(wallet === 'spot'
          ? [
              {
                key: 'deposit',
                text: t('deposit'),
                onClick: () => go(withQuery(WALLET_PATHS.recharge, { coin: acting.asset })),
              },
              {
                key: 'withdraw',
                text: t('withdraw'),
                onClick: () => go(withQuery(WALLET_PATHS.withdraw, { coin: acting.asset })),
              },
              {
                key: 'flash',
                text: t('flash'),
                onClick: () => go(withQuery(WALLET_PATHS.flash, { coin: acting.asset })),
              },
            ]
          : []),
        {
          key: 'transfer',
          text: t('transfer'),
          onClick: () =>
            go(
              withQuery(WALLET_PATHS.transfer, {
                coin: acting.asset,
                from: wallet,
                to: defaultTarget(wallet, open),
              }),
            ),
        },
        {
          key: 'records',
          text: t('records'),
          onClick: () => go(withQuery(WALLET_PATHS.records, { coin: acting.asset })),
        },
      ]
    : [];

  return (
    <div className="wallet">
      <NavRight>
        <button
          type="button"
          className="wallet-nav-button"
          aria-label={t('records')}
          onClick={() => go(WALLET_PATHS.records)}
        >
          <BillOutline />
        </button>
      </NavRight>

      <section className="wallet-total">
        <div className="wallet-total__label">
          {t('totalAssets')}
          <button
            type="button"
            className="wallet-total__eye"
            aria-label={hidden ? t('showAmounts') : t('hideAmounts')}
            onClick={() => setHidden(!hidden)}
          >
            {hidden ? <EyeInvisibleOutline /> : <EyeOutline />}
          </button>
        </div>
        <div className="wallet-total__value">
          <Amount value={balances.data?.valueUsdt ?? '0'} precision={USDT_PRECISION} sensitive />
          <span className="wallet-total__unit">USDT</span>
        </div>
        {balances.data && balances.data.unpriced.length > 0 && (
          <div className="wallet-total__note">{t('unpricedNote', { coins: balances.data.unpriced.join(', ') })}</div>
        )}
        <div className="wallet-actions">
          <button type="button" onClick={() => go(withQuery(WALLET_PATHS.currency, { type: 'recharge' }))}>
            {t('deposit')}
          </button>
          <button type="button" onClick={() => go(withQuery(WALLET_PATHS.currency, { type: 'withdraw' }))}>
            {t('withdraw')}
          </button>
          <button type="button" onClick={() => go(withQuery(WALLET_PATHS.transfer, { from: wallet }))}>
            {t('transfer')}
          </button>
          <button type="button" onClick={() => go(WALLET_PATHS.flash)}>
            {t('flash')}
          </button>
        </div>
      </section>

      <ChipTabs
        label={t('wallets')}
        tabs={shown.map((w) => ({ key: w, label: walletName(t, w) }))}
        active={wallet}
        onChange={setWallet}
      />

      <div className="wallet-summary">
        <span>
          {t('walletValue')} <Amount value={current?.valueUsdt ?? '0'} precision={USDT_PRECISION} sensitive /> USDT
        </span>
        <Checkbox className="wallet-summary__zero" checked={hideZero} onChange={chooseHideZero}>
          {t('hideZero')}
        </Checkbox>
      </div>

      {balances.isError && <QueryError error={balances.error} onRetry={() => void balances.refetch()} />}
      <div className="asset-list">
        {assets.map((a) => (
          <AssetRow key={a.asset} asset={a} t={t} onClick={() => setActing(a)} />
        ))}
        {balances.data && assets.length === 0 && <div className="asset-list__empty">{t('noBalances')}</div>}
      </div>

      <ActionSheet
        visible={acting !== null}
        onClose={() => setActing(null)}
        extra={acting ? `${acting.asset} · ${walletName(t, wallet)}` : undefined}
        cancelText={common('cancel')}
        actions={actions}
        onAction={() => setActing(null)}
      />
    </div>
  );
}

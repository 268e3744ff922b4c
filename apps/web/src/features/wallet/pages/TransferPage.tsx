import { errorMessage, type Wallet, WALLETS } from '@bourse/contract';
import { ActionSheet, Button } from 'antd-mobile';
import { DownOutline, LoopOutline } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { QueryError } from '../../../components/BlockState';
import { NavRight } from '../../../components/PageChrome';
import { useRequestId } from '../../../hooks/useRequestId';
import { ApiError } from '../../../lib/api';
import type { PageProps } from '../../../lib/feature';
import { useCommonT } from '../../../lib/locales';
import { truncateDecimal } from '../../../lib/decimalInput';
import { useSettings } from '../../../lib/stores/settings';
import { toast } from '../../../lib/toast';
import { toUnits } from '../amount';
import { availableOf, useBalances, useTransfer } from '../api';
import { Amount } from '../../../components/Amount';
import { AmountField } from '../components/AmountField';
import { CoinPickerPopup } from '../components/CoinPickerPopup';
import { CoinRow } from '../components/CoinRow';
import { useWalletT, walletName } from '../locales';
import { WALLET_PATHS, withQuery } from '../paths';
import { defaultTarget, useOpenWallets } from '../wallets';
import '../wallet.css';

function isWallet(value: string | undefined): value is Wallet {
  return value !== undefined && (WALLETS as readonly string[]).includes(value);
}

/** /pages/usreMei/transfer?coin=&from=&to= — move a coin between the user's own wallets. */
export default function TransferPage({ query }: PageProps) {
  const t = useWalletT();
  const common = useCommonT();
  const navigate = useNavigate();
  const lang = useSettings((s) => s.lang);
  const balances = useBalances();
  const transfer = useTransfer();
  const open = useOpenWallets();
  const [from, setFrom] = useState<Wallet>(isWallet(query.from) ? query.from : 'spot');
  const [to, setTo] = useState<Wallet>(isWallet(query.to) && query.to !== from ? query.to : defaultTarget(from, open));
  // Money may leave any wallet the server lists (a closed product's while it holds something); it goes only into a
  // wallet whose product is available.
  const sources = balances.data?.wallets.map((w) => w.wallet) ?? open;
  const [asset, setAsset] = useState((query.coin ?? 'USDT').toUpperCase());
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string>();
  const [picking, setPicking] = useState<'from' | 'to' | 'coin' | null>(null);
  const request = useRequestId();

  const fromAssets = useMemo(
    () => balances.data?.wallets.find((w) => w.wallet === from)?.assets ?? [],
    [balances.data, from],
  );
  const coin = fromAssets.find((a) => a.asset === asset);
  const scale = coin?.scale ?? 8;
  const available = availableOf(balances.data, from, asset);

  const choose = (side: 'from' | 'to', wallet: Wallet) => {
    const other = side === 'from' ? to : from;
    // Choosing the other side's wallet swaps the two, so they never coincide.
    if (wallet === other) {
      setFrom(to);
      setTo(from);
    } else if (side === 'from') setFrom(wallet);
    else setTo(wallet);
    setError(undefined);
  };

  const submit = async () => {
    const units = toUnits(amount, scale);
    const avail = toUnits(available, scale) ?? 0n;
    if (amount === '') {
      setError(t('missingAmount'));
      return;
    }
    if (units === null || units === 0n) {
      setError(errorMessage('TRANSFER_AMOUNT_INVALID', lang));
      return;
    }
    if (units > avail) {
      setError(errorMessage('INSUFFICIENT_BALANCE', lang));
      return;
    }
    setError(undefined);
    try {
      await transfer.mutateAsync({ asset, from, to, amount, requestId: request.id });
      request.settled();
      setAmount('');
      toast(t('transferDone'), 'success');
    } catch (e) {
      if (e instanceof ApiError) setError(e.msg);
    }
  };

  return (
    <div className="wallet wallet--form">
      <NavRight>
        <button
          type="button"
          className="wallet-nav-link"
          onClick={() => void navigate(withQuery(WALLET_PATHS.records, { type: 'transfer' }))}
        >
          {t('records')}
        </button>
      </NavRight>
      {balances.isError && <QueryError error={balances.error} onRetry={() => void balances.refetch()} />}

      <section className="transfer-card">
        <div className="transfer-card__sides">
          <button type="button" className="transfer-card__side" onClick={() => setPicking('from')}>
            <span className="transfer-card__label">{t('from')}</span>
            <span className="transfer-card__wallet" data-testid="transfer-from">
              {walletName(t, from)}
            </span>
            <DownOutline className="transfer-card__chevron" />
          </button>
          <button type="button" className="transfer-card__side" onClick={() => setPicking('to')}>
            <span className="transfer-card__label">{t('to')}</span>
            <span className="transfer-card__wallet" data-testid="transfer-to">
              {walletName(t, to)}
            </span>
            <DownOutline className="transfer-card__chevron" />
          </button>
        </div>
        <button
          type="button"
          className="transfer-card__swap"
          aria-label={t('swapWallets')}
          onClick={() => {
            setFrom(to);
            setTo(from);
            setError(undefined);
          }}
        >
          <LoopOutline />
        </button>
      </section>

      <CoinRow asset={asset} name={coin?.name} onClick={() => setPicking('coin')} />

      <AmountField
        label={t('amount')}
        value={amount}
        onChange={(v) => {
          setAmount(v);
          setError(undefined);
        }}
        decimals={scale}
        unit={asset}
        placeholder={t('enterAmount')}
        error={error}
        fill={{
          label: t('all'),
          onFill: () => {
            const all = truncateDecimal(available, scale);
            setAmount(/[1-9]/.test(all) ? all : '');
            setError(undefined);
          },
        }}
        hint={
          <>
            {t('available')} <Amount value={available} precision={coin?.displayPrecision ?? 8} sensitive /> {asset}
          </>
        }
      />
      <p className="muted wallet-note">{from === to ? t('noTransferTarget') : t('transferNote')}</p>

      <Button
        className="wallet-submit"
        block
        color="primary"
        loading={transfer.isPending}
        disabled={from === to}
        onClick={() => void submit()}
      >
        {t('confirmTransfer')}
      </Button>

      <ActionSheet
        visible={picking === 'from' || picking === 'to'}
        onClose={() => setPicking(null)}
        cancelText={common('cancel')}
        actions={(picking === 'from' ? sources : open).map((w) => ({
          key: w,
          text: walletName(t, w),
          bold: w === (picking === 'from' ? from : to),
          onClick: () => {
            if (picking === 'from' || picking === 'to') choose(picking, w);
            setPicking(null);
          },
        }))}
      />
      <CoinPickerPopup
        visible={picking === 'coin'}
        coins={fromAssets.map((a) => ({
          asset: a.asset,
          name: a.name,
          available: a.available,
          displayPrecision: a.displayPrecision,
        }))}
        onSelect={(a) => {
          setAsset(a);
          setAmount('');
          setError(undefined);
        }}
        onClose={() => setPicking(null)}
      />
    </div>
  );
}

import type { DepositRecord } from '@bourse/contract';
import { Button } from 'antd-mobile';
import { ExclamationCircleOutline } from 'antd-mobile-icons';
import { QRCodeSVG } from 'qrcode.react';
import { useNavigate } from 'react-router';
import { EmptyState, QueryError } from '../../../components/BlockState';
import { StatusTag } from '../../../components/StatusTag';
import { useLocale } from '../../../hooks/useLocale';
import { copyText } from '../../../lib/clipboard';
import type { PageProps } from '../../../lib/feature';
import { formatDate } from '../../../lib/format';
import { useCoins, useDepositAddress, useDeposits } from '../api';
import { Amount } from '../../../components/Amount';
import { CoinPageHead } from '../components/CoinPageHead';
import { NetworkSelector } from '../components/NetworkSelector';
import { movementStatus } from '../components/movementStatus';
import { useWalletT } from '../locales';
import { WALLET_PATHS, withQuery } from '../paths';
import '../wallet.css';

function DepositRow({ deposit, precision }: { deposit: DepositRecord; precision: number }) {
  const t = useWalletT();
  const locale = useLocale();
  const target = deposit.status === 'pending' ? deposit.creditConfirmations : deposit.doneConfirmations;
  const moving = deposit.status === 'pending' || deposit.status === 'credited';
  return (
    <div className="record-row" data-testid="deposit-row" data-status={deposit.status}>
      <div className="record-row__main">
        <span className="record-row__title">
          {deposit.asset} · {deposit.networkName}
        </span>
        <Amount className="record-row__amount rise" value={deposit.amount} precision={precision} sign="+" />
      </div>
      <div className="record-row__sub">
        <span>{formatDate(deposit.createdAt, locale)}</span>
        <span className="record-row__status">
          {moving && (
            <span className="num record-row__confirm">
              {t('confirmations', { n: Math.min(deposit.confirmations, target), total: target })}
            </span>
          )}
          <StatusTag {...movementStatus(t, deposit.status)} />
        </span>
      </div>
    </div>
  );
}

/** /pages/usreMei/recharge?coin=&network= (R) — the deposit address with its QR code, the rules, recent deposits. */
export default function RechargePage({ query }: PageProps) {
  const t = useWalletT();
  const navigate = useNavigate();
  const coins = useCoins();
  const asset = (query.coin ?? 'USDT').toUpperCase();
  const coin = coins.data?.find((c) => c.asset === asset);
  const networks = coin?.networks.filter((n) => n.depositEnabled) ?? [];
  const network = networks.find((n) => n.network === query.network) ?? networks[0];
  const address = useDepositAddress(asset, network?.network ?? '');
  const deposits = useDeposits(asset);
  const precision = coin?.displayPrecision ?? 8;

  const replace = (next: Record<string, string>) =>
    void navigate(withQuery(WALLET_PATHS.recharge, { coin: asset, network: network?.network, ...next }), {
      replace: true,
    });

  return (
    <div className="wallet wallet--form">
      <CoinPageHead kind="recharge" asset={asset} coin={coin} coins={coins} />
      {networks.length > 0 && network && (
        <NetworkSelector networks={networks} value={network.network} onChange={(n) => replace({ network: n })} />
      )}

      {network && (
        <section className="deposit-card">
          {address.isError && <QueryError error={address.error} onRetry={() => void address.refetch()} />}
          <div className="deposit-card__qr" aria-label={t('qrCode')}>
            {address.data ? (
              <QRCodeSVG value={address.data.address} size={168} marginSize={2} bgColor="#ffffff" fgColor="#000000" />
            ) : (
              <div className="deposit-card__qr-placeholder" />
            )}
          </div>
          <div className="deposit-card__label">{t('depositAddress', { coin: asset, network: network.name })}</div>
          <div className="deposit-card__address num" data-testid="deposit-address">
            {address.data?.address ?? '—'}
          </div>
          <Button
            className="deposit-card__copy"
            size="small"
            color="primary"
            fill="outline"
            disabled={!address.data}
            onClick={() => {
              if (address.data) void copyText(address.data.address);
            }}
          >
            {t('copyAddress')}
          </Button>
        </section>
      )}

      {network && (
        <section className="rules">
          <div className="rules__row">
            <span>{t('minDeposit')}</span>
            <span>
              <Amount value={network.depositMin} precision={8} trim /> {asset}
            </span>
          </div>
          <div className="rules__row">
            <span>{t('creditedAfter')}</span>
            <span className="num">{network.depositConfirmations}</span>
          </div>
          <div className="rules__row">
            <span>{t('doneAfter')}</span>
            <span className="num">{network.depositDoneConfirmations}</span>
          </div>
          <p className="rules__warning">
            <ExclamationCircleOutline />
            <span>{t('depositWarning', { coin: asset, network: network.name, min: network.depositMin })}</span>
          </p>
        </section>
      )}

      <section className="section-block">
        <h2 className="section-block__title">{t('recentDeposits')}</h2>
        {deposits.isError && <QueryError error={deposits.error} onRetry={() => void deposits.refetch()} />}
        {deposits.data?.list.length === 0 && <EmptyState text={t('noDeposits')} />}
        {deposits.data?.list.map((d) => (
          <DepositRow key={d.id} deposit={d} precision={precision} />
        ))}
      </section>
    </div>
  );
}

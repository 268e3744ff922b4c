import type { AssetBalance, Balances, WalletBalances } from '@bourse/contract';
import { Flex, Switch, Table, Typography } from 'antd';
import { useState } from 'react';
import { Num } from '../../../components/Num';
import { useCommonT } from '../../../lib/locales';
import { useUsersT } from '../locales';

/** Whether a balance is zero (decimal strings: only zeros and a point). */
export function isZero(value: string): boolean {
  return /^0*(\.0*)?$/.test(value);
}

/** Assets of a wallet worth showing: every one, or those with a balance. */
export function shownAssets(wallet: WalletBalances, hideZero: boolean): AssetBalance[] {
  return hideZero ? wallet.assets.filter((asset) => !isZero(asset.total)) : wallet.assets;
}

function WalletTable({ wallet, hideZero }: { wallet: WalletBalances; hideZero: boolean }) {
  const t = useUsersT();
  const common = useCommonT();
  const assets = shownAssets(wallet, hideZero);
  return (
    <div className="user-wallet" data-testid={`balances-${wallet.wallet}`}>
      <Flex justify="space-between" align="baseline" className="user-wallet__head">
        <Typography.Text strong>{common(`wallet_${wallet.wallet}`)}</Typography.Text>
        <Typography.Text type="secondary">
          {t('walletValue')} <Num value={wallet.valueUsdt} suffix="USDT" />
        </Typography.Text>
      </Flex>
      {assets.length === 0 ? (
        <Typography.Text type="secondary" className="user-wallet__empty">
          {t('walletEmpty')}
        </Typography.Text>
      ) : (
        <Table<AssetBalance>
          size="small"
          rowKey="asset"
          pagination={false}
          tableLayout="fixed"
          dataSource={assets}
          columns={[
            {
              title: t('asset'),
              dataIndex: 'asset',
              width: '24%',
              render: (asset: string, row) => (
                <span>
                  <strong>{asset}</strong> <Typography.Text type="secondary">{row.name}</Typography.Text>
                </span>
              ),
            },
            { title: t('available'), dataIndex: 'available', align: 'right', render: (v: string) => <Num value={v} /> },
            { title: t('frozenAmount'), dataIndex: 'frozen', align: 'right', render: (v: string) => <Num value={v} /> },
            { title: t('total'), dataIndex: 'total', align: 'right', render: (v: string) => <Num value={v} /> },
            {
              title: t('valueUsdt'),
              dataIndex: 'valueUsdt',
              align: 'right',
              render: (v: string | null) =>
                v === null ? <span className="muted">{t('unpriced')}</span> : <Num value={v} />,
            },
          ]}
        />
      )}
    </div>
  );
}

/** Every wallet of the user and every asset in it: available, frozen, total, and the USDT value where a price exists. */
export function BalancesTab({ balances }: { balances: Balances }) {
  const t = useUsersT();
  const [hideZero, setHideZero] = useState(true);
  return (
    <Flex vertical gap={20}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Flex vertical>
          <Typography.Text type="secondary">{t('totalValue')}</Typography.Text>
          <span className="user-total num" data-testid="balances-total">
            <Num value={balances.valueUsdt} suffix="USDT" />
          </span>
          {balances.unpriced.length > 0 ? (
            <Typography.Text type="secondary" className="small-text">
              {t('unpricedNote', { assets: balances.unpriced.join(', ') })}
            </Typography.Text>
          ) : null}
        </Flex>
        <label className="inline-switch">
          <Switch size="small" checked={hideZero} onChange={setHideZero} data-testid="balances-hide-zero" />
          <span>{t('hideZero')}</span>
        </label>
      </Flex>
      {balances.wallets.map((wallet) => (
        <WalletTable key={wallet.wallet} wallet={wallet} hideZero={hideZero} />
      ))}
    </Flex>
  );
}

import type { WalletRecord } from '@bourse/contract';
import { ActionSheet, InfiniteScroll } from 'antd-mobile';
import {
  AppstoreOutline,
  ArrowDownCircleOutline,
  DownOutline,
  RedoOutline,
  SendOutline,
  UploadOutline,
} from 'antd-mobile-icons';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { EmptyState, QueryError } from '../../../components/BlockState';
import { ChipTabs } from '../../../components/ChipTabs';
import { StatusTag } from '../../../components/StatusTag';
import { useLocale } from '../../../hooks/useLocale';
import type { PageProps } from '../../../lib/feature';
import { formatDate } from '../../../lib/format';
import { useCommonT } from '../../../lib/locales';
import { fromUnits, toUnits } from '../amount';
import { type RecordFilter, useCoins, useRecords } from '../api';
import { Amount } from '../../../components/Amount';
import { movementStatus } from '../components/movementStatus';
import { useWalletT, walletName, type WalletT } from '../locales';
import { WALLET_PATHS, withQuery } from '../paths';
import '../wallet.css';

const FILTERS: readonly ('' | RecordFilter)[] = ['', 'deposit', 'withdraw', 'transfer', 'flash', 'product'];

function isFilter(value: string | undefined): value is RecordFilter {
  return value !== undefined && value !== '' && (FILTERS as readonly string[]).includes(value);
}

const FILTER_LABEL = {
  '': 'filterAll',
  deposit: 'deposit',
  withdraw: 'withdraw',
  transfer: 'transfer',
  flash: 'flash',
  product: 'filterProducts',
} as const;

function title(r: WalletRecord, t: WalletT): string {
  switch (r.type) {
    case 'deposit':
      return t('deposit');
    case 'withdraw':
      return t('withdraw');
    case 'transfer':
      return r.fromWallet && r.toWallet
        ? t('transferBetween', { from: walletName(t, r.fromWallet), to: walletName(t, r.toWallet) })
        : t('transfer');
    case 'flash_out':
      return t('flashTo', { who: r.counterparty ? `${r.counterparty.account} (${r.counterparty.uid})` : '' });
    case 'flash_in':
      return t('flashFrom', { who: r.counterparty ? `${r.counterparty.account} (${r.counterparty.uid})` : '' });
    case 'product':
      // Another product's movement (mining income, a loan…): the server titles it in the reader's language.
      return r.title ?? t('filterProducts');
  }
}

function TypeIcon({ type }: { type: WalletRecord['type'] }) {
  const Icon =
    type === 'deposit'
      ? ArrowDownCircleOutline
      : type === 'withdraw'
        ? UploadOutline
        : type === 'transfer'
          ? RedoOutline
          : type === 'product'
            ? AppstoreOutline
            : SendOutline;
  return (
    <span className={`record-icon record-icon--${type}`}>
      <Icon />
    </span>
  );
}

/**
 * What left or reached the wallet: a withdrawal's amount arrives at the address and its fee is charged on top, so
 * the wallet paid both.
 */
function movedAmount(record: WalletRecord, scale: number): string {
  const amount = toUnits(record.amount, scale);
  const fee = toUnits(record.fee, scale) ?? 0n;
  return amount === null || fee === 0n ? record.amount : fromUnits(amount + fee, scale);
}

function RecordRow({ record, precision, scale }: { record: WalletRecord; precision: number; scale: number }) {
  const t = useWalletT();
  const locale = useLocale();
  const navigate = useNavigate();
  const sign = record.direction === 'in' ? '+' : record.direction === 'out' ? '-' : undefined;
  const tone = record.direction === 'in' ? 'rise' : record.direction === 'out' ? 'fall' : '';
  const hasFee = /[1-9]/.test(record.fee);
  const body = (
    <>
      <TypeIcon type={record.type} />
      <div className="record-row__body">
        <div className="record-row__main">
          <span className="record-row__title">{title(record, t)}</span>
          <span className={`record-row__amount ${tone}`}>
            <Amount value={movedAmount(record, scale)} precision={precision} sign={sign} /> {record.asset}
          </span>
        </div>
        {hasFee && (
          <div className="record-row__fee">
            {t('feeIncluded')} <Amount value={record.fee} precision={scale} trim /> {record.asset}
          </div>
        )}
        <div className="record-row__sub">
          <span className="num">{formatDate(record.createdAt, locale)}</span>
          {record.type === 'deposit' || record.type === 'withdraw' ? (
            <StatusTag {...movementStatus(t, record.status)} />
          ) : (
            <StatusTag {...movementStatus(t, 'done')} />
          )}
        </div>
      </div>
    </>
  );
  if (record.type === 'withdraw') {
    return (
      <button
        type="button"
        className="record-row record-row--icon record-row--button"
        onClick={() => void navigate(withQuery(WALLET_PATHS.withdrawDetail, { id: record.id }))}
      >
        {body}
      </button>
    );
  }
  return <div className="record-row record-row--icon">{body}</div>;
}

/** /pages/usreMei/wallet-details (R) — funding records of the last 3 months, by type and coin. */
export default function RecordsPage({ query }: PageProps) {
  const t = useWalletT();
  const common = useCommonT();
  const coins = useCoins();
  const [filter, setFilter] = useState<'' | RecordFilter>(isFilter(query.type) ? query.type : '');
  const [asset, setAsset] = useState((query.coin ?? '').toUpperCase());
  const [choosing, setChoosing] = useState(false);
  const records = useRecords(filter, asset);
  const list = records.data?.pages.flatMap((p) => p.list) ?? [];
  const coinOf = (code: string) => coins.data?.find((c) => c.asset === code);

  return (
    <div className="wallet">
      <ChipTabs
        label={t('recordTypes')}
        tabs={FILTERS.map((f) => ({ key: f, label: t(FILTER_LABEL[f]) }))}
        active={filter}
        onChange={setFilter}
      />
      <div className="wallet-summary">
        <button type="button" className="filter-button" onClick={() => setChoosing(true)}>
          {asset === '' ? t('allCoins') : asset}
          <DownOutline />
        </button>
        <span className="muted">{t('lastThreeMonths')}</span>
      </div>

      {records.isError && <QueryError error={records.error} onRetry={() => void records.refetch()} />}
      {records.data && list.length === 0 && <EmptyState text={t('noRecords')} />}
      <div className="record-list" data-testid="records">
        {list.map((r) => (
          <RecordRow
            key={r.key}
            record={r}
            precision={coinOf(r.asset)?.displayPrecision ?? 8}
            scale={coinOf(r.asset)?.scale ?? 8}
          />
        ))}
      </div>
      {list.length > 0 && (
        <InfiniteScroll
          hasMore={records.hasNextPage}
          loadMore={async () => {
            await records.fetchNextPage();
          }}
        >
          {records.hasNextPage ? common('loading') : common('noMore')}
        </InfiniteScroll>
      )}

      <ActionSheet
        visible={choosing}
        onClose={() => setChoosing(false)}
        cancelText={common('cancel')}
        actions={[
          { key: '', text: t('allCoins'), bold: asset === '' },
          ...(coins.data ?? []).map((c) => ({ key: c.asset, text: c.asset, bold: c.asset === asset })),
        ]}
        onAction={(action) => {
          setAsset(String(action.key));
          setChoosing(false);
        }}
      />
    </div>
  );
}

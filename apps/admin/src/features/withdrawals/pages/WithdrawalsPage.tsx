import { type AdminWithdrawal, WITHDRAWAL_STATUSES, type WithdrawalStatus } from '@bourse/contract';
import { Button, Card, Descriptions, Drawer, Flex, Table, Typography } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { Link } from 'react-router';
import { Num } from '../../../components/Num';
import { ListFilters } from '../../../components/ListFilters';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { StatusTag } from '../../../components/StatusTag';
import { Time } from '../../../components/Time';
import { UserLink } from '../../../components/UserLink';
import { oneOf, pagedTable, useListParams, wholeNumberOf } from '../../../hooks/useListParams';
import { formatDecimal } from '../../../lib/format';
import { useCommonT } from '../../../lib/locales';
import { useWithdrawals } from '../api';
import { STATUS_TONE } from '../components/tones';
import { ReviewStageTag } from '../components/ReviewStageTag';
import { RiskPanel } from '../components/RiskPanel';
import { WithdrawalActions } from '../components/WithdrawalActions';
import { useWithdrawalsT } from '../locales';

function WithdrawalDetail({ withdrawal }: { withdrawal: AdminWithdrawal }) {
  const t = useWithdrawalsT();
  const common = useCommonT();
  return (
    <Descriptions
      column={1}
      bordered
      size="small"
      data-testid="withdrawal-detail"
      items={[
        {
          label: common('status'),
          children: (
            <Flex gap={4} wrap>
              <StatusTag tone={STATUS_TONE[withdrawal.status]}>{t(`status_${withdrawal.status}`)}</StatusTag>
              <ReviewStageTag withdrawal={withdrawal} />
            </Flex>
          ),
        },
        ...(withdrawal.approvalsRequired === 2
          ? [
              {
                label: t('firstReviewedBy'),
                children: withdrawal.firstReviewedBy ? (
                  <span data-testid="withdrawal-first-reviewer">
                    {t('operatorId', { id: withdrawal.firstReviewedBy })} · <Time ms={withdrawal.firstReviewedAt} />
                  </span>
                ) : (
                  '—'
                ),
              },
            ]
          : []),
        { label: common('uid'), children: <UserLink uid={withdrawal.uid} testId="withdrawal-user-link" /> },
        { label: t('asset'), children: withdrawal.asset },
        { label: t('network'), children: withdrawal.networkName },
        {
          label: t('address'),
          children: (
            <Typography.Text copyable className="mono">
              {withdrawal.address}
            </Typography.Text>
          ),
        },
        { label: t('amount'), children: <Num value={withdrawal.amount} suffix={withdrawal.asset} /> },
        { label: t('fee'), children: <Num value={withdrawal.fee} suffix={withdrawal.asset} /> },
        { label: t('total'), children: <Num value={withdrawal.total} suffix={withdrawal.asset} /> },
        { label: t('remark'), children: withdrawal.remark ?? '—' },
        {
          label: t('txHash'),
          children: withdrawal.txHash ? (
            <Typography.Text copyable className="mono">
              {withdrawal.txHash}
            </Typography.Text>
          ) : (
            '—'
          ),
        },
        {
          label: t('confirmations'),
          children: (
            <span className="num">
              {withdrawal.confirmations} / {withdrawal.requiredConfirmations}
            </span>
          ),
        },
        ...(withdrawal.rejectReason ? [{ label: t('rejectReason'), children: withdrawal.rejectReason }] : []),
        ...(withdrawal.failReason ? [{ label: t('failReason'), children: withdrawal.failReason }] : []),
        { label: common('createdAt'), children: <Time ms={withdrawal.createdAt} /> },
        { label: common('updatedAt'), children: <Time ms={withdrawal.updatedAt} /> },
        {
          label: t('reviewedBy'),
          children: withdrawal.reviewedBy ? t('operatorId', { id: withdrawal.reviewedBy }) : '—',
        },
        { label: t('reviewedAt'), children: <Time ms={withdrawal.reviewedAt} /> },
      ]}
    />
  );
}

function SettingsLink() {
  const t = useWithdrawalsT();
  return (
    <Link to="/reviews/withdrawals/settings" data-testid="withdrawal-settings-link">
      <Button icon={<SettingOutlined />}>{t('settingsTitle')}</Button>
    </Link>
  );
}

export default function WithdrawalsPage() {
  const t = useWithdrawalsT();
  const common = useCommonT();
  const list = useListParams<'status' | 'uid'>({ filters: { status: 'review' } });
  const query = useWithdrawals({
    status: oneOf(WITHDRAWAL_STATUSES, list.filter('status')),
    uid: wholeNumberOf(list.filter('uid')),
    page: list.page,
    size: list.size,
  });
  const [openId, setOpenId] = useState<number | null>(null);
  // The drawer shows the row as the list has it now (it follows a decision's refetch).
  const open = query.data?.list.find((row) => row.id === openId) ?? null;

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} extra={<SettingsLink />} />
      <Card>
        <ListFilters
          list={list}
          statuses={WITHDRAWAL_STATUSES}
          statusLabel={(value) => t(`status_${value}`)}
          uidPlaceholder={t('filterUid')}
          testId="withdrawal-status-filter"
        />
        {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
        <Table<AdminWithdrawal>
          {...pagedTable(query, list)}
          data-testid="withdrawal-table"
          columns={[
            {
              title: common('id'),
              dataIndex: 'id',
              render: (id: number) => (
                <Button
                  type="link"
                  size="small"
                  className="num link-cell"
                  title={common('details')}
                  onClick={() => setOpenId(id)}
                  data-testid={`withdrawal-open-${id}`}
                >
                  #{id}
                </Button>
              ),
            },
            { title: common('uid'), dataIndex: 'uid', render: (v: number) => <UserLink uid={v} /> },
            {
              title: t('asset'),
              key: 'asset',
              render: (_: unknown, row) => (
                <span>
                  {row.asset} <Typography.Text type="secondary">{row.network}</Typography.Text>
                </span>
              ),
            },
            {
              title: t('amount'),
              dataIndex: 'amount',
              align: 'right',
              render: (v: string, row) => (
                <Flex vertical align="flex-end">
                  <Num value={v} />
                  <Typography.Text type="secondary" className="withdrawal-fee">
                    {t('feeShort', { fee: formatDecimal(row.fee) })}
                  </Typography.Text>
                </Flex>
              ),
            },
            {
              title: t('address'),
              dataIndex: 'address',
              ellipsis: true,
              width: 200,
              render: (v: string) => <span className="mono">{v}</span>,
            },
            {
              title: common('status'),
              dataIndex: 'status',
              render: (value: WithdrawalStatus, row) => (
                <Flex gap={4} wrap>
                  <StatusTag tone={STATUS_TONE[value]}>{t(`status_${value}`)}</StatusTag>
                  <ReviewStageTag withdrawal={row} />
                </Flex>
              ),
            },
            { title: common('createdAt'), dataIndex: 'createdAt', render: (ms: number) => <Time ms={ms} /> },
            {
              title: common('actions'),
              key: 'actions',
              fixed: 'right',
              render: (_: unknown, row) => (
                <Flex gap={8}>
                  <WithdrawalActions withdrawal={row} size="small" />
                </Flex>
              ),
            },
          ]}
        />
      </Card>
      <Drawer
        open={open !== null}
        size={560}
        title={open ? t('withdrawal', { id: open.id }) : null}
        onClose={() => setOpenId(null)}
        extra={
          open ? (
            <Flex gap={8}>
              <WithdrawalActions withdrawal={open} />
            </Flex>
          ) : null
        }
      >
        {open ? (
          <Flex vertical gap={16}>
            <WithdrawalDetail withdrawal={open} />
            <RiskPanel id={open.id} />
          </Flex>
        ) : null}
      </Drawer>
    </>
  );
}

import { ReloadOutlined } from '@ant-design/icons';
import { ACCOUNT_TYPES, type ReconcileReport } from '@bourse/contract';
import { Alert, Button, Card, Col, Descriptions, Empty, Row, Skeleton, Statistic, Table } from 'antd';
import { Num } from '../../../components/Num';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { StatusTag } from '../../../components/StatusTag';
import { formatDateTime } from '../../../lib/format';
import { useReconciliation } from '../api';
import { useLedgerT } from '../locales';

type AssetRow = ReconcileReport['assets'][number];

export default function ReconciliationPage() {
  const t = useLedgerT();
  const query = useReconciliation();
  const report = query.data;

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        extra={
          <Button icon={<ReloadOutlined />} loading={query.isFetching} onClick={() => void query.refetch()}>
            {t('runAgain')}
          </Button>
        }
      />
      {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.isPending ? <Skeleton active paragraph={{ rows: 10 }} /> : null}
      {report ? (
        <>
          <Alert
            className="page-section"
            type={report.ok ? 'success' : 'error'}
            showIcon
            title={report.ok ? t('ok') : t('notOk', { count: report.problems.length })}
            description={t('checkedAt', { time: formatDateTime(report.checkedAt), ms: Math.round(report.ms) })}
            data-testid="reconcile-status"
          />
          <Row gutter={16} className="page-section">
            {(['entries', 'legs', 'accounts', 'holds'] as const).map((key) => (
              <Col key={key} xs={12} lg={6}>
                <Card>
                  <Statistic title={t(key)} value={report[key]} />
                </Card>
              </Col>
            ))}
          </Row>
          <Card title={t('assets')} className="page-section">
            <Table<AssetRow>
              rowKey="asset"
              dataSource={report.assets}
              pagination={false}
              size="middle"
              scroll={{ x: 'max-content' }}
              expandable={{
                expandedRowRender: (row) => (
                  <Descriptions
                    size="small"
                    title={t('byType')}
                    column={5}
                    items={ACCOUNT_TYPES.map((type) => ({
                      key: type,
                      label: t(`type_${type}`),
                      children: <Num value={row.types[type]} />,
                    }))}
                  />
                ),
              }}
              columns={[
                { title: t('asset'), dataIndex: 'asset', render: (asset: string) => <strong>{asset}</strong> },
                { title: t('held'), dataIndex: 'held', align: 'right', render: (v: string) => <Num value={v} /> },
                {
                  title: t('hotWallet'),
                  dataIndex: 'hotWallet',
                  align: 'right',
                  render: (v: string) => <Num value={v} />,
                },
                {
                  title: t('deposited'),
                  dataIndex: 'deposited',
                  align: 'right',
                  render: (v: string | null) =>
                    v === null ? <span className="muted">{t('notTracked')}</span> : <Num value={v} />,
                },
                {
                  title: t('withdrawn'),
                  dataIndex: 'withdrawn',
                  align: 'right',
                  render: (v: string | null) =>
                    v === null ? <span className="muted">{t('notTracked')}</span> : <Num value={v} />,
                },
                {
                  title: t('adjusted'),
                  dataIndex: 'adjusted',
                  align: 'right',
                  render: (v: string) => <Num value={v} />,
                },
                {
                  title: '',
                  dataIndex: 'ok',
                  render: (ok: boolean) => (
                    <StatusTag tone={ok ? 'success' : 'danger'}>{ok ? t('assetOk') : t('assetNotOk')}</StatusTag>
                  ),
                },
              ]}
            />
          </Card>
          <Card title={t('problems')} className="page-section">
            {report.problems.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noProblems')} />
            ) : (
              <ul className="problem-list" data-testid="reconcile-problems">
                {report.problems.map((problem, index) => (
                  <li key={index} className="mono">
                    {problem}
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </>
      ) : null}
    </>
  );
}

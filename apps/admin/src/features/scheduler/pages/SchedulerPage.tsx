import { ReloadOutlined } from '@ant-design/icons';
import type { SchedulerJob, SchedulerRun } from '@bourse/contract';
import { Button, Card, Flex, Table, Tooltip, Typography } from 'antd';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { StatusTag } from '../../../components/StatusTag';
import { Time } from '../../../components/Time';
import { useSchedulerJobs, useSchedulerRuns } from '../api';
import { compactTime, duration, isLagging, jobState, troubledJobs } from '../jobs';
import { formatDateTime } from '../../../lib/format';
import { useSchedulerT } from '../locales';

/** A moment of today as a clock (the full date and time on hover). */
function Moment({ ms, now }: { ms: number | null; now: number }) {
  if (ms === null) return <span className="muted">—</span>;
  return (
    <Tooltip title={formatDateTime(ms)}>
      <span className="num time">{compactTime(ms, now)}</span>
    </Tooltip>
  );
}

function Runs({ job, now }: { job: SchedulerJob; now: number }) {
  const t = useSchedulerT();
  const query = useSchedulerRuns(job.name);
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <Table<SchedulerRun>
      size="small"
      rowKey={(run) => `${run.slot}-${run.attempt}-${run.ranAt}`}
      loading={query.isFetching}
      dataSource={query.data}
      pagination={false}
      className="scheduler-runs"
      data-testid={`scheduler-runs-${job.name}`}
      locale={{ emptyText: t('runsEmpty') }}
      columns={[
        { title: t('slotAt'), dataIndex: 'slotAt', render: (ms: number) => <Moment ms={ms} now={now} /> },
        { title: t('ranAt'), dataIndex: 'ranAt', render: (ms: number) => <Moment ms={ms} now={now} /> },
        { title: t('took'), dataIndex: 'ms', render: (ms: number) => <span className="num">{duration(ms)}</span> },
        {
          title: t('outcome'),
          dataIndex: 'outcome',
          render: (outcome: SchedulerRun['outcome']) => (
            <StatusTag tone={outcome === 'done' ? 'success' : 'danger'}>{t(`outcome_${outcome}`)}</StatusTag>
          ),
        },
        { title: t('attempt'), dataIndex: 'attempt', render: (n: number) => <span className="num">{n}</span> },
        { title: t('skipped'), dataIndex: 'skipped', render: (n: number) => <span className="num">{n}</span> },
        {
          title: t('error'),
          dataIndex: 'error',
          render: (error: string | null) =>
            error ? <Typography.Text type="danger">{error}</Typography.Text> : <span className="muted">—</span>,
        },
      ]}
    />
  );
}

/** Every time-driven rule of the exchange: when it last ran, how far behind it is, what fails and is being retried. */
export default function SchedulerPage() {
  const t = useSchedulerT();
  const query = useSchedulerJobs();
  const data = query.data;
  const jobs = data?.jobs ?? [];
  const now = data?.now ?? Date.now();
  const { failing, lagging } = troubledJobs(jobs);

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()} loading={query.isFetching}>
            {t('refresh')}
          </Button>
        }
      />
      <Card>
        {data ? (
          <Flex gap={8} wrap align="center" className="filters" data-testid="scheduler-summary">
            <StatusTag tone={data.running ? 'success' : 'danger'}>
              {data.running ? t('running') : t('stopped')}
            </StatusTag>
            <Typography.Text type="secondary">{t('jobsCount', { count: jobs.length })}</Typography.Text>
            {failing > 0 ? <StatusTag tone="danger">{t('failingCount', { count: failing })}</StatusTag> : null}
            {lagging > 0 ? <StatusTag tone="attention">{t('laggingCount', { count: lagging })}</StatusTag> : null}
            {failing === 0 && lagging === 0 ? <Typography.Text type="secondary">{t('allWell')}</Typography.Text> : null}
            <Typography.Text type="secondary" className="scheduler__now">
              {t('serverTime')} <Time ms={data.now} />
            </Typography.Text>
          </Flex>
        ) : null}
        {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
        <Table<SchedulerJob>
          rowKey="name"
          size="middle"
          loading={query.isPending}
          dataSource={jobs}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="scheduler-table"
          rowClassName={(job) => {
            const { key } = jobState(job);
            return key === 'jobFailing' ? 'row--danger' : key === 'jobLagging' ? 'row--attention' : '';
          }}
          expandable={{ expandedRowRender: (job) => <Runs job={job} now={now} />, columnWidth: 40 }}
          columns={[
            {
              title: t('job'),
              dataIndex: 'name',
              render: (name: string, job) => (
                <Flex vertical className="scheduler__job">
                  <span className="mono">{name}</span>
                  <Typography.Text type="secondary" ellipsis={{ tooltip: job.description }}>
                    {job.description}
                  </Typography.Text>
                </Flex>
              ),
            },
            {
              title: t('every'),
              dataIndex: 'everyMs',
              render: (ms: number, job) => (
                <Flex vertical>
                  <span className="num">{duration(ms)}</span>
                  <Typography.Text type="secondary" className="small-text">
                    {t(`catchUp_${job.catchUp}`)}
                  </Typography.Text>
                </Flex>
              ),
            },
            {
              title: t('lastRun'),
              dataIndex: 'lastRunAt',
              render: (ms: number | null, job) => (
                <Flex vertical>
                  <Moment ms={ms} now={now} />
                  {job.lastMs !== null ? (
                    <Typography.Text type="secondary" className="small-text">
                      {t('tookShort', { duration: duration(job.lastMs) })}
                    </Typography.Text>
                  ) : null}
                </Flex>
              ),
            },
            { title: t('nextDue'), dataIndex: 'nextDueAt', render: (ms: number) => <Moment ms={ms} now={now} /> },
            {
              title: t('lag'),
              dataIndex: 'lagMs',
              render: (ms: number, job) =>
                ms === 0 ? (
                  <span className="muted">—</span>
                ) : (
                  <span
                    className={`num ${isLagging(job) ? 'warn-text' : ''}`}
                    data-testid={`scheduler-lag-${job.name}`}
                  >
                    {duration(ms)}
                  </span>
                ),
            },
            {
              title: t('runs'),
              dataIndex: 'runs',
              render: (n: number, job) => (
                <Flex vertical>
                  <span className="num">{n}</span>
                  {job.skipped > 0 ? (
                    <Typography.Text type="secondary" className="small-text">
                      {t('skippedShort', { count: job.skipped })}
                    </Typography.Text>
                  ) : null}
                </Flex>
              ),
            },
            {
              title: t('failures'),
              dataIndex: 'failures',
              render: (n: number, job) => (
                <Flex vertical>
                  <span className={`num ${n > 0 ? 'fall' : ''}`}>{n}</span>
                  {job.lastError ? (
                    <Tooltip title={job.lastError.message}>
                      <Typography.Text type="secondary" className="small-text">
                        {t('lastErrorAt')} <Moment ms={job.lastError.at} now={now} />
                      </Typography.Text>
                    </Tooltip>
                  ) : null}
                </Flex>
              ),
            },
            {
              title: t('retrying'),
              dataIndex: 'failing',
              render: (failingSlot: SchedulerJob['failing']) =>
                failingSlot ? (
                  <Flex vertical data-testid="scheduler-retrying">
                    <span>
                      {t('slot')} <Moment ms={failingSlot.slotAt} now={now} />
                    </span>
                    <Typography.Text type="secondary" className="small-text">
                      {failingSlot.retryAt === null
                        ? t('attemptsNoRetry', { count: failingSlot.attempts })
                        : t('attemptsRetry', { count: failingSlot.attempts })}{' '}
                      {failingSlot.retryAt !== null ? <Moment ms={failingSlot.retryAt} now={now} /> : null}
                    </Typography.Text>
                  </Flex>
                ) : (
                  <span className="muted">—</span>
                ),
            },
            {
              title: t('state'),
              key: 'state',
              fixed: 'right',
              render: (_: unknown, job) => {
                const state = jobState(job);
                return <StatusTag tone={state.tone}>{t(state.key)}</StatusTag>;
              },
            },
          ]}
        />
      </Card>
    </>
  );
}

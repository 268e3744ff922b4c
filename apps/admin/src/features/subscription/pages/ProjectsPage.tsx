import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Drawer, Flex, InputNumber, Popconfirm, Space, Table } from 'antd';
import { useState } from 'react';
import { Can } from '../../../components/Can';
import { Num } from '../../../components/Num';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { StatusTag, type Tone } from '../../../components/StatusTag';
import { Time } from '../../../components/Time';
import { UserLink } from '../../../components/UserLink';
import { useCommonT } from '../../../lib/locales';
import {
  type AdminSubscriptionApplication,
  type AdminSubscriptionProject,
  useCancelProject,
  useProjectApplications,
  useProjects,
  useSaveProject,
} from '../api';
import { ProjectForm } from '../components/ProjectForm';
import { useSubscriptionT } from '../locales';

const PHASE_TONES: Record<AdminSubscriptionProject['phase'], Tone> = {
  upcoming: 'attention',
  open: 'success',
  calculating: 'progress',
  settled: 'neutral',
  cancelled: 'danger',
};

const STATE_TONES: Record<AdminSubscriptionApplication['state'], Tone> = {
  pending: 'progress',
  allocated: 'success',
  withdrawn: 'neutral',
  refunded: 'neutral',
};

/** One project's applications, largest commitment first: the allocation and its settlement. */
function Applications({ project, onClose }: { project: AdminSubscriptionProject | null; onClose(): void }) {
  const t = useSubscriptionT();
  const common = useCommonT();
  const [page, setPage] = useState(1);
  const [uid, setUid] = useState<number | null>(null);
  const [owner, setOwner] = useState<number | undefined>(undefined);
  const query = useProjectApplications(project?.id ?? null, page, owner);
  return (
    <Drawer
      open={project !== null}
      size={900}
      title={project ? t('applicationsTitle', { token: project.token }) : ''}
      onClose={onClose}
      destroyOnHidden
    >
      <Flex justify="space-between" align="center" gap={8} wrap className="page-section">
        <p className="form-hint">{t('settlementNote')}</p>
        <Space>
          <InputNumber<number> placeholder={t('uid')} min={1} precision={0} value={uid} onChange={(v) => setUid(v)} />
          <Button
            onClick={() => {
              setOwner(uid ?? undefined);
              setPage(1);
            }}
            data-testid="applications-search"
          >
            {common('search')}
          </Button>
        </Space>
      </Flex>
      {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      <Table<AdminSubscriptionApplication>
        rowKey="id"
        size="small"
        loading={query.isFetching}
        dataSource={query.data?.list}
        scroll={{ x: 'max-content' }}
        data-testid="subscription-applications"
        pagination={{ current: page, pageSize: 20, total: query.data?.total ?? 0, onChange: setPage }}
        columns={[
          { title: t('uid'), dataIndex: 'uid', render: (v: number) => <UserLink uid={v} /> },
          {
            title: t('committed'),
            dataIndex: 'committed',
            align: 'right',
            render: (v: string, a) => <Num value={v} suffix={a.quote} />,
          },
          {
            title: t('state'),
            dataIndex: 'state',
            render: (s: AdminSubscriptionApplication['state']) => (
              <StatusTag tone={STATE_TONES[s]}>{t(`state_${s}`)}</StatusTag>
            ),
          },
          {
            title: t('allocation'),
            dataIndex: 'allocation',
            align: 'right',
            render: (v: string | null, a) => (v === null ? '—' : <Num value={v} suffix={a.token} />),
          },
          {
            title: t('cost'),
            dataIndex: 'cost',
            align: 'right',
            render: (v: string | null, a) => (v === null ? '—' : <Num value={v} suffix={a.quote} />),
          },
          {
            title: t('refund'),
            dataIndex: 'refund',
            align: 'right',
            render: (v: string | null, a) => (v === null ? '—' : <Num value={v} suffix={a.quote} />),
          },
          { title: t('createdAt'), dataIndex: 'createdAt', render: (v: number) => <Time ms={v} /> },
          { title: t('settledAt'), dataIndex: 'settledAt', render: (v: number | null) => <Time ms={v} /> },
        ]}
      />
    </Drawer>
  );
}

export default function ProjectsPage() {
  const t = useSubscriptionT();
  const common = useCommonT();
  const { message } = App.useApp();
  const query = useProjects();
  const { update } = useSaveProject();
  const cancel = useCancelProject();
  // null: a new project; a project: editing it; undefined: the form is closed.
  const [editing, setEditing] = useState<AdminSubscriptionProject | null | undefined>(undefined);
  const [viewing, setViewing] = useState<AdminSubscriptionProject | null>(null);

  const togglePause = (p: AdminSubscriptionProject) =>
    update.mutate(
      { id: p.id, body: { paused: !p.paused } },
      { onSuccess: () => void message.success(p.paused ? t('resumedDone') : t('pausedDone')) },
    );

  return (
    <>
      <PageHeader
        title={t('projectsTitle')}
        subtitle={t('projectsSubtitle')}
        extra={
          <Can permission="products.manage">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)} data-testid="project-new">
              {t('newProject')}
            </Button>
          </Can>
        }
      />
      <Card className="page-section">
        {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
        <Table<AdminSubscriptionProject>
          rowKey="id"
          loading={query.isFetching}
          dataSource={query.data}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="subscription-projects"
          columns={[
            {
              title: t('token'),
              key: 'token',
              fixed: 'left',
              render: (_: unknown, p) => (
                <span>
                  <strong>{p.token}</strong> {p.tokenName}
                </span>
              ),
            },
            {
              title: t('phase'),
              key: 'phase',
              render: (_: unknown, p) => (
                <Flex gap={4}>
                  <StatusTag tone={PHASE_TONES[p.phase]}>{t(`phase_${p.phase}`)}</StatusTag>
                  {p.paused ? <StatusTag tone="neutral">{t('paused')}</StatusTag> : null}
                </Flex>
              ),
            },
            {
              title: t('price'),
              dataIndex: 'price',
              align: 'right',
              render: (v: string, p) => <Num value={v} suffix={p.quote} />,
            },
            { title: t('supply'), dataIndex: 'supply', align: 'right', render: (v: string) => <Num value={v} /> },
            {
              title: t('window'),
              key: 'window',
              render: (_: unknown, p) => (
                <span>
                  <Time ms={p.startsAt} /> – <Time ms={p.endsAt} />
                </span>
              ),
            },
            {
              title: `${t('minCommit')} – ${t('maxCommit')}`,
              key: 'limits',
              render: (_: unknown, p) => (
                <span className="num">
                  {p.minCommit} – {p.maxCommit}
                </span>
              ),
            },
            {
              title: t('committed'),
              dataIndex: 'committed',
              align: 'right',
              render: (v: string, p) => <Num value={v} suffix={p.quote} />,
            },
            { title: t('applicants'), dataIndex: 'applicants', align: 'right' },
            {
              title: t('ratio'),
              dataIndex: 'subscribedRatio',
              align: 'right',
              render: (v: string) => <Num value={v} />,
            },
            {
              title: t('allocated'),
              dataIndex: 'allocated',
              align: 'right',
              render: (v: string, p) => <Num value={v} suffix={p.token} />,
            },
            {
              title: t('raised'),
              dataIndex: 'raised',
              align: 'right',
              render: (v: string, p) => <Num value={v} suffix={p.quote} />,
            },
            {
              title: t('refunded'),
              dataIndex: 'refunded',
              align: 'right',
              render: (v: string, p) => <Num value={v} suffix={p.quote} />,
            },
            { title: t('pendingApplications'), dataIndex: 'pendingApplications', align: 'right' },
            {
              title: t('market'),
              dataIndex: 'market',
              render: (v: string | null) => v ?? t('notListed'),
            },
            {
              title: common('actions'),
              key: 'actions',
              fixed: 'right',
              render: (_: unknown, p) => {
                const live = p.phase === 'upcoming' || p.phase === 'open';
                return (
                  <Flex gap={8}>
                    <Button size="small" onClick={() => setViewing(p)} data-testid={`project-applications-${p.token}`}>
                      {t('applications')}
                    </Button>
                    {live ? (
                      <Can permission="products.manage">
                        <Button size="small" onClick={() => setEditing(p)} data-testid={`project-edit-${p.token}`}>
                          {common('edit')}
                        </Button>
                        <Button size="small" onClick={() => togglePause(p)}>
                          {p.paused ? t('resume') : t('pause')}
                        </Button>
                      </Can>
                    ) : null}
                    {live || p.phase === 'calculating' ? (
                      <Can permission="products.manage">
                        <Popconfirm
                          title={t('cancelConfirm', { token: p.token })}
                          onConfirm={() =>
                            cancel.mutate(p.id, { onSuccess: () => void message.success(t('cancelled')) })
                          }
                        >
                          <Button size="small" danger>
                            {t('cancel')}
                          </Button>
                        </Popconfirm>
                      </Can>
                    ) : null}
                  </Flex>
                );
              },
            },
          ]}
        />
      </Card>
      <ProjectForm project={editing ?? null} open={editing !== undefined} onClose={() => setEditing(undefined)} />
      <Applications project={viewing} onClose={() => setViewing(null)} />
    </>
  );
}

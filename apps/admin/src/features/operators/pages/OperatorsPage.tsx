import { KeyOutlined, PlusOutlined, ReloadOutlined, SafetyOutlined } from '@ant-design/icons';
import { OPERATOR_ROLES, type OperatorRole, type OperatorSummary } from '@bourse/contract';
import { App, Button, Card, Flex, Popconfirm, Select, Table, Tag, Tooltip, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { StatusTag } from '../../../components/StatusTag';
import { Time } from '../../../components/Time';
import { formatDateTime } from '../../../lib/format';
import { useCommonT } from '../../../lib/locales';
import { useOperator } from '../../../lib/operator';
import { useOperatorActions, useOperators } from '../api';
import { CreateOperator, RolePermissions } from '../components/CreateOperator';
import { type IssuedPassword, PasswordOnce } from '../components/PasswordOnce';
import { useOperatorsT } from '../locales';

/** A control on one's own row: disabled, saying why (the server refuses it anyway). */
function OwnRow({ self, children }: { self: boolean; children: ReactNode }) {
  const t = useOperatorsT();
  if (!self) return children;
  return (
    <Tooltip title={t('notYourself')}>
      <span className="disabled-wrap">{children}</span>
    </Tooltip>
  );
}

function RoleControl({ row, self }: { row: OperatorSummary; self: boolean }) {
  const t = useOperatorsT();
  const common = useCommonT();
  const { modal, message } = App.useApp();
  const { update } = useOperatorActions();
  return (
    <OwnRow self={self}>
      <Select<OperatorRole>
        value={row.role}
        disabled={self || update.isPending}
        variant="filled"
        className="operators__role"
        popupMatchSelectWidth={false}
        aria-label={t('role')}
        data-testid={`operator-role-${row.id}`}
        options={OPERATOR_ROLES.map((value) => ({ value, label: common(`role_${value}`) }))}
        onChange={(role) => {
          if (role === row.role) return;
          void modal.confirm({
            title: t('roleConfirm', { name: row.name, role: common(`role_${role}`) }),
            content: (
              <>
                <Typography.Paragraph type="secondary">{t('roleConfirmText')}</Typography.Paragraph>
                <RolePermissions role={role} />
              </>
            ),
            okText: t('changeRole'),
            cancelText: common('cancel'),
            onOk: () =>
              update
                .mutateAsync({ id: row.id, change: { role } })
                .then(() => void message.success(t('roleChanged')))
                .catch(() => undefined),
          });
        }}
      />
    </OwnRow>
  );
}

function RowActions({
  row,
  self,
  onIssued,
}: {
  row: OperatorSummary;
  self: boolean;
  onIssued(issued: IssuedPassword): void;
}) {
  const t = useOperatorsT();
  const common = useCommonT();
  const { message } = App.useApp();
  const { update, resetPassword, resetTwoFactor } = useOperatorActions();
  const disabling = row.status === 'active';
  return (
    <Flex gap={4} wrap={false}>
      <OwnRow self={self}>
        <Popconfirm
          title={disabling ? t('disableConfirm', { name: row.name }) : t('enableConfirm', { name: row.name })}
          description={disabling ? t('disableConfirmText') : t('enableConfirmText')}
          okText={disabling ? t('disable') : t('enable')}
          okButtonProps={{ danger: disabling }}
          cancelText={common('cancel')}
          disabled={self}
          onConfirm={() =>
            update.mutate(
              { id: row.id, change: { status: disabling ? 'disabled' : 'active' } },
              { onSuccess: () => void message.success(disabling ? t('disabled') : t('enabled')) },
            )
          }
        >
          <Button size="small" danger={disabling} disabled={self} data-testid={`operator-status-${row.id}`}>
            {disabling ? t('disable') : t('enable')}
          </Button>
        </Popconfirm>
      </OwnRow>
      <OwnRow self={self}>
        <Popconfirm
          title={t('resetPasswordConfirm', { name: row.name })}
          description={t('resetPasswordConfirmText')}
          okText={t('resetPassword')}
          cancelText={common('cancel')}
          disabled={self}
          onConfirm={() =>
            resetPassword.mutate(row.id, {
              onSuccess: (result) => onIssued({ operator: result.operator, password: result.password, kind: 'reset' }),
            })
          }
        >
          <Button size="small" icon={<KeyOutlined />} disabled={self} data-testid={`operator-reset-password-${row.id}`}>
            {t('resetPassword')}
          </Button>
        </Popconfirm>
      </OwnRow>
      <OwnRow self={self}>
        <Popconfirm
          title={t('resetTwoFactorConfirm', { name: row.name })}
          description={t('resetTwoFactorConfirmText')}
          okText={t('resetTwoFactor')}
          cancelText={common('cancel')}
          disabled={self || !row.twoFactor}
          onConfirm={() =>
            resetTwoFactor.mutate(row.id, { onSuccess: () => void message.success(t('twoFactorReset')) })
          }
        >
          <Button
            size="small"
            icon={<SafetyOutlined />}
            disabled={self || !row.twoFactor}
            data-testid={`operator-reset-2fa-${row.id}`}
          >
            {t('resetTwoFactor')}
          </Button>
        </Popconfirm>
      </OwnRow>
    </Flex>
  );
}

/** The console's operators: who, with which role, signed in when; create them, change their role or status, reset. */
export default function OperatorsPage() {
  const t = useOperatorsT();
  const common = useCommonT();
  const me = useOperator();
  const query = useOperators();
  const [creating, setCreating] = useState(false);
  const [issued, setIssued] = useState<IssuedPassword | null>(null);

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        extra={
          <>
            <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()} loading={query.isFetching}>
              {common('refresh')}
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="operator-new">
              {t('newOperator')}
            </Button>
          </>
        }
      />
      <Card>
        {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
        <Table<OperatorSummary>
          rowKey="id"
          loading={query.isPending}
          dataSource={query.data}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="operator-table"
          rowClassName={(row) => (row.status === 'disabled' ? 'row--muted' : '')}
          columns={[
            {
              title: t('name'),
              dataIndex: 'name',
              render: (name: string, row) => (
                <Flex vertical>
                  <span>
                    <strong>{name}</strong>
                    {row.id === me?.id ? (
                      <Tag variant="filled" color="gold" className="operators__you">
                        {t('you')}
                      </Tag>
                    ) : null}
                  </span>
                  <Typography.Text type="secondary">{row.email}</Typography.Text>
                </Flex>
              ),
            },
            {
              title: t('role'),
              dataIndex: 'role',
              render: (_: OperatorRole, row) => <RoleControl row={row} self={row.id === me?.id} />,
            },
            {
              title: common('status'),
              dataIndex: 'status',
              render: (status: OperatorSummary['status']) =>
                status === 'active' ? (
                  <StatusTag tone="success">{common('active')}</StatusTag>
                ) : (
                  <StatusTag tone="danger">{common('disabled')}</StatusTag>
                ),
            },
            {
              title: t('twoFactor'),
              dataIndex: 'twoFactor',
              render: (on: boolean) =>
                on ? (
                  <StatusTag tone="success">{common('on')}</StatusTag>
                ) : (
                  <StatusTag tone="attention">{t('twoFactorPending')}</StatusTag>
                ),
            },
            {
              title: t('lastLogin'),
              dataIndex: 'lastLoginAt',
              render: (ms: number | null, row) => (
                <Flex vertical>
                  {ms === null ? <span className="muted">{t('never')}</span> : <Time ms={ms} />}
                  <Typography.Text type="secondary" className="small-text">
                    {t('createdOn', { date: formatDateTime(row.createdAt).slice(0, 10) })}
                  </Typography.Text>
                </Flex>
              ),
            },
            {
              title: common('actions'),
              key: 'actions',
              render: (_: unknown, row) => <RowActions row={row} self={row.id === me?.id} onIssued={setIssued} />,
            },
          ]}
        />
      </Card>
      <CreateOperator
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(next) => {
          setCreating(false);
          setIssued(next);
        }}
      />
      <PasswordOnce issued={issued} onDone={() => setIssued(null)} />
    </>
  );
}

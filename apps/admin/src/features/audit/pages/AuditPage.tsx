import { type AuditEntry } from '@bourse/contract';
import { AutoComplete, Button, Card, Col, Descriptions, Flex, Input, Row, Segmented, Table, Tag } from 'antd';
import { useMemo } from 'react';
import { JsonBlock } from '../../../components/JsonBlock';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { StatusTag } from '../../../components/StatusTag';
import { Time } from '../../../components/Time';
import { pagedTable, useListParams } from '../../../hooks/useListParams';
import { useCommonT } from '../../../lib/locales';
import { useAudit } from '../api';
import { useAuditT } from '../locales';
import { auditRoutePrefixes } from '../routes';

type Filter = 'operatorId' | 'route' | 'target' | 'outcome';

export default function AuditPage() {
  const t = useAuditT();
  const common = useCommonT();
  const list = useListParams<Filter>({ size: 50 });
  const operatorId = list.filter('operatorId');
  const route = list.filter('route');
  const target = list.filter('target');
  const outcome = list.filter('outcome');
  const prefixes = useMemo(() => auditRoutePrefixes().map((value) => ({ value })), []);
  const query = useAudit({
    operatorId: operatorId && /^\d+$/.test(operatorId) ? Number(operatorId) : undefined,
    route,
    target,
    outcome: outcome === 'done' || outcome === 'refused' ? outcome : undefined,
    page: list.page,
    size: list.size,
  });
  const filtered = Boolean(operatorId || route || target || outcome);

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Card>
        <Row gutter={[12, 12]} className="filters" align="middle">
          <Col>
            <Segmented<string>
              value={outcome ?? ''}
              onChange={(value) => list.setFilters({ outcome: value })}
              options={[
                { value: '', label: common('all') },
                { value: 'done', label: t('outcome_done') },
                { value: 'refused', label: t('outcome_refused') },
              ]}
              data-testid="audit-outcome-filter"
            />
          </Col>
          <Col>
            <Input.Search
              key={`op-${operatorId ?? ''}`}
              allowClear
              defaultValue={operatorId}
              placeholder={t('operatorId')}
              inputMode="numeric"
              onSearch={(value) => list.setFilters({ operatorId: value.trim() })}
              className="audit__operator"
            />
          </Col>
          <Col flex="1 1 320px">
            <AutoComplete
              key={`route-${route ?? ''}`}
              defaultValue={route}
              options={prefixes}
              filterOption={(input, option) => option?.value.toLowerCase().includes(input.toLowerCase()) ?? false}
              onSelect={(value: string) => list.setFilters({ route: value })}
              className="full-width"
            >
              <Input.Search
                allowClear
                placeholder={t('routePrefix')}
                className="mono"
                onSearch={(value) => list.setFilters({ route: value.trim() })}
              />
            </AutoComplete>
          </Col>
          <Col>
            <Input.Search
              key={`target-${target ?? ''}`}
              allowClear
              defaultValue={target}
              placeholder={t('target')}
              onSearch={(value) => list.setFilters({ target: value.trim() })}
              className="audit__target"
            />
          </Col>
          {filtered ? (
            <Col>
              <Button
                onClick={() =>
                  list.setFilters({ operatorId: undefined, route: undefined, target: undefined, outcome: undefined })
                }
              >
                {t('clearFilters')}
              </Button>
            </Col>
          ) : null}
        </Row>
        {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
        <Table<AuditEntry>
          {...pagedTable(query, list)}
          size="middle"
          data-testid="audit-table"
          expandable={{
            expandedRowRender: (row) => (
              <Descriptions
                column={2}
                layout="vertical"
                size="small"
                items={[
                  { label: t('change'), children: <JsonBlock value={row.change} /> },
                  { label: t('result'), children: <JsonBlock value={row.result} /> },
                ]}
              />
            ),
          }}
          columns={[
            { title: t('time'), dataIndex: 'createdAt', render: (ms: number) => <Time ms={ms} /> },
            {
              title: t('operator'),
              key: 'operator',
              render: (_: unknown, row) => (
                <Flex gap={6} align="center">
                  <Button
                    type="link"
                    size="small"
                    className="audit__operator-link"
                    title={t('filterByOperator')}
                    onClick={() => list.setFilters({ operatorId: String(row.operatorId) })}
                  >
                    {row.operatorEmail}
                  </Button>
                  <Tag>{common(`role_${row.role}`)}</Tag>
                </Flex>
              ),
            },
            { title: t('route'), dataIndex: 'route', render: (value: string) => <span className="mono">{value}</span> },
            {
              title: t('target'),
              dataIndex: 'target',
              render: (value: string | null) => (value ? <span className="mono">{value}</span> : '—'),
            },
            {
              title: t('outcome'),
              dataIndex: 'outcome',
              render: (value: AuditEntry['outcome']) => (
                <StatusTag tone={value === 'done' ? 'success' : 'danger'}>{t(`outcome_${value}`)}</StatusTag>
              ),
            },
            {
              title: t('ip'),
              dataIndex: 'ip',
              render: (ip: string | null) => <span className="mono">{ip ?? '—'}</span>,
            },
          ]}
        />
      </Card>
    </>
  );
}

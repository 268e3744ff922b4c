import type { JournalEntry, JournalLeg } from '@bourse/contract';
import { Alert, Card, Flex, Input, Table } from 'antd';
import { useState } from 'react';
import { JsonBlock } from '../../../components/JsonBlock';
import { Num } from '../../../components/Num';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { StatusTag } from '../../../components/StatusTag';
import { Time } from '../../../components/Time';
import { UserLink } from '../../../components/UserLink';
import { pagedTable, useListParams } from '../../../hooks/useListParams';
import { useJournal } from '../api';
import { useLedgerT } from '../locales';

/** What the server accepts: at least 3 characters, a `*` only at the end (a prefix) with 3 before it. */
export const searchable = (value: string) => value.replace(/\*$/, '').length >= 3 && !value.slice(0, -1).includes('*');

/** Journal entries by reference (exact, or a prefix ending with `*`), newest first, each with its legs. */
export default function JournalPage() {
  const t = useLedgerT();
  const list = useListParams<'reference'>();
  const reference = list.filter('reference');
  const valid = reference !== undefined && searchable(reference);
  const query = useJournal(valid ? reference : undefined, list.page, list.size);
  const [folded, setFolded] = useState<ReadonlySet<number>>(new Set());

  return (
    <>
      <PageHeader title={t('journalTitle')} subtitle={t('journalSubtitle')} />
      <Card>
        <Flex vertical gap={16}>
          <Input.Search
            key={reference}
            defaultValue={reference}
            allowClear
            enterButton={t('search')}
            size="large"
            placeholder={t('journalPlaceholder')}
            aria-label={t('journalPlaceholder')}
            onSearch={(value) => list.setFilters({ reference: value.trim() })}
            data-testid="journal-search"
          />
          {reference !== undefined && !valid ? <Alert type="warning" showIcon title={t('tooShort')} /> : null}
          {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
          {valid ? (
            <Table<JournalEntry>
              {...pagedTable(query, list)}
              locale={{ emptyText: t('noEntries') }}
              data-testid="journal-table"
              expandable={{
                // Every entry opens with its legs (the point of the search); the operator may fold one away.
                expandedRowKeys: (query.data?.list ?? []).map((e) => e.id).filter((id) => !folded.has(id)),
                onExpand: (open, entry) =>
                  setFolded((current) => {
                    const next = new Set(current);
                    if (open) next.delete(entry.id);
                    else next.add(entry.id);
                    return next;
                  }),
                expandedRowRender: (entry) => <Legs entry={entry} />,
              }}
              columns={[
                { title: t('entry'), dataIndex: 'id', render: (v: number) => <span className="num">#{v}</span> },
                { title: t('time'), dataIndex: 'createdAt', render: (v: number) => <Time ms={v} /> },
                {
                  title: t('reference'),
                  dataIndex: 'reference',
                  render: (v: string) => <strong className="mono">{v}</strong>,
                },
                { title: t('reason'), dataIndex: 'reason', render: (v: string) => <span className="mono">{v}</span> },
              ]}
            />
          ) : null}
        </Flex>
      </Card>
    </>
  );
}

function Legs({ entry }: { entry: JournalEntry }) {
  const t = useLedgerT();
  return (
    <Flex vertical gap={8}>
      <Table<JournalLeg>
        rowKey={(_, index) => String(index)}
        dataSource={entry.legs}
        pagination={false}
        size="small"
        title={() => t('legs_')}
        data-testid={`journal-legs-${entry.id}`}
        columns={[
          {
            title: t('account'),
            key: 'owner',
            render: (_: unknown, leg) =>
              leg.owner === 'user' && leg.uid !== null ? (
                <UserLink uid={leg.uid} />
              ) : (
                <strong className="mono">{leg.system}</strong>
              ),
          },
          { title: t('wallet'), dataIndex: 'wallet' },
          { title: t('asset'), dataIndex: 'asset' },
          {
            title: t('sub'),
            dataIndex: 'sub',
            render: (v: string) =>
              v === '' ? <span className="muted">{t('mainPot')}</span> : <span className="mono">{v}</span>,
          },
          {
            title: t('bucket'),
            dataIndex: 'bucket',
            render: (v: JournalLeg['bucket']) => (
              <StatusTag tone={v === 'frozen' ? 'attention' : 'neutral'}>{t(`bucket_${v}`)}</StatusTag>
            ),
          },
          { title: t('amount'), dataIndex: 'amount', align: 'right', render: (v: string) => <Num value={v} /> },
          {
            title: t('holder'),
            dataIndex: 'holder',
            render: (v: string | null) =>
              v === null ? <span className="muted">—</span> : <span className="mono">{v}</span>,
          },
        ]}
      />
      {entry.meta ? (
        <div>
          <div className="muted">{t('meta')}</div>
          <JsonBlock value={entry.meta} />
        </div>
      ) : null}
    </Flex>
  );
}

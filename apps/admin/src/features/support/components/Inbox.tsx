import { PaperClipOutlined } from '@ant-design/icons';
import type { RouteData, supportAdminApi } from '@bourse/contract';
import { Badge, Card, Empty, Flex, Pagination, Segmented, Skeleton, Typography } from 'antd';
import { QueryError } from '../../../components/QueryError';
import type { InboxStatus } from '../api';
import { useInbox } from '../api';
import { shortTime } from '../polling';
import { useSupportT } from '../locales';

type InboxItem = RouteData<typeof supportAdminApi.inbox>['list'][number];

interface InboxProps {
  status: InboxStatus;
  page: number;
  size: number;
  poll: number | false;
  selected: number | null;
  onStatus(status: InboxStatus): void;
  onPage(page: number): void;
  onSelect(id: number): void;
}

function Preview({ item }: { item: InboxItem }) {
  const t = useSupportT();
  const last = item.lastMessage;
  if (!last) return <span className="muted">{t('noMessages')}</span>;
  const text = last.body || (last.attachmentId !== null ? t('image') : '');
  return (
    <span className="support-inbox__preview">
      {last.author === 'operator' ? (
        <span className="muted">{t('previewOperator', { name: last.operatorName ?? t('operator') })} </span>
      ) : null}
      {last.attachmentId !== null ? <PaperClipOutlined /> : null} {text}
    </span>
  );
}

/** Conversations, unread first then most recent (the server's order), with their unread counts and last message. */
export function Inbox({ status, page, size, poll, selected, onStatus, onPage, onSelect }: InboxProps) {
  const t = useSupportT();
  const query = useInbox(status, page, size, poll);
  const now = Date.now();
  return (
    <Card
      className="support-inbox"
      classNames={{ body: 'support-inbox__body' }}
      title={t('inbox')}
      extra={
        <Segmented<InboxStatus>
          size="small"
          value={status}
          onChange={onStatus}
          options={[
            { value: 'open', label: t('statusOpen') },
            { value: 'closed', label: t('statusClosed') },
          ]}
          data-testid="support-status"
        />
      }
    >
      {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.isPending ? <Skeleton active paragraph={{ rows: 6 }} className="support-inbox__skeleton" /> : null}
      {query.data && query.data.list.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={status === 'open' ? t('inboxEmpty') : t('closedEmpty')}
        />
      ) : null}
      <div className="support-inbox__list" data-testid="support-inbox">
        {query.data?.list.map((item) => {
          const id = item.conversation.id;
          return (
            <button
              key={id}
              type="button"
              className={`support-inbox__item${id === selected ? ' support-inbox__item--selected' : ''}${item.unread > 0 ? ' support-inbox__item--unread' : ''}`}
              onClick={() => onSelect(id)}
              aria-current={id === selected ? 'true' : undefined}
              data-testid={`support-conversation-${id}`}
            >
              <Flex justify="space-between" align="center" gap={8}>
                <Typography.Text strong ellipsis className="support-inbox__who">
                  {item.nickname ?? t('userUid', { uid: item.uid })}
                  {item.nickname ? (
                    <Typography.Text type="secondary" className="support-inbox__uid num">
                      {' '}
                      {item.uid}
                    </Typography.Text>
                  ) : null}
                </Typography.Text>
                <span className="support-inbox__time num">{shortTime(item.conversation.lastMessageAt, now)}</span>
              </Flex>
              <Flex justify="space-between" align="center" gap={8}>
                <Preview item={item} />
                {item.unread > 0 ? (
                  <Badge count={item.unread} className="support-inbox__badge" data-testid={`support-unread-${id}`} />
                ) : null}
              </Flex>
            </button>
          );
        })}
      </div>
      {query.data && query.data.total > size ? (
        <Pagination
          size="small"
          simple
          current={page}
          pageSize={size}
          total={query.data.total}
          onChange={onPage}
          className="support-inbox__pages"
        />
      ) : null}
    </Card>
  );
}

import { PauseCircleOutlined, ReloadOutlined, SyncOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Skeleton, Tooltip, Typography } from 'antd';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { type InboxStatus, SUPPORT_POLL_MS, supportKeys, useConversation } from '../api';
import { Conversation } from '../components/Conversation';
import { Inbox } from '../components/Inbox';
import { UserContext } from '../components/UserContext';
import { useDeskPolling } from '../polling';
import { useSupportT } from '../locales';

const INBOX_SIZE = 20;

/**
 * Customer service: the inbox, the conversation opened from it, and who the user is beside it. Both are fetched again
 * every few seconds while the page is in front of an operator at the desk (the console has no live channel).
 */
export default function SupportPage() {
  const t = useSupportT();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const param = useParams().id;
  const id = param && /^\d+$/.test(param) ? Number(param) : null;
  const [params, setParams] = useSearchParams();
  const status: InboxStatus = params.get('status') === 'closed' ? 'closed' : 'open';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const poll = useDeskPolling(SUPPORT_POLL_MS);
  const conversation = useConversation(id, poll);

  const search = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    return next;
  };

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        extra={
          <>
            <Tooltip title={poll ? t('liveHint', { seconds: SUPPORT_POLL_MS / 1000 }) : t('pausedHint')}>
              <Typography.Text type="secondary" className="support__live" data-testid="support-live">
                {poll ? <SyncOutlined /> : <PauseCircleOutlined />} {poll ? t('live') : t('paused')}
              </Typography.Text>
            </Tooltip>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => void queryClient.invalidateQueries({ queryKey: supportKeys.all })}
            >
              {t('refresh')}
            </Button>
          </>
        }
      />
      <div className="support">
        <Inbox
          status={status}
          page={page}
          size={INBOX_SIZE}
          poll={poll}
          selected={id}
          onStatus={(next) => setParams(search({ status: next === 'open' ? null : next, page: null }))}
          onPage={(next) => setParams(search({ page: next === 1 ? null : String(next) }))}
          onSelect={(next) => void navigate({ pathname: `/support/${next}`, search: params.toString() })}
        />
        {id === null ? (
          <Card className="support-chat support-chat--empty">
            <Empty description={t('choose')} />
          </Card>
        ) : conversation.isError ? (
          <Card className="support-chat">
            <QueryError error={conversation.error} onRetry={() => void conversation.refetch()} />
          </Card>
        ) : conversation.data ? (
          // One conversation, one view: what was marked read and the scroll position start again with another.
          <Conversation key={id} detail={conversation.data} />
        ) : (
          <Card className="support-chat">
            <Skeleton active paragraph={{ rows: 8 }} />
          </Card>
        )}
        <div className="support__side">
          {conversation.data && id !== null ? (
            <UserContext user={conversation.data.user} />
          ) : (
            <Card size="small" className="support-context">
              <Typography.Text type="secondary">{t('contextHint')}</Typography.Text>
            </Card>
          )}
        </div>
      </div>
    </>
  );
}

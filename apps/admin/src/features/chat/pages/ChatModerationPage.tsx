import {
  CHAT_ROOMS,
  CHAT_WORD_MAX,
  type ChatMessage,
  type ChatMute,
  type ChatReportReason,
  communityAdminApi,
  type ChatRoomKey,
} from '@bourse/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Form,
  Image,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Segmented,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { Time } from '../../../components/Time';
import { UserLink } from '../../../components/UserLink';
import { formatDateTime } from '../../../lib/format';
import { useChatT } from '../locales';
import { api } from '../../../lib/client';

const KEY = ['chat-moderation'] as const;

const REASON_KEYS = {
  spam: 'reasonSpam',
  abuse: 'reasonAbuse',
  scam: 'reasonScam',
  other: 'reasonOther',
} as const satisfies Record<ChatReportReason, string>;

const DURATIONS = [
  { minutes: 10, key: 'minutes10' },
  { minutes: 60, key: 'hour1' },
  { minutes: 1440, key: 'day1' },
  { minutes: 10_080, key: 'days7' },
  { minutes: 43_200, key: 'days30' },
] as const;

/** What a message said (moderators see what a removed one said too), its image, and whether it is still shown. */
function MessageCell({ message }: { message: ChatMessage }) {
  const t = useChatT();
  return (
    <Space direction="vertical" size={4}>
      {message.body !== '' && (
        <Typography.Text delete={message.removed !== null} style={{ whiteSpace: 'pre-wrap' }}>
          {message.body}
        </Typography.Text>
      )}
      {message.image && <Image src={message.image} width={64} height={64} style={{ objectFit: 'cover' }} />}
      {message.removed !== null && (
        <Tag color="default">{message.removed === 'moderator' ? t('removedByModerator') : t('removedByAuthor')}</Tag>
      )}
    </Space>
  );
}

function Author({ message }: { message: ChatMessage }) {
  return (
    <Space direction="vertical" size={0}>
      <span>{message.nickname ?? '—'}</span>
      <UserLink uid={message.uid} />
    </Space>
  );
}

/** Delete and mute, the two things a moderator does to a message and its author. */
function MessageActions({ message, onMute }: { message: ChatMessage; onMute(uid: number): void }) {
  const t = useChatT();
  const client = useQueryClient();
  const { message: toast } = App.useApp();
  const remove = useMutation({
    mutationFn: () => api.call(communityAdminApi.remove, { params: { id: message.id } }),
    onSuccess: () => {
      void toast.success(t('deleted'));
      void client.invalidateQueries({ queryKey: KEY });
    },
  });
  return (
    <Space wrap>
      <Popconfirm title={t('deleteConfirm')} okText={t('delete')} onConfirm={() => remove.mutate()}>
        <Button danger size="small" disabled={message.removed !== null} loading={remove.isPending}>
          {t('delete')}
        </Button>
      </Popconfirm>
      <Button size="small" onClick={() => onMute(message.uid)}>
        {t('mute')}
      </Button>
    </Space>
  );
}

function MuteModal({ uid, onClose }: { uid: number | null; onClose(): void }) {
  const t = useChatT();
  const client = useQueryClient();
  const { message: toast } = App.useApp();
  const [form] = Form.useForm<{ minutes: number; reason: string }>();
  const mute = useMutation({
    mutationFn: (values: { minutes: number; reason: string }) =>
      api.call(communityAdminApi.mute, { body: { uid: uid ?? 0, minutes: values.minutes, reason: values.reason } }),
    onSuccess: (answer) => {
      void toast.success(t('muted', { time: formatDateTime(answer.until) }));
      void client.invalidateQueries({ queryKey: KEY });
      onClose();
    },
  });
  return (
    <Modal
      open={uid !== null}
      title={t('muteTitle', { uid: uid ?? '' })}
      okText={t('mute')}
      okButtonProps={{ danger: true, loading: mute.isPending, htmlType: 'submit' }}
      onCancel={onClose}
      destroyOnHidden
      modalRender={(node) => (
        <Form
          form={form}
          layout="vertical"
          initialValues={{ minutes: 60 }}
          onFinish={(values) => mute.mutate({ minutes: values.minutes, reason: values.reason.trim() })}
          clearOnDestroy
        >
          {node}
        </Form>
      )}
    >
      <Form.Item name="minutes" label={t('muteFor')} rules={[{ required: true }]}>
        <Select options={DURATIONS.map((d) => ({ value: d.minutes, label: t(d.key) }))} />
      </Form.Item>
      <Form.Item name="reason" label={t('muteReason')} rules={[{ required: true, whitespace: true, max: 200 }]}>
        <Input.TextArea rows={2} maxLength={200} />
      </Form.Item>
    </Modal>
  );
}

function ReportsTab({ onMute }: { onMute(uid: number): void }) {
  const t = useChatT();
  const client = useQueryClient();
  const { message: toast } = App.useApp();
  const [status, setStatus] = useState<'open' | 'closed'>('open');
  const [page, setPage] = useState(1);
  const reports = useQuery({
    queryKey: [...KEY, 'reports', status, page],
    queryFn: () => api.call(communityAdminApi.reports, { query: { status, page, size: 20 } }),
  });
  const dismiss = useMutation({
    mutationFn: (id: number) => api.call(communityAdminApi.dismiss, { params: { id } }),
    onSuccess: () => {
      void toast.success(t('dismissedDone'));
      void client.invalidateQueries({ queryKey: KEY });
    },
  });
  type Row = NonNullable<typeof reports.data>['list'][number];
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Segmented<'open' | 'closed'>
        value={status}
        onChange={(value) => {
          setStatus(value);
          setPage(1);
        }}
        options={[
          { value: 'open', label: t('open') },
          { value: 'closed', label: t('closed') },
        ]}
      />
      {reports.isError && <QueryError error={reports.error} onRetry={() => void reports.refetch()} />}
      <Table<Row>
        rowKey={(row) => row.message.id}
        size="small"
        data-testid="chat-reports"
        loading={reports.isFetching}
        dataSource={reports.data?.list}
        pagination={{ current: page, pageSize: 20, total: reports.data?.total ?? 0, onChange: setPage }}
        columns={[
          { title: t('message'), key: 'message', render: (_, row) => <MessageCell message={row.message} /> },
          { title: t('author'), key: 'author', render: (_, row) => <Author message={row.message} /> },
          { title: t('room'), key: 'room', render: (_, row) => row.message.room },
          { title: t('count'), dataIndex: 'reports', className: 'num' },
          {
            title: t('reasons'),
            key: 'reasons',
            render: (_, row) =>
              row.reasons.map((r) => (
                <Tag key={r.reason}>
                  {t(REASON_KEYS[r.reason])} × {r.count}
                </Tag>
              )),
          },
          { title: t('firstReported'), key: 'first', render: (_, row) => <Time ms={row.firstReportedAt} /> },
          status === 'open'
            ? {
                title: t('actions'),
                key: 'actions',
                render: (_, row) => (
                  <Space wrap>
                    <MessageActions message={row.message} onMute={onMute} />
                    <Button size="small" loading={dismiss.isPending} onClick={() => dismiss.mutate(row.message.id)}>
                      {t('dismiss')}
                    </Button>
                    {row.authorMutedUntil !== null && (
                      <Tag color="orange">{t('mutedUntil', { time: formatDateTime(row.authorMutedUntil) })}</Tag>
                    )}
                  </Space>
                ),
              }
            : {
                title: t('outcome'),
                key: 'outcome',
                render: (_, row) => (row.outcome === 'removed' ? t('removed') : t('dismissed')),
              },
        ]}
      />
    </Space>
  );
}

function MessagesTab({ onMute }: { onMute(uid: number): void }) {
  const t = useChatT();
  const [room, setRoom] = useState<ChatRoomKey | undefined>();
  const [uid, setUid] = useState<number | undefined>();
  const [page, setPage] = useState(1);
  const messages = useQuery({
    queryKey: [...KEY, 'messages', room, uid, page],
    queryFn: () => api.call(communityAdminApi.messages, { query: { room, uid, page, size: 30 } }),
  });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Select<ChatRoomKey | ''>
          style={{ width: 160 }}
          value={room ?? ''}
          aria-label={t('room')}
          onChange={(value) => {
            setRoom(value === '' ? undefined : value);
            setPage(1);
          }}
          options={[{ value: '', label: t('allRooms') }, ...CHAT_ROOMS.map((key) => ({ value: key, label: key }))]}
        />
        <InputNumber<number>
          placeholder={t('authorUid')}
          aria-label={t('authorUid')}
          min={1}
          style={{ width: 160 }}
          value={uid ?? null}
          onChange={(value) => {
            setUid(value ?? undefined);
            setPage(1);
          }}
        />
      </Space>
      {messages.isError && <QueryError error={messages.error} onRetry={() => void messages.refetch()} />}
      <Table<ChatMessage>
        rowKey="id"
        size="small"
        data-testid="chat-messages"
        loading={messages.isFetching}
        dataSource={messages.data?.list}
        pagination={{ current: page, pageSize: 30, total: messages.data?.total ?? 0, onChange: setPage }}
        columns={[
          { title: t('sentAt'), key: 'at', render: (_, m) => <Time ms={m.createdAt} /> },
          { title: t('room'), dataIndex: 'room' },
          { title: t('author'), key: 'author', render: (_, m) => <Author message={m} /> },
          { title: t('message'), key: 'message', render: (_, m) => <MessageCell message={m} /> },
          { title: t('actions'), key: 'actions', render: (_, m) => <MessageActions message={m} onMute={onMute} /> },
        ]}
      />
    </Space>
  );
}

function MutesTab({ onMute }: { onMute(uid: number): void }) {
  const t = useChatT();
  const client = useQueryClient();
  const { message: toast } = App.useApp();
  const [uid, setUid] = useState<number | null>(null);
  const mutes = useQuery({ queryKey: [...KEY, 'mutes'], queryFn: () => api.call(communityAdminApi.mutes) });
  const lift = useMutation({
    mutationFn: (who: number) => api.call(communityAdminApi.unmute, { params: { uid: who } }),
    onSuccess: () => {
      void toast.success(t('lifted'));
      void client.invalidateQueries({ queryKey: KEY });
    },
  });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space.Compact>
        <InputNumber<number>
          placeholder={t('uid')}
          aria-label={t('uid')}
          min={1}
          style={{ width: 180 }}
          value={uid}
          onChange={setUid}
        />
        <Button type="primary" danger disabled={uid === null} onClick={() => uid !== null && onMute(uid)}>
          {t('mute')}
        </Button>
      </Space.Compact>
      {mutes.isError && <QueryError error={mutes.error} onRetry={() => void mutes.refetch()} />}
      <Table<ChatMute>
        rowKey="uid"
        size="small"
        data-testid="chat-mutes"
        loading={mutes.isFetching}
        dataSource={mutes.data}
        pagination={false}
        locale={{ emptyText: t('noMutes') }}
        columns={[
          { title: t('uid'), key: 'uid', render: (_, m) => <UserLink uid={m.uid} /> },
          { title: t('nickname'), key: 'nickname', render: (_, m) => m.nickname ?? '—' },
          { title: t('until'), key: 'until', render: (_, m) => <Time ms={m.until} /> },
          { title: t('reason'), dataIndex: 'reason' },
          {
            title: t('actions'),
            key: 'actions',
            render: (_, m) => (
              <Button size="small" loading={lift.isPending} onClick={() => lift.mutate(m.uid)}>
                {t('lift')}
              </Button>
            ),
          },
        ]}
      />
    </Space>
  );
}

function WordsTab() {
  const t = useChatT();
  const client = useQueryClient();
  const { message: toast } = App.useApp();
  const [word, setWord] = useState('');
  const words = useQuery({ queryKey: [...KEY, 'words'], queryFn: () => api.call(communityAdminApi.words) });
  const add = useMutation({
    mutationFn: () => api.call(communityAdminApi.addWord, { body: { word } }),
    onSuccess: (list) => {
      setWord('');
      void toast.success(t('wordAdded'));
      client.setQueryData([...KEY, 'words'], list);
    },
  });
  const remove = useMutation({
    mutationFn: (w: string) => api.call(communityAdminApi.removeWord, { body: { word: w } }),
    onSuccess: (list) => {
      void toast.success(t('wordRemoved'));
      client.setQueryData([...KEY, 'words'], list);
    },
  });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('wordsHint')}</Typography.Text>
      <Space.Compact>
        <Input
          value={word}
          maxLength={CHAT_WORD_MAX}
          placeholder={t('wordPlaceholder')}
          aria-label={t('word')}
          style={{ width: 240 }}
          onChange={(e) => setWord(e.target.value)}
          onPressEnter={() => word.trim() !== '' && add.mutate()}
        />
        <Button type="primary" disabled={word.trim() === ''} loading={add.isPending} onClick={() => add.mutate()}>
          {t('addWord')}
        </Button>
      </Space.Compact>
      {words.isError && <QueryError error={words.error} onRetry={() => void words.refetch()} />}
      <Table
        rowKey="word"
        size="small"
        data-testid="chat-words"
        loading={words.isFetching}
        dataSource={words.data}
        pagination={false}
        columns={[
          { title: t('word'), dataIndex: 'word' },
          { title: t('added'), key: 'added', render: (_, w) => <Time ms={w.createdAt} /> },
          {
            title: t('actions'),
            key: 'actions',
            render: (_, w) => (
              <Button size="small" onClick={() => remove.mutate(w.word)} loading={remove.isPending}>
                {t('remove')}
              </Button>
            ),
          },
        ]}
      />
    </Space>
  );
}

/** Community chat moderation: reports, messages, mutes, the word filter. */
export default function ChatModerationPage() {
  const t = useChatT();
  const [muting, setMuting] = useState<number | null>(null);
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Card>
        <Tabs
          items={[
            { key: 'reports', label: t('reports'), children: <ReportsTab onMute={setMuting} /> },
            { key: 'messages', label: t('messages'), children: <MessagesTab onMute={setMuting} /> },
            { key: 'mutes', label: t('mutes'), children: <MutesTab onMute={setMuting} /> },
            { key: 'words', label: t('words'), children: <WordsTab /> },
          ]}
        />
      </Card>
      <MuteModal uid={muting} onClose={() => setMuting(null)} />
    </>
  );
}

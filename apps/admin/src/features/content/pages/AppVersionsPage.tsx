import { PlusOutlined } from '@ant-design/icons';
import { APP_PLATFORMS, AppVersionInput, type ContentAppVersion, type Lang } from '@bourse/contract';
import {
  App,
  Button,
  Card,
  Drawer,
  Flex,
  Form,
  Input,
  InputNumber,
  Select,
  Switch,
  Table,
  Tabs,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { StatusTag } from '../../../components/StatusTag';
import { Time } from '../../../components/Time';
import { useCommonT } from '../../../lib/locales';
import { schemaRule } from '../../../lib/rules';
import { useAppVersions, usePublishVersion } from '../api';
import { CONTENT_LANGS, keepFilled } from '../components/languages';
import { useContentT } from '../locales';

type Platform = (typeof APP_PLATFORMS)[number];

interface Values {
  type: Platform;
  version: string;
  versionCode: number;
  url: string;
  force: boolean;
  notes: Record<Lang, string | undefined>;
}

/** The newest build of each platform: what the update check offers now. */
function currentBuilds(versions: readonly ContentAppVersion[]): Map<Platform, ContentAppVersion> {
  const current = new Map<Platform, ContentAppVersion>();
  for (const version of versions) {
    const seen = current.get(version.type);
    if (!seen || version.versionCode > seen.versionCode) current.set(version.type, version);
  }
  return current;
}

function PublishForm({
  open,
  current,
  onClose,
}: {
  open: boolean;
  current: Map<Platform, ContentAppVersion>;
  onClose(): void;
}) {
  const t = useContentT();
  const common = useCommonT();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const publish = usePublishVersion();
  const platform = Form.useWatch('type', form) ?? 'h5';
  const currentCode = current.get(platform)?.versionCode ?? 0;

  function submit(values: Values) {
    publish.mutate(
      {
        type: values.type,
        version: values.version.trim(),
        versionCode: values.versionCode,
        url: values.url.trim() === '' ? null : values.url.trim(),
        force: values.force,
        notes: keepFilled(values.notes, (note) => note.trim() !== '', ''),
      },
      {
        onSuccess: (published) => {
          void message.success(
            t('versionPublished', { version: published.version, platform: t(`platform_${published.type}`) }),
          );
          onClose();
        },
      },
    );
  }

  return (
    <Drawer
      open={open}
      size={600}
      title={t('publishTitle')}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>{common('cancel')}</Button>
          <Button type="primary" loading={publish.isPending} onClick={() => form.submit()}>
            {t('newVersion')}
          </Button>
        </Flex>
      }
    >
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        disabled={publish.isPending}
        initialValues={{ type: 'h5', version: '', versionCode: currentCode + 1, url: '', force: false, notes: {} }}
        onValuesChange={(changed: Partial<Values>) => {
          if (changed.type) form.setFieldValue('versionCode', (current.get(changed.type)?.versionCode ?? 0) + 1);
        }}
      >
        <Form.Item name="type" label={t('platform')}>
          <Select options={APP_PLATFORMS.map((value) => ({ value, label: t(`platform_${value}`) }))} />
        </Form.Item>
        <Flex gap={16}>
          <Form.Item
            name="version"
            label={t('version')}
            className="full-width"
            rules={[
              { required: true, message: t('versionInvalid') },
              schemaRule(AppVersionInput.shape.version, t('versionInvalid')),
            ]}
          >
            <Input name="version" placeholder="1.4.8" className="num" />
          </Form.Item>
          <Form.Item
            name="versionCode"
            label={t('versionCode')}
            className="full-width"
            extra={t('versionCodeHint', { current: currentCode })}
            rules={[{ required: true, type: 'integer', min: 1, message: t('versionCodeInvalid') }]}
          >
            <InputNumber min={1} precision={0} className="full-width" />
          </Form.Item>
        </Flex>
        <Form.Item
          name="url"
          label={t('url')}
          extra={t('urlHint')}
          rules={[schemaRule(AppVersionInput.shape.url, t('urlInvalid'))]}
        >
          <Input name="url" className="mono" allowClear />
        </Form.Item>
        <Form.Item name="force" label={t('force')} valuePropName="checked" extra={t('forceHint')}>
          <Switch />
        </Form.Item>
        <Typography.Text strong>{t('notes')}</Typography.Text>
        <Tabs
          items={CONTENT_LANGS.map((lang) => ({
            key: lang,
            label: common(`contentLang_${lang}`),
            forceRender: true,
            children: (
              <Form.Item name={['notes', lang]} extra={lang === 'en' ? undefined : t('translationHint')}>
                <Input.TextArea rows={6} maxLength={4000} name={`notes-${lang}`} />
              </Form.Item>
            ),
          }))}
        />
      </Form>
    </Drawer>
  );
}

export default function AppVersionsPage() {
  const t = useContentT();
  const common = useCommonT();
  const query = useAppVersions();
  const [publishing, setPublishing] = useState(false);
  const versions = query.data;
  const current = useMemo(() => currentBuilds(versions ?? []), [versions]);

  return (
    <>
      <PageHeader
        title={t('versionsTitle')}
        subtitle={t('versionsSubtitle')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setPublishing(true)}>
            {t('newVersion')}
          </Button>
        }
      />
      <Card>
        {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
        <Table<ContentAppVersion>
          rowKey="id"
          loading={query.isFetching}
          dataSource={versions}
          pagination={false}
          scroll={{ x: 'max-content' }}
          expandable={{
            expandedRowRender: (row) => (
              <Flex vertical gap={8}>
                {CONTENT_LANGS.map((lang) =>
                  row.notes[lang] ? (
                    <div key={lang}>
                      <Typography.Text type="secondary">{common(`contentLang_${lang}`)}</Typography.Text>
                      <div className="pre-line">{row.notes[lang]}</div>
                    </div>
                  ) : null,
                )}
              </Flex>
            ),
          }}
          columns={[
            {
              title: t('platform'),
              dataIndex: 'type',
              render: (type: Platform) => t(`platform_${type}`),
            },
            {
              title: t('version'),
              key: 'version',
              render: (_: unknown, row) => (
                <span className="num">
                  {row.version}{' '}
                  {current.get(row.type)?.id === row.id ? <StatusTag tone="success">{t('latest')}</StatusTag> : null}
                </span>
              ),
            },
            {
              title: t('versionCode'),
              dataIndex: 'versionCode',
              render: (v: number) => <span className="num">{v}</span>,
            },
            {
              title: t('force'),
              dataIndex: 'force',
              render: (force: boolean) =>
                force ? <StatusTag tone="attention">{common('yes')}</StatusTag> : common('no'),
            },
            {
              title: t('url'),
              dataIndex: 'url',
              render: (url: string | null) => (url ? <span className="mono">{url}</span> : '—'),
            },
            { title: t('releasedAt'), dataIndex: 'releasedAt', render: (ms: number) => <Time ms={ms} /> },
          ]}
        />
      </Card>
      <PublishForm open={publishing} current={current} onClose={() => setPublishing(false)} />
    </>
  );
}

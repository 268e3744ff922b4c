import { PlusOutlined } from '@ant-design/icons';
import type { ContentBanner, ProductKey } from '@bourse/contract';
import { App, Button, Card, Flex, Popconfirm, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { StatusTag } from '../../../components/StatusTag';
import { useCommonT } from '../../../lib/locales';
import { useBannerMutations, useBanners } from '../api';
import { BannerForm } from '../components/BannerForm';
import { BannerImage } from '../components/BannerImage';
import { useContentT } from '../locales';

export default function BannersPage() {
  const t = useContentT();
  const common = useCommonT();
  const { message } = App.useApp();
  const query = useBanners();
  const { remove } = useBannerMutations();
  const [editing, setEditing] = useState<ContentBanner | null | undefined>(undefined);
  const banners = [...(query.data ?? [])].sort((a, b) => a.sort - b.sort || a.id - b.id);

  return (
    <>
      <PageHeader
        title={t('bannersTitle')}
        subtitle={t('bannersSubtitle')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)} data-testid="banner-new">
            {t('newBanner')}
          </Button>
        }
      />
      <Card>
        {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
        <Table<ContentBanner>
          rowKey="id"
          loading={query.isFetching}
          dataSource={banners}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="banner-table"
          columns={[
            { title: t('sort'), dataIndex: 'sort', width: 70, render: (v: number) => <span className="num">{v}</span> },
            { title: t('image'), dataIndex: 'image', render: (src: string) => <BannerImage src={src} width={110} /> },
            {
              title: t('title'),
              key: 'title',
              width: 300,
              render: (_: unknown, row) => (
                <Flex vertical>
                  <span>{row.titles.en}</span>
                  {row.titles.zh_CN ? <Typography.Text type="secondary">{row.titles.zh_CN}</Typography.Text> : null}
                </Flex>
              ),
            },
            {
              title: t('link'),
              dataIndex: 'link',
              width: 200,
              ellipsis: { showTitle: true },
              render: (link: string | null) => (link ? <span className="mono">{link}</span> : '—'),
            },
            {
              title: t('products'),
              dataIndex: 'products',
              width: 170,
              render: (products: ProductKey[]) =>
                products.length === 0 ? (
                  '—'
                ) : (
                  <Flex gap={4} wrap>
                    {products.map((key) => (
                      <Tag key={key} className="tag-tight">
                        {common(`product_${key}`)}
                      </Tag>
                    ))}
                  </Flex>
                ),
            },
            {
              title: common('status'),
              dataIndex: 'active',
              render: (active: boolean) => (
                <StatusTag tone={active ? 'success' : 'neutral'}>{active ? t('active') : t('inactive')}</StatusTag>
              ),
            },
            {
              title: common('actions'),
              key: 'actions',
              fixed: 'right',
              render: (_: unknown, row) => (
                <Flex gap={8}>
                  <Button size="small" onClick={() => setEditing(row)}>
                    {common('edit')}
                  </Button>
                  <Popconfirm
                    title={t('deleteBannerConfirm')}
                    okText={common('delete')}
                    okButtonProps={{ danger: true }}
                    cancelText={common('cancel')}
                    onConfirm={() =>
                      remove.mutate(row.id, { onSuccess: () => void message.success(t('bannerDeleted')) })
                    }
                  >
                    <Button size="small" danger>
                      {common('delete')}
                    </Button>
                  </Popconfirm>
                </Flex>
              ),
            },
          ]}
        />
      </Card>
      <BannerForm banner={editing ?? null} open={editing !== undefined} onClose={() => setEditing(undefined)} />
    </>
  );
}

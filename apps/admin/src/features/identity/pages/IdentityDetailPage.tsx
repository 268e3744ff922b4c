import { ArrowLeftOutlined, CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { type AdminIdentityDetail, IdentityRejectBody, securityAdminApi } from '@bourse/contract';
import { App, Button, Card, Col, Descriptions, Empty, Flex, Popconfirm, Row, Skeleton, Table, Typography } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { AuthImage } from '../../../components/AuthImage';
import { Can } from '../../../components/Can';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { ReasonModal } from '../../../components/ReasonModal';
import { StatusTag } from '../../../components/StatusTag';
import { Time } from '../../../components/Time';
import { UserLink } from '../../../components/UserLink';
import { api } from '../../../lib/client';
import { useCommonT } from '../../../lib/locales';
import { identityKeys, useIdentity, useIdentityDecision } from '../api';
import { STATUS_TONE } from '../components/tones';
import { useIdentityT } from '../locales';

const REASON = IdentityRejectBody.shape.reason;
const REASON_MIN = REASON.minLength ?? 2;
const REASON_MAX = REASON.maxLength ?? 200;

function Photos({ detail }: { detail: AdminIdentityDetail }) {
  const t = useIdentityT();
  if (detail.photos.length === 0) return <Empty description={t('noPhotos')} />;
  return (
    <Row gutter={[16, 16]}>
      {detail.photos.map((photo) => (
        <Col key={photo.side} xs={24} md={8}>
          <Flex vertical gap={8} data-testid={`identity-photo-${photo.side}`}>
            <Typography.Text type="secondary">{t(`photo_${photo.side}`)}</Typography.Text>
            <AuthImage
              queryKey={identityKeys.photo(detail.id, photo.side)}
              load={(signal) =>
                api.file(securityAdminApi.identityPhoto, {
                  params: { id: detail.id, side: photo.side },
                  signal,
                  toast: false,
                })
              }
              alt={t(`photo_${photo.side}`)}
              width={280}
              height={180}
            />
          </Flex>
        </Col>
      ))}
    </Row>
  );
}

function Decision({ detail }: { detail: AdminIdentityDetail }) {
  const t = useIdentityT();
  const common = useCommonT();
  const { message } = App.useApp();
  const { approve, reject } = useIdentityDecision();
  const [rejecting, setRejecting] = useState(false);
  if (detail.status !== 'pending') return null;
  return (
    <Can permission="identity.review">
      <Popconfirm
        title={t('approveConfirm')}
        okText={t('approve')}
        cancelText={common('cancel')}
        onConfirm={() => approve.mutate(detail.id, { onSuccess: () => void message.success(t('approved')) })}
      >
        <Button type="primary" icon={<CheckOutlined />} loading={approve.isPending} data-testid="identity-approve">
          {t('approve')}
        </Button>
      </Popconfirm>
      <Button danger icon={<CloseOutlined />} onClick={() => setRejecting(true)} data-testid="identity-reject">
        {t('reject')}
      </Button>
      <ReasonModal
        open={rejecting}
        title={t('rejectTitle', { id: detail.id })}
        okText={t('reject')}
        min={REASON_MIN}
        max={REASON_MAX}
        pending={reject.isPending}
        onCancel={() => setRejecting(false)}
        onSubmit={(reason) =>
          reject.mutate(
            { id: detail.id, reason },
            {
              onSuccess: () => {
                setRejecting(false);
                void message.success(t('rejected'));
              },
            },
          )
        }
      />
    </Can>
  );
}

export default function IdentityDetailPage() {
  const t = useIdentityT();
  const common = useCommonT();
  const id = Number(useParams().id);
  const query = useIdentity(id);
  const detail = query.data;

  return (
    <>
      <Link to="/reviews/identity" className="back-link">
        <ArrowLeftOutlined /> {t('backToList')}
      </Link>
      <PageHeader
        title={
          <Flex align="center" gap={12}>
            {t('submission', { id })}
            {detail ? <StatusTag tone={STATUS_TONE[detail.status]}>{t(`status_${detail.status}`)}</StatusTag> : null}
          </Flex>
        }
        documentTitle={t('submission', { id })}
        extra={detail ? <Decision detail={detail} /> : null}
      />
      {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.isPending ? <Skeleton active paragraph={{ rows: 8 }} /> : null}
      {detail ? (
        <Flex vertical gap={20}>
          <Card title={t('detailTitle')}>
            <Descriptions
              column={{ xs: 1, md: 2, xl: 3 }}
              data-testid="identity-fields"
              items={[
                { label: common('uid'), children: <UserLink uid={detail.uid} testId="identity-user-link" /> },
                { label: t('email'), children: detail.account.email ?? '—' },
                { label: t('phone'), children: detail.account.phone ?? '—' },
                { label: t('nickname'), children: detail.account.nickname ?? '—' },
                { label: t('docType'), children: t(`type_${detail.type}`) },
                { label: t('number'), children: <span className="mono">{detail.number}</span> },
                { label: t('familyName'), children: detail.familyName },
                { label: t('givenName'), children: detail.givenName },
                { label: t('submittedAt'), children: <Time ms={detail.submittedAt} /> },
                { label: t('reviewedAt'), children: <Time ms={detail.reviewedAt} /> },
                {
                  label: t('reviewer'),
                  children: detail.reviewerId ? t('reviewerId', { id: detail.reviewerId }) : '—',
                },
                ...(detail.rejectReason
                  ? [{ label: t('rejectReason'), children: detail.rejectReason, span: 'filled' as const }]
                  : []),
              ]}
            />
          </Card>
          <Card title={t('photos')}>
            <Photos detail={detail} />
          </Card>
          <Card title={t('history')}>
            <Table
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={detail.history}
              locale={{ emptyText: t('historyEmpty') }}
              columns={[
                {
                  title: common('id'),
                  dataIndex: 'id',
                  render: (historyId: number) =>
                    historyId === detail.id ? (
                      <span className="num">
                        #{historyId} <Typography.Text type="secondary">({t('thisOne')})</Typography.Text>
                      </span>
                    ) : (
                      <Link to={`/reviews/identity/${historyId}`} className="num">
                        #{historyId}
                      </Link>
                    ),
                },
                {
                  title: common('status'),
                  dataIndex: 'status',
                  render: (value: AdminIdentityDetail['status']) => (
                    <StatusTag tone={STATUS_TONE[value]}>{t(`status_${value}`)}</StatusTag>
                  ),
                },
                { title: t('rejectReason'), dataIndex: 'rejectReason', render: (v: string | null) => v ?? '—' },
                { title: t('submittedAt'), dataIndex: 'submittedAt', render: (ms: number) => <Time ms={ms} /> },
              ]}
            />
          </Card>
        </Flex>
      ) : null}
    </>
  );
}

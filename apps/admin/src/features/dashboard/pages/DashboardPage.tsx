import { ReloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Col, Empty, Row } from 'antd';
import { Suspense, useMemo } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { useFeatures } from '../../../lib/features';
import { lazyOf } from '../../../lib/lazyCache';
import { visibleCards, visibleQueues } from '../../../lib/menu';
import { useOperator, usePermissions } from '../../../lib/operator';
import type { DashboardCard } from '../../../lib/registry';
import { useDashboardSummary } from '../api';
import { CardBoundary, CardSkeleton } from '../components/CardFrame';
import { QueueCard } from '../components/QueueCard';
import type { QueueCardModel } from '../../../lib/menu';
import { useDashboardT } from '../locales';

type Slot =
  { kind: 'card'; order: number; card: DashboardCard } | { kind: 'queue'; order: number; queue: QueueCardModel };

/**
 * The start page: every card the operator's role may read, in order, each with its own data — and a card for each
 * review queue the role works, counted by the server (`GET /admin/api/dashboard`) and linked to its queue.
 */
export default function DashboardPage() {
  const t = useDashboardT();
  const features = useFeatures();
  const permissions = usePermissions();
  const operator = useOperator();
  const queryClient = useQueryClient();
  const summary = useDashboardSummary();
  const counted = summary.data?.queues;
  const slots = useMemo<Slot[]>(() => {
    const cards: Slot[] = visibleCards(features, permissions).map((card) => ({
      kind: 'card',
      order: card.order,
      card,
    }));
    const queues: Slot[] = visibleQueues(features, permissions, counted ?? []).map((queue) => ({
      kind: 'queue',
      order: queue.order,
      queue,
    }));
    return [...cards, ...queues].sort((a, b) => a.order - b.order);
  }, [features, permissions, counted]);

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={operator ? `${t('subtitle')} ${t('greeting', { name: operator.name })}` : t('subtitle')}
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => void queryClient.invalidateQueries()}>
            {t('refreshAll')}
          </Button>
        }
      />
      {slots.length === 0 ? <Empty description={t('empty')} /> : null}
      <Row gutter={[16, 16]}>
        {slots.map((slot) => {
          if (slot.kind === 'queue') {
            return (
              <Col key={`queue-${slot.queue.key}`} xs={24} lg={8} data-card={`queue-${slot.queue.key}`}>
                <QueueCard model={slot.queue} query={summary} />
              </Col>
            );
          }
          const { card } = slot;
          const Card = lazyOf(card, card.load);
          return (
            <Col key={card.id} xs={24} lg={card.span ?? 8} data-card={card.id}>
              <CardBoundary>
                <Suspense fallback={<CardSkeleton />}>
                  <Card />
                </Suspense>
              </CardBoundary>
            </Col>
          );
        })}
      </Row>
    </>
  );
}

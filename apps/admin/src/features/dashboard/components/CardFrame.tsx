import { Card, Skeleton } from 'antd';
import { Component, type ReactNode } from 'react';
import { useDashboardT } from '../locales';

export function CardSkeleton() {
  return (
    <Card>
      <Skeleton active paragraph={{ rows: 2 }} />
    </Card>
  );
}

function CardFailed() {
  const t = useDashboardT();
  return <Card className="dashboard-card dashboard-card--failed">{t('cardFailed')}</Card>;
}

/** A card whose code failed to load or that threw stays out of the way of the others. */
export class CardBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <CardFailed /> : this.props.children;
  }
}

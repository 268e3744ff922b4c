import { ArrowRightOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Card, Flex, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { QueryError } from './QueryError';
import type { Tone } from './StatusTag';

interface StatCardProps {
  title: ReactNode;
  icon: ReactNode;
  /** The query that feeds the card: its loading and failure are shown in place of the figure. */
  query: Pick<UseQueryResult, 'isPending' | 'isError' | 'error' | 'refetch'>;
  value?: ReactNode;
  tone?: Tone;
  description?: ReactNode;
  link?: { to: string; label: ReactNode };
  testId?: string;
}

/** A dashboard card with one figure that matters (a queue's length, a check's result) and where to act on it. */
export function StatCard({ title, icon, query, value, tone = 'neutral', description, link, testId }: StatCardProps) {
  return (
    <Card className={`stat-card stat-card--${tone}`} data-testid={testId}>
      <Flex vertical gap={10}>
        <Flex align="center" gap={10} className="stat-card__head">
          <span className="stat-card__icon">{icon}</span>
          <Typography.Text type="secondary">{title}</Typography.Text>
        </Flex>
        {query.isPending ? <Skeleton.Input active size="large" /> : null}
        {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
        {!query.isPending && !query.isError ? (
          <div className="stat-card__value num" data-testid={testId ? `${testId}-value` : undefined}>
            {value}
          </div>
        ) : null}
        {description ? <Typography.Text type="secondary">{description}</Typography.Text> : null}
        {link ? (
          <Link to={link.to} className="stat-card__link">
            {link.label} <ArrowRightOutlined />
          </Link>
        ) : null}
      </Flex>
    </Card>
  );
}

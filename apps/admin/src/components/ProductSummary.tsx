import type { UseQueryResult } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Input, Space } from 'antd';
import type { DescriptionsProps } from 'antd';
import { type ReactNode, useState } from 'react';
import { QueryError } from './QueryError';

/**
 * What the earn products' console pages share around their numbers: a card that shows a query's figures (its error
 * with a retry, the counts as descriptions, then anything below), and the budget input of a pool or book.
 */

/** A card of one query's figures: `items` as descriptions (four a row), `children` below them. */
export function SummaryCard<T>({
  title,
  query,
  items,
  children,
  testId,
}: {
  title: ReactNode;
  query: UseQueryResult<T>;
  items: (data: T) => DescriptionsProps['items'];
  children?: (data: T) => ReactNode;
  testId?: string;
}) {
  return (
    <Card title={title} data-testid={testId}>
      {query.isError && <QueryError error={query.error} onRetry={() => void query.refetch()} />}
      {query.data !== undefined && (
        <>
          <Descriptions size="small" column={4} items={items(query.data)} />
          {children?.(query.data)}
        </>
      )}
    </Card>
  );
}

/** An amount of `asset` moved into a pool or book by `fund`; says `done` and clears itself when it went through. */
export function BudgetInput({
  asset,
  label,
  done,
  fund,
}: {
  asset: string;
  label: ReactNode;
  done: string;
  fund: (amount: string) => Promise<unknown>;
}) {
  const { message } = App.useApp();
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = () => {
    setBusy(true);
    fund(amount)
      .then(() => {
        setAmount('');
        void message.success(done);
      })
      // The API client has already shown the error.
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <Space.Compact>
      <Input
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        style={{ width: 140 }}
        suffix={asset}
        data-testid={`budget-${asset}`}
      />
      <Button disabled={amount === ''} loading={busy} onClick={submit}>
        {label}
      </Button>
    </Space.Compact>
  );
}

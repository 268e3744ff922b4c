import { WarningOutlined } from '@ant-design/icons';
import { Button, Flex, Skeleton, Typography } from 'antd';
import { Component, type ErrorInfo, type ReactNode, Suspense } from 'react';
import { useCommonT } from '../lib/locales';

function PageFailed({ onRetry }: { onRetry: () => void }) {
  const t = useCommonT();
  // Not antd's Result: its illustrations would weigh on the first page, where this frame also guards the shell.
  return (
    <Flex vertical align="center" gap={16} className="page-failed" role="alert">
      <WarningOutlined className="page-failed__icon" />
      <Typography.Title level={4}>{t('pageLoadFailed')}</Typography.Title>
      <Button type="primary" onClick={onRetry}>
        {t('tryAgain')}
      </Button>
    </Flex>
  );
}

interface BoundaryProps {
  /** Changing it (another page) clears a failure. */
  resetKey: string;
  onRetry: () => void;
  children: ReactNode;
}

class Boundary extends Component<BoundaryProps, { failed: boolean; key: string }> {
  override state = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError(): Partial<{ failed: boolean }> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { failed: boolean; key: string }) {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    if (this.state.failed) {
      return (
        <PageFailed
          onRetry={() => {
            this.setState({ failed: false });
            this.props.onRetry();
          }}
        />
      );
    }
    return this.props.children;
  }
}

/**
 * One page's frame: a skeleton while its code arrives, and "This page failed to load" with a way to try again when
 * the code does not arrive or the page throws — the rest of the console stays usable.
 */
export function PageBoundary({ resetKey, onRetry, children }: BoundaryProps) {
  return (
    <Boundary resetKey={resetKey} onRetry={onRetry}>
      <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} className="page-skeleton" />}>{children}</Suspense>
    </Boundary>
  );
}

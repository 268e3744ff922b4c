import { Flex, Typography } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useCommonT } from '../lib/locales';

interface PageHeaderProps {
  title: ReactNode;
  /** The browser tab's title (defaults to the title when it is text). */
  documentTitle?: string;
  subtitle?: ReactNode;
  /** Buttons on the right. */
  extra?: ReactNode;
}

/** The head of every page: its title, a line saying what it is for, and its actions. */
export function PageHeader({ title, documentTitle, subtitle, extra }: PageHeaderProps) {
  const t = useCommonT();
  const tabTitle = documentTitle ?? (typeof title === 'string' ? title : undefined);
  useEffect(() => {
    if (tabTitle) document.title = `${tabTitle} · ${t('consoleName')}`;
  }, [tabTitle, t]);
  return (
    <Flex className="page-header" justify="space-between" align="flex-start" gap={16} wrap>
      <div>
        <Typography.Title level={3} className="page-header__title">
          {title}
        </Typography.Title>
        {subtitle ? <Typography.Text type="secondary">{subtitle}</Typography.Text> : null}
      </div>
      {extra ? (
        <Flex gap={8} wrap className="page-header__extra">
          {extra}
        </Flex>
      ) : null}
    </Flex>
  );
}

import { CopyOutlined } from '@ant-design/icons';
import type { OperatorSummary } from '@bourse/contract';
import { Alert, App, Button, Flex, Modal, Typography } from 'antd';
import { useRef } from 'react';
import { useOperatorsT } from '../locales';

export interface IssuedPassword {
  operator: OperatorSummary;
  password: string;
  /** A new operator, or a reset. */
  kind: 'created' | 'reset';
}

/**
 * A generated password, shown this once (the server keeps only its hash): a copy button, and no way to close the
 * window by a stray click — only "I have copied it", after which it is gone from the page.
 */
export function PasswordOnce({ issued, onDone }: { issued: IssuedPassword | null; onDone(): void }) {
  const t = useOperatorsT();
  const { message } = App.useApp();
  const box = useRef<HTMLElement>(null);

  async function copy(password: string) {
    try {
      await navigator.clipboard.writeText(password);
      void message.success(t('passwordCopied'));
    } catch {
      // No clipboard (a page not served over HTTPS, a refused permission): select it for a manual copy.
      const node = box.current;
      if (node) {
        const range = document.createRange();
        range.selectNodeContents(node);
        window.getSelection()?.removeAllRanges();
        window.getSelection()?.addRange(range);
      }
      void message.warning(t('passwordCopyFailed'));
    }
  }

  return (
    <Modal
      open={issued !== null}
      title={
        issued
          ? t(issued.kind === 'created' ? 'passwordCreatedTitle' : 'passwordResetTitle', {
              email: issued.operator.email,
            })
          : null
      }
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onDone} data-testid="operator-password-done">
          {t('passwordDone')}
        </Button>
      }
    >
      {issued ? (
        <Flex vertical gap={16} data-testid="operator-password-once">
          <Alert type="warning" showIcon title={t('passwordOnce')} description={t('passwordOnceText')} />
          <Flex align="center" gap={8}>
            <Typography.Text className="password-once mono" data-testid="operator-password" ref={box}>
              {issued.password}
            </Typography.Text>
            <Button
              icon={<CopyOutlined />}
              onClick={() => void copy(issued.password)}
              data-testid="operator-password-copy"
            >
              {t('copyPassword')}
            </Button>
          </Flex>
          <Typography.Text type="secondary">
            {issued.kind === 'created' ? t('passwordCreatedNext') : t('passwordResetNext')}
          </Typography.Text>
        </Flex>
      ) : null}
    </Modal>
  );
}

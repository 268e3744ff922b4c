import { Form, Input, Modal, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useCommonT } from '../lib/locales';

interface ReasonModalProps {
  open: boolean;
  title: ReactNode;
  /** What is being rejected, shown above the field. */
  summary?: ReactNode;
  okText: string;
  /** Under the field: who reads the reason (default: the user sees it). */
  hint?: ReactNode;
  min: number;
  max: number;
  pending: boolean;
  onCancel(): void;
  onSubmit(reason: string): void;
}

/**
 * Rejecting something a user sent, or freezing an account: the reason is required, within the server's limits, and
 * the hint says who reads it.
 */
export function ReasonModal({
  open,
  title,
  summary,
  okText,
  hint,
  min,
  max,
  pending,
  onCancel,
  onSubmit,
}: ReasonModalProps) {
  const t = useCommonT();
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      okButtonProps={{ danger: true, loading: pending, htmlType: 'submit' }}
      cancelText={t('cancel')}
      onCancel={onCancel}
      destroyOnHidden
      modalRender={(node) => (
        <Form form={form} layout="vertical" onFinish={(values) => onSubmit(values.reason.trim())} clearOnDestroy>
          {node}
        </Form>
      )}
    >
      {summary ? <div className="reason-modal__summary">{summary}</div> : null}
      <Form.Item
        name="reason"
        label={t('reason')}
        className="reason-modal__field"
        extra={<Typography.Text type="secondary">{hint ?? t('reasonHint')}</Typography.Text>}
        rules={[
          {
            validator: (_rule, value: unknown) => {
              const length = typeof value === 'string' ? value.trim().length : 0;
              return length >= min && length <= max
                ? Promise.resolve()
                : Promise.reject(new Error(t('reasonRequired', { min, max })));
            },
          },
        ]}
      >
        <Input.TextArea name="reason" rows={4} maxLength={max} showCount autoFocus />
      </Form.Item>
    </Modal>
  );
}

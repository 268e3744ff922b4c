import { DecimalString } from '@bourse/contract';
import { Button, Col, Drawer, Flex, Form, Input, InputNumber, Switch } from 'antd';
import type { FormRule } from 'antd';
import type { ReactNode } from 'react';
import { useCommonT } from '../lib/locales';
import { schemaRule } from '../lib/rules';

/**
 * The blocks every earn product form is made of (wealth products, subscription projects, mining machines, loan
 * coins): the drawer with Cancel and Save/Create, and the field kinds in a 24-column grid.
 */

/** The drawer a product form sits in: its title, Cancel and Save (editing) or Create, the saving state. */
export function ProductDrawer({
  open,
  title,
  editing,
  saving,
  onClose,
  onSave,
  saveTestId,
  size = 560,
  children,
}: {
  open: boolean;
  title: ReactNode;
  editing: boolean;
  saving: boolean;
  onClose(): void;
  onSave(): void;
  saveTestId?: string;
  size?: number;
  children: ReactNode;
}) {
  const common = useCommonT();
  return (
    <Drawer
      open={open}
      size={size}
      title={title}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>{common('cancel')}</Button>
          <Button type="primary" loading={saving} onClick={onSave} data-testid={saveTestId}>
            {editing ? common('save') : common('create')}
          </Button>
        </Flex>
      }
    >
      {children}
    </Drawer>
  );
}

interface FieldProps {
  name: string | (string | number)[];
  label: ReactNode;
  /** Columns of 24. */
  span?: number;
  disabled?: boolean;
  extra?: ReactNode;
}

const fieldName = (name: FieldProps['name']): string => (Array.isArray(name) ? name.join('.') : name);

/** The rules of a decimal amount: the contract's DecimalString, required unless `optional` ('' then means none). */
export function decimalRules(message: string, optional = false): FormRule[] {
  if (!optional) return [{ required: true, message }, schemaRule(DecimalString, message)];
  return [
    {
      validator: (_: unknown, value: string | undefined) =>
        !value || DecimalString.safeParse(value.trim()).success
          ? Promise.resolve()
          : Promise.reject(new Error(message)),
    },
  ];
}

/** A decimal amount (price, limit, budget…) checked as the server checks it. */
export function DecimalField({
  optional = false,
  message,
  suffix,
  rules,
  span = 12,
  ...field
}: FieldProps & { optional?: boolean; message?: string; suffix?: ReactNode; rules?: FormRule[] }) {
  const common = useCommonT();
  return (
    <Col span={span}>
      <Form.Item
        name={field.name}
        label={field.label}
        extra={field.extra}
        rules={rules ?? decimalRules(message ?? common('invalidValue'), optional)}
      >
        <Input name={fieldName(field.name)} className="num" disabled={field.disabled} suffix={suffix} />
      </Form.Item>
    </Col>
  );
}

/** A short text (a coin code, a name), upper-cased when `upper`. */
export function TextField({
  required = false,
  upper = false,
  placeholder,
  rules,
  span = 8,
  ...field
}: FieldProps & { required?: boolean; upper?: boolean; placeholder?: string; rules?: FormRule[] }) {
  const common = useCommonT();
  return (
    <Col span={span}>
      <Form.Item
        name={field.name}
        label={field.label}
        extra={field.extra}
        rules={rules ?? (required ? [{ required: true, message: common('required') }] : [])}
        normalize={upper ? (v: string) => v.toUpperCase().trim() : undefined}
      >
        <Input name={fieldName(field.name)} disabled={field.disabled} placeholder={placeholder} />
      </Form.Item>
    </Col>
  );
}

/** A whole number (days, a count, a sort order). */
export function WholeField({
  min,
  max,
  required = false,
  span = 8,
  ...field
}: FieldProps & { min?: number; max?: number; required?: boolean }) {
  const common = useCommonT();
  return (
    <Col span={span}>
      <Form.Item
        name={field.name}
        label={field.label}
        extra={field.extra}
        rules={required ? [{ required: true, message: common('required') }] : []}
      >
        <InputNumber min={min} max={max} precision={0} disabled={field.disabled} className="full-width" />
      </Form.Item>
    </Col>
  );
}

/** An on/off switch (active, paused). */
export function SwitchField({ span = 12, ...field }: FieldProps) {
  return (
    <Col span={span}>
      <Form.Item name={field.name} label={field.label} extra={field.extra} valuePropName="checked">
        <Switch disabled={field.disabled} />
      </Form.Item>
    </Col>
  );
}

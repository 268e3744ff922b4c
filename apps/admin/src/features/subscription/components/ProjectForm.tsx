import { LANGS, type Lang, type SubscriptionProjectUpdate } from '@bourse/contract';
import { Alert, App, Col, Form, Input, Row } from 'antd';
import { useEffect } from 'react';
import { DecimalField, ProductDrawer, SwitchField, TextField, WholeField } from '../../../components/ProductForm';
import { type AdminSubscriptionProject, useSaveProject } from '../api';
import { useSubscriptionT } from '../locales';

interface Values {
  token: string;
  tokenName: string;
  quote: string;
  displayPrecision: number;
  price: string;
  supply: string;
  startsAt: string;
  endsAt: string;
  minCommit: string;
  maxCommit: string;
  paused: boolean;
  intro: Record<Lang, string>;
}

const HOUR = 3_600_000;
const TOKEN = /^[A-Z0-9]{2,10}$/;

/** A timestamp as the value of a `datetime-local` input (the operator's local time) and back. */
function toLocalInput(ms: number): string {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
}
function fromLocalInput(text: string): number {
  return new Date(text).getTime();
}

function newProject(): Partial<Values> {
  const start = Math.ceil(Date.now() / HOUR) * HOUR + HOUR;
  return {
    quote: 'USDT',
    displayPrecision: 4,
    price: '0.1',
    supply: '1000000',
    startsAt: toLocalInput(start),
    endsAt: toLocalInput(start + 72 * HOUR),
    minCommit: '10',
    maxCommit: '5000',
    paused: false,
    intro: { en: '', zh_CN: '', zh_HK: '', es: '', fr: '' },
  };
}

function valuesOf(p: AdminSubscriptionProject): Values {
  return {
    token: p.token,
    tokenName: p.tokenName,
    quote: p.quote,
    displayPrecision: p.displayPrecision,
    price: p.price,
    supply: p.supply,
    startsAt: toLocalInput(p.startsAt),
    endsAt: toLocalInput(p.endsAt),
    minCommit: p.minCommit,
    maxCommit: p.maxCommit,
    paused: p.paused,
    intro: p.intro,
  };
}

/** Creating a project, or editing one: every term before its window opens; afterwards the pause, intro, a later close. */
export function ProjectForm({
  project,
  open,
  onClose,
}: {
  project: AdminSubscriptionProject | null;
  open: boolean;
  onClose(): void;
}) {
  const t = useSubscriptionT();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const { create, update } = useSaveProject();
  const editing = project !== null;
  const locked = project !== null && project.phase !== 'upcoming';
  const saving = create.isPending || update.isPending;

  useEffect(() => {
    if (open) form.setFieldsValue(project ? valuesOf(project) : newProject());
  }, [open, project, form]);

  function submit(values: Values) {
    const done = () => {
      void message.success(editing ? t('updated') : t('created'));
      onClose();
    };
    const endsAt = fromLocalInput(values.endsAt);
    if (project) {
      const body: SubscriptionProjectUpdate = locked
        ? { paused: values.paused, intro: values.intro, ...(endsAt !== project.endsAt ? { endsAt } : {}) }
        : {
            tokenName: values.tokenName,
            price: values.price,
            supply: values.supply,
            startsAt: fromLocalInput(values.startsAt),
            endsAt,
            minCommit: values.minCommit,
            maxCommit: values.maxCommit,
            intro: values.intro,
            paused: values.paused,
          };
      update.mutate({ id: project.id, body }, { onSuccess: done });
    } else {
      create.mutate(
        {
          token: values.token.trim().toUpperCase(),
          tokenName: values.tokenName,
          quote: values.quote.trim().toUpperCase(),
          displayPrecision: values.displayPrecision,
          price: values.price,
          supply: values.supply,
          startsAt: fromLocalInput(values.startsAt),
          endsAt,
          minCommit: values.minCommit,
          maxCommit: values.maxCommit,
          intro: values.intro,
          paused: values.paused,
        },
        { onSuccess: done },
      );
    }
  }

  const decimal = { message: t('decimalInvalid'), disabled: locked };
  const required = [{ required: true, message: t('required') }];

  return (
    <ProductDrawer
      open={open}
      size={640}
      title={project ? t('editTitle', { token: project.token }) : t('createTitle')}
      editing={editing}
      saving={saving}
      onClose={onClose}
      onSave={() => form.submit()}
      saveTestId="project-save"
    >
      {locked ? <Alert type="info" showIcon title={t('termsLocked')} className="page-section" /> : null}
      <Form<Values> form={form} layout="vertical" onFinish={submit} requiredMark={false} disabled={saving}>
        <Row gutter={16}>
          <TextField
            name="token"
            label={t('token')}
            rules={editing ? [] : [{ required: true, pattern: TOKEN, message: t('tokenInvalid') }]}
            upper
            disabled={editing}
            placeholder="NOVA"
          />
          <TextField name="tokenName" label={t('tokenName')} rules={required} disabled={locked} />
          <TextField name="quote" label={t('quote')} rules={required} disabled={editing} />
          <DecimalField name="price" label={t('price')} span={8} {...decimal} />
          <DecimalField name="supply" label={t('supply')} span={8} {...decimal} />
          <WholeField name="displayPrecision" label={t('displayPrecision')} min={0} max={8} disabled={editing} />
          <Col span={12}>
            <Form.Item name="startsAt" label={t('startsAt')} rules={required}>
              <Input type="datetime-local" name="startsAt" disabled={locked} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="endsAt" label={t('endsAt')} rules={required}>
              <Input type="datetime-local" name="endsAt" />
            </Form.Item>
          </Col>
          <DecimalField name="minCommit" label={t('minCommit')} {...decimal} />
          <DecimalField name="maxCommit" label={t('maxCommit')} {...decimal} />
          {LANGS.map((lang) => (
            <Col span={24} key={lang}>
              <Form.Item name={['intro', lang]} label={t('intro', { lang })}>
                <Input.TextArea rows={2} maxLength={1000} />
              </Form.Item>
            </Col>
          ))}
          <SwitchField name="paused" label={t('paused')} />
        </Row>
      </Form>
    </ProductDrawer>
  );
}

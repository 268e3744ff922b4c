import { CreateOperatorBody, OPERATOR_ROLES, type OperatorRole, ROLE_PERMISSIONS } from '@bourse/contract';
import { Form, Input, Modal, Select, Typography } from 'antd';
import { PERMISSION_TEXT } from '../../../components/Forbidden';
import { useCommonT } from '../../../lib/locales';
import { schemaRule } from '../../../lib/rules';
import { useOperatorActions } from '../api';
import { useOperatorsT } from '../locales';
import type { IssuedPassword } from './PasswordOnce';

interface Values {
  email: string;
  name: string;
  role: OperatorRole;
}

/** What a role may do, in the console's words (the permissions of `ROLE_PERMISSIONS`, sign-in left out). */
export function RolePermissions({ role }: { role: OperatorRole }) {
  const common = useCommonT();
  return (
    <ul className="role-permissions">
      {ROLE_PERMISSIONS[role]
        .filter((permission) => permission !== 'session')
        .map((permission) => (
          <li key={permission}>{common(PERMISSION_TEXT[permission])}</li>
        ))}
    </ul>
  );
}

/** A new operator: email, name and role; the server generates the password and answers it this once. */
export function CreateOperator({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose(): void;
  onCreated(issued: IssuedPassword): void;
}) {
  const t = useOperatorsT();
  const common = useCommonT();
  const [form] = Form.useForm<Values>();
  const role = Form.useWatch('role', form);
  const { create } = useOperatorActions();
  return (
    <Modal
      open={open}
      title={t('createTitle')}
      okText={common('create')}
      cancelText={common('cancel')}
      okButtonProps={{ loading: create.isPending, htmlType: 'submit' }}
      onCancel={onClose}
      destroyOnHidden
      modalRender={(node) => (
        <Form
          form={form}
          layout="vertical"
          initialValues={{ role: 'support' }}
          clearOnDestroy
          onFinish={(values) =>
            create.mutate(values, {
              onSuccess: (result) =>
                onCreated({ operator: result.operator, password: result.password, kind: 'created' }),
            })
          }
        >
          {node}
        </Form>
      )}
    >
      <Form.Item
        name="email"
        label={t('email')}
        rules={[
          { required: true, message: common('required') },
          schemaRule(CreateOperatorBody.shape.email, t('emailInvalid')),
        ]}
      >
        <Input name="email" autoComplete="off" autoFocus />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('name')}
        extra={t('nameHint')}
        rules={[{ required: true, whitespace: true, message: common('required') }, { max: 60 }]}
      >
        <Input name="name" maxLength={60} autoComplete="off" />
      </Form.Item>
      <Form.Item name="role" label={t('role')} rules={[{ required: true, message: common('required') }]}>
        <Select<OperatorRole>
          data-testid="operator-create-role"
          options={OPERATOR_ROLES.map((value) => ({ value, label: common(`role_${value}`) }))}
        />
      </Form.Item>
      {role ? (
        <div className="role-permissions__box">
          <Typography.Text type="secondary">{t('roleMay', { role: common(`role_${role}`) })}</Typography.Text>
          <RolePermissions role={role} />
        </div>
      ) : null}
    </Modal>
  );
}

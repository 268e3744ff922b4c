import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { DecimalString } from '@bourse/contract';
import { Button, Col, Form, Input, InputNumber, Row } from 'antd';
import { schemaRule } from '../../../lib/rules';
import { useFuturesT } from '../locales';

export interface TierValues {
  below: string;
  mmr: string;
  maxLeverage: number;
}

/**
 * The risk tiers of a contract inside a form (field `tiers`): notional bound (ascending), maintenance margin rate and
 * highest leverage of each; the server derives the deductions and checks the order.
 */
export function TierRows() {
  const t = useFuturesT();
  const decimal = [{ required: true, message: t('decimalInvalid') }, schemaRule(DecimalString, t('decimalInvalid'))];
  return (
    <Form.List name="tiers">
      {(fields, { add, remove }) => (
        <>
          {fields.map((field, index) => (
            <Row gutter={12} key={field.key} align="bottom">
              <Col span={2}>
                <Form.Item label={index === 0 ? t('tier') : undefined}>
                  <span className="num">{index + 1}</span>
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item
                  name={[field.name, 'below']}
                  label={index === 0 ? t('tierBelow') : undefined}
                  rules={decimal}
                >
                  <Input className="num" aria-label={`${t('tierBelow')} ${index + 1}`} />
                </Form.Item>
              </Col>
              <Col span={6}>
                <Form.Item name={[field.name, 'mmr']} label={index === 0 ? t('mmr') : undefined} rules={decimal}>
                  <Input className="num" aria-label={`${t('mmr')} ${index + 1}`} />
                </Form.Item>
              </Col>
              <Col span={6}>
                <Form.Item
                  name={[field.name, 'maxLeverage']}
                  label={index === 0 ? t('maxLeverage') : undefined}
                  rules={[{ required: true, type: 'integer', min: 1, max: 200, message: t('wholeInvalid') }]}
                >
                  <InputNumber min={1} max={200} precision={0} className="full-width" />
                </Form.Item>
              </Col>
              <Col span={2}>
                <Form.Item>
                  <Button
                    icon={<DeleteOutlined />}
                    aria-label={t('removeTier')}
                    disabled={fields.length <= 1}
                    onClick={() => remove(field.name)}
                  />
                </Form.Item>
              </Col>
            </Row>
          ))}
          <Button
            icon={<PlusOutlined />}
            onClick={() => add({ below: '', mmr: '', maxLeverage: 1 })}
            disabled={fields.length >= 20}
          >
            {t('addTier')}
          </Button>
          <div className="form-hint">{t('tiersHint')}</div>
        </>
      )}
    </Form.List>
  );
}

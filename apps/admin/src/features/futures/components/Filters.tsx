import { Button, Col, Input, Row } from 'antd';
import { useFuturesT } from '../locales';

/** A list's filters: contract (BTC_USDT; "btc" or "btcusdt" also work) and user id. */
export function Filters({
  symbol,
  uid,
  onChange,
  withUid = true,
}: {
  symbol: string | undefined;
  uid: string | undefined;
  onChange(changes: { symbol?: string; uid?: string }): void;
  withUid?: boolean;
}) {
  const t = useFuturesT();
  return (
    <Row gutter={[12, 12]} className="filters" align="middle">
      <Col>
        <Input.Search
          key={`symbol-${symbol ?? ''}`}
          allowClear
          defaultValue={symbol}
          placeholder={t('symbolFilter')}
          onSearch={(value) => onChange({ symbol: symbolOf(value) })}
          data-testid="swap-filter-symbol"
        />
      </Col>
      {withUid ? (
        <Col>
          <Input.Search
            key={`uid-${uid ?? ''}`}
            allowClear
            defaultValue={uid}
            inputMode="numeric"
            placeholder={t('uidFilter')}
            onSearch={(value) => onChange({ uid: value.trim() })}
          />
        </Col>
      ) : null}
      {symbol || uid ? (
        <Col>
          <Button onClick={() => onChange({ symbol: undefined, uid: undefined })}>{t('clearFilters')}</Button>
        </Col>
      ) : null}
    </Row>
  );
}

/** What an operator types for a contract, as the server names it: `btc`, `BTCUSDT`, `btc/usdt` → `BTC_USDT`. */
export function symbolOf(text: string): string {
  const q = text
    .trim()
    .toUpperCase()
    .replace(/[\s/-]/g, '_');
  if (q === '') return '';
  if (q.includes('_')) return q;
  return q.endsWith('USDT') && q.length > 4 ? `${q.slice(0, -4)}_USDT` : `${q}_USDT`;
}

/** A uid filter as a number (anything else: none). */
export function uidOf(text: string | undefined): number | undefined {
  return text && /^\d+$/.test(text) ? Number(text) : undefined;
}

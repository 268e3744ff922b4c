import { List, DotLoading } from 'antd-mobile';
import { CheckOutline, RedoOutline } from 'antd-mobile-icons';
import { QueryError } from '../../../components/BlockState';
import { NavRight } from '../../../components/PageChrome';
import { useCommonT } from '../../../lib/locales';
import type { PageProps } from '../../../lib/feature';
import { useSettings } from '../../../lib/stores/settings';
import { toast } from '../../../lib/toast';
import { useLineLatencies } from '../api';
import { useSettingsT } from '../locales';
import '../settings.css';

function latencyClass(ms: number | null | undefined): string {
  if (ms === undefined) return '';
  if (ms === null) return 'latency--down';
  if (ms < 300) return 'latency--good';
  if (ms < 800) return 'latency--fair';
  return 'latency--slow';
}

/** /pages/mine/line — every service line with its measured latency; tap one to use it. */
export default function LinePage(_props: PageProps) {
  const t = useSettingsT();
  const common = useCommonT();
  const storedLines = useSettings((s) => s.lines);
  const lineIndex = useSettings((s) => s.lineIndex);
  const setLineIndex = useSettings((s) => s.setLineIndex);
  const probe = useLineLatencies();
  const lines = probe.data?.lines ?? storedLines;

  return (
    <div className="settings-page">
      <NavRight>
        <button
          type="button"
          className="nav-icon-button"
          aria-label={t('retest')}
          disabled={probe.isFetching}
          onClick={() => void probe.refetch()}
        >
          <RedoOutline />
        </button>
      </NavRight>
      <p className="settings-hint">{t('lineHint')}</p>
      {probe.isError && lines.length === 0 ? (
        <QueryError error={probe.error} onRetry={() => void probe.refetch()} />
      ) : (
        <List className="app-list">
          {lines.map((line, i) => {
            const ms = probe.isFetching ? undefined : probe.data?.latencies[i];
            return (
              <List.Item
                key={`${line.id}-${line.http}`}
                arrowIcon={false}
                description={line.http === '' ? t('thisSite') : line.http}
                onClick={() => {
                  if (i === lineIndex) return;
                  setLineIndex(i);
                  toast(t('lineSwitched', { name: common('lineName', { n: i + 1 }) }), 'success');
                }}
                extra={
                  <span className="line-extra">
                    <span className={`latency ${latencyClass(ms)}`}>
                      {ms === undefined ? <DotLoading /> : ms === null ? t('unreachable') : t('latency', { ms })}
                    </span>
                    {i === lineIndex && <CheckOutline className="settings-check" aria-label={t('inUse')} />}
                  </span>
                }
              >
                {common('lineName', { n: i + 1 })}
              </List.Item>
            );
          })}
        </List>
      )}
    </div>
  );
}

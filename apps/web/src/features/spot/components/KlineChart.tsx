import type { Candle, KlinePeriod } from '@bourse/contract';
import {
  type Chart,
  type DeepPartial,
  dispose,
  init,
  type KLineData,
  LoadDataType,
  registerLocale,
  type Styles,
} from 'klinecharts';
import { useEffect, useRef } from 'react';
import { useSettings } from '../../../lib/stores/settings';
import { useSpotT } from '../locales';
import { MAIN_INDICATORS, type MainIndicator, SUB_INDICATORS, type SubIndicator } from './indicators';

/**
 * The candle chart (klinecharts v9, loaded only with the chart page). The chart draws with numbers: candles are
 * converted here, for drawing only — no amount shown elsewhere is computed from them.
 */

const CANDLE_PANE = 'candle_pane';
const SUB_PANE_HEIGHT = 72;

function toKLine(candle: Candle): KLineData {
  return {
    timestamp: candle.t,
    open: Number(candle.o),
    high: Number(candle.h),
    low: Number(candle.l),
    close: Number(candle.c),
    volume: Number(candle.v),
    turnover: Number(candle.qv),
  };
}

/** The chart's colours from the theme tokens of `<html>` (dark or light, red-up or green-up). */
function themeStyles(): DeepPartial<Styles> {
  const css = getComputedStyle(document.documentElement);
  const token = (name: string) => css.getPropertyValue(name).trim();
  // Canvas text does not inherit the page's fonts: name them (klinecharts' default is Helvetica Neue only).
  const family = getComputedStyle(document.body).fontFamily;
  const rise = token('--rise');
  const fall = token('--fall');
  const text = token('--text-2');
  const weak = token('--text-3');
  const border = token('--border');
  const card = token('--card-3');
  const change = { upColor: rise, downColor: fall, noChangeColor: weak };
  const axis = {
    axisLine: { color: border },
    tickLine: { color: border },
    tickText: { color: weak, size: 10, family },
  };
  const crosshairText = { color: token('--text'), backgroundColor: card, borderColor: card, family };
  return {
    grid: { horizontal: { color: border }, vertical: { color: border } },
    candle: {
      bar: {
        ...change,
        upBorderColor: rise,
        downBorderColor: fall,
        noChangeBorderColor: weak,
        upWickColor: rise,
        downWickColor: fall,
        noChangeWickColor: weak,
      },
      priceMark: {
        high: { color: text, textFamily: family },
        low: { color: text, textFamily: family },
        last: { ...change, text: { color: '#ffffff', family } },
      },
      tooltip: { text: { color: text, size: 10, family } },
    },
    indicator: {
      ohlc: change,
      bars: [{ upColor: token('--rise-bg'), downColor: token('--fall-bg'), noChangeColor: border }],
      tooltip: { text: { color: text, size: 10, family } },
      lastValueMark: { text: { family } },
    },
    xAxis: axis,
    yAxis: axis,
    separator: { color: border },
    crosshair: {
      horizontal: { line: { color: weak }, text: crosshairText },
      vertical: { line: { color: weak }, text: crosshairText },
    },
  };
}

export interface KlineChartProps {
  /** `BTC_USDT:15m`: a new key starts the chart over. */
  seriesKey: string;
  candles: readonly Candle[] | undefined;
  period: KlinePeriod;
  pricePrecision: number;
  quantityPrecision: number;
  main: readonly MainIndicator[];
  sub: readonly SubIndicator[];
  /** Older candles when the chart is dragged to its left edge (oldest first); fewer than asked means no more. */
  loadOlder(before: number): Promise<readonly Candle[]>;
}

export default function KlineChart({
  seriesKey,
  candles,
  pricePrecision,
  quantityPrecision,
  main,
  sub,
  loadOlder,
}: KlineChartProps) {
  const t = useSpotT();
  const theme = useSettings((s) => s.theme);
  const upDown = useSettings((s) => s.upDown);
  const lang = useSettings((s) => s.lang);
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<Chart | null>(null);
  /** Which series the chart holds and the open time of its newest candle. */
  const shown = useRef<{ key: string; last: number } | null>(null);
  const subPanes = useRef(new Map<SubIndicator, string>());
  const loader = useRef(loadOlder);
  loader.current = loadOlder;

  useEffect(() => {
    const dom = element.current;
    if (!dom) return;
    const instance = init(dom, { styles: themeStyles() });
    chart.current = instance;
    const panes = subPanes.current;
    const resize = new ResizeObserver(() => instance?.resize());
    resize.observe(dom);
    return () => {
      resize.disconnect();
      dispose(dom);
      chart.current = null;
      shown.current = null;
      panes.clear();
    };
  }, []);

  useEffect(() => {
    chart.current?.setStyles(themeStyles());
  }, [theme, upDown]);

  useEffect(() => {
    const name = `bourse-${lang}`;
    registerLocale(name, {
      time: t('chartTime'),
      open: t('chartOpen'),
      high: t('chartHigh'),
      low: t('chartLow'),
      close: t('chartClose'),
      volume: t('chartVolume'),
      change: t('chartChange'),
      turnover: t('chartTurnover'),
    });
    chart.current?.setLocale(name);
  }, [lang, t]);

  useEffect(() => {
    chart.current?.setPriceVolumePrecision(pricePrecision, quantityPrecision);
  }, [pricePrecision, quantityPrecision]);

  useEffect(() => {
    const instance = chart.current;
    if (!instance) return;
    instance.setLoadDataCallback(({ type, data, callback }) => {
      if (type !== LoadDataType.Forward || !data) {
        callback([], false);
        return;
      }
      loader.current(data.timestamp).then(
        (older) => callback(older.map(toKLine), older.length > 0),
        () => callback([], true),
      );
    });
  }, []);

  useEffect(() => {
    const instance = chart.current;
    if (!instance || !candles) return;
    const current = shown.current;
    if (!current || current.key !== seriesKey) {
      instance.applyNewData(candles.map(toKLine), true);
      shown.current = { key: seriesKey, last: candles.at(-1)?.t ?? 0 };
      return;
    }
    // Live: the current candle changed or a new one opened (a batch of cache updates may bring several).
    for (const candle of candles) {
      if (candle.t >= current.last) instance.updateData(toKLine(candle));
    }
    current.last = candles.at(-1)?.t ?? current.last;
  }, [candles, seriesKey]);

  useEffect(() => {
    const instance = chart.current;
    if (!instance) return;
    for (const name of MAIN_INDICATORS) {
      const present = Boolean(instance.getIndicatorByPaneId(CANDLE_PANE, name));
      if (main.includes(name) && !present) instance.createIndicator(name, true, { id: CANDLE_PANE });
      else if (!main.includes(name) && present) instance.removeIndicator(CANDLE_PANE, name);
    }
  }, [main]);

  useEffect(() => {
    const instance = chart.current;
    if (!instance) return;
    const panes = subPanes.current;
    for (const name of SUB_INDICATORS) {
      const pane = panes.get(name);
      if (sub.includes(name) && !pane) {
        const id = instance.createIndicator(name, false, { height: SUB_PANE_HEIGHT });
        if (id) panes.set(name, id);
      } else if (!sub.includes(name) && pane) {
        instance.removeIndicator(pane, name);
        panes.delete(name);
      }
    }
  }, [sub]);

  return <div ref={element} className="kline-chart" style={{ height: `${17 + sub.length * 4.5}rem` }} />;
}

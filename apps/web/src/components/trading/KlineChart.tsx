import type { Candle, KlinePeriod } from '@bourse/contract';
import {
  type AxisTick,
  type Chart,
  type DeepPartial,
  dispose,
  init,
  type KLineData,
  LineType,
  LoadDataType,
  PolygonType,
  registerLocale,
  registerYAxis,
  type Styles,
  TooltipShowRule,
} from 'klinecharts';
import { useEffect, useRef } from 'react';
import { useLocale } from '../../hooks/useLocale';
import { separatorsOf } from '../../lib/format';
import { useSettings } from '../../lib/stores/settings';
import { useTradingT } from './locales';
import { MAIN_INDICATORS, type MainIndicator, SUB_INDICATORS, type SubIndicator } from './indicators';
import './trading.css';

/**
 * The candle chart (klinecharts v9, loaded only with the chart page). The chart draws with numbers: candles are
 * converted here, for drawing only — no amount shown elsewhere is computed from them.
 */

const CANDLE_PANE = 'candle_pane';
const SUB_PANE_HEIGHT = 84;
/** Height of one legend row at the tooltip's 10 px text with its margins. */
const LEGEND_ROW = 18;
/** Below the data, as a share of its range. */
const BOTTOM_RATE = 0.1;
/** Room right of the newest candle, in pixels: the candles reach the right edge, just clear of it. */
const RIGHT_MARGIN_PX = 12;
/** The last-price tag (10 px text, 2 px padding: as wide as the axis labels, so it fits the axis) and a label overlap
 * when closer than this. */
const LAST_PRICE_CLEARANCE_PX = 14;

/**
 * The price axis of one chart: the default ticks, less any the last-price tag would cover. klinecharts registers axes
 * by name, globally, so each mounted chart takes a name from a small pool and gives it back when it goes.
 */
const priceAxes = new Map<string, { lastPrice: number | null }>();

function acquirePriceAxis(): { name: string; state: { lastPrice: number | null } } {
  let n = 0;
  while (priceAxes.has(`bourse-price-${n}`)) n++;
  const name = `bourse-price-${n}`;
  const state: { lastPrice: number | null } = { lastPrice: null };
  priceAxes.set(name, state);
  registerYAxis({
    name,
    createTicks: ({ range, bounding, defaultTicks }): AxisTick[] => {
      const last = priceAxes.get(name)?.lastPrice ?? null;
      if (last === null || range.range <= 0) return defaultTicks;
      const lastY = bounding.height * (1 - (last - range.from) / range.range);
      return defaultTicks.filter((tick) => Math.abs(tick.coord - lastY) >= LAST_PRICE_CLEARANCE_PX);
    },
  });
  return { name, state };
}

/**
 * The chart draws its figures itself, always with a "." before the decimals. Grouped with "," that reads right in
 * English and Chinese; in a language whose decimal mark is "," (French, Spanish) "96,030.39" would read as 96 point
 * something, so the canvas writes its figures ungrouped there ("96030.39").
 */
function canvasThousandsSeparator(locale: string): string {
  const { group, decimal } = separatorsOf(locale);
  return decimal === '.' ? group : '';
}

/** Decimals an indicator's values (and its pane's axis) show: MACD moves in price units, KDJ and RSI run 0–100. */
function indicatorPrecision(name: SubIndicator, pricePrecision: number): number | null {
  if (name === 'MACD') return pricePrecision;
  if (name === 'KDJ' || name === 'RSI') return 2;
  return null;
}

/**
 * klinecharts widens a pane's value range by `rate × range` above the data (a rate ≥ 1 is read as pixels, of the
 * range rather than of the pane). The rate that leaves `px` pixels free at the top of a pane `height` tall.
 */
function topRate(px: number, height: number): number {
  if (height <= px) return 0.99;
  return Math.min(0.99, (px * (1 + BOTTOM_RATE)) / (height - px));
}

/**
 * Keeps the legends off the data: above the highest candle, room for the main indicators' legends (about two rows
 * each on a phone) and the high-price mark's text; above each sub-indicator, its legend (VOL's takes two rows).
 */
function layoutGaps(instance: Chart, mainCount: number, subPanes: ReadonlyMap<SubIndicator, string>): void {
  const candleHeight = instance.getSize(CANDLE_PANE)?.height ?? 0;
  if (candleHeight > 0) {
    // The legends, then the high-price mark's text above the highest wick (10 px and its offset).
    const px = mainCount * 2 * LEGEND_ROW + 36;
    instance.setPaneOptions({ id: CANDLE_PANE, gap: { top: topRate(px, candleHeight), bottom: BOTTOM_RATE } });
  }
  for (const [name, id] of subPanes) {
    const height = instance.getSize(id)?.height ?? SUB_PANE_HEIGHT;
    const px = (name === 'VOL' ? 2 : 1) * LEGEND_ROW + 4;
    instance.setPaneOptions({ id, gap: { top: topRate(px, height), bottom: 0.02 } });
  }
}

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
        last: {
          ...change,
          text: {
            color: '#ffffff',
            family,
            size: 10,
            paddingLeft: 3,
            paddingRight: 3,
            paddingTop: 2,
            paddingBottom: 2,
          },
        },
      },
      // Open, high, low, close on touch only (the header shows the market's figures): the legends stay readable.
      tooltip: { showRule: TooltipShowRule.FollowCross, text: { color: text, size: 10, family } },
    },
    indicator: {
      ohlc: change,
      // Volume bars stay tinted behind the candles' colours; MACD's own (subIndicatorStyles) are solid.
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

/**
 * A sub-pane indicator as it should read: MACD's histogram (and its legend value, drawn in the bar's colour) in solid
 * rise/fall colours rather than the faint volume tints; every value at a precision that fits what it measures.
 */
function styleSubIndicator(instance: Chart, name: SubIndicator, paneId: string, pricePrecision: number): void {
  const precision = indicatorPrecision(name, pricePrecision);
  if (name === 'MACD') {
    const css = getComputedStyle(document.documentElement);
    const token = (variable: string) => css.getPropertyValue(variable).trim();
    instance.overrideIndicator(
      {
        name,
        precision: precision ?? pricePrecision,
        styles: {
          bars: [
            {
              upColor: token('--rise'),
              downColor: token('--fall'),
              noChangeColor: token('--text-3'),
              style: PolygonType.Fill,
              borderStyle: LineType.Solid,
              borderSize: 1,
              borderDashedValue: [2, 2],
            },
          ],
        },
      },
      paneId,
    );
  } else if (precision !== null) {
    instance.overrideIndicator({ name, precision }, paneId);
  }
}

/**
 * The VOL pane's legend without its "VOLUME" value: the candle tooltip shows the volume already, and the value was
 * drawn in the bars' faint colour on a row of its own.
 */
function withoutVolumeLegend(instance: Chart, paneId: string): void {
  const indicator = instance.getIndicatorByPaneId(paneId, 'VOL');
  if (!indicator || indicator instanceof Map) return;
  const figures = indicator.figures.map((f) => (f.key === 'volume' ? { ...f, title: undefined } : f));
  instance.overrideIndicator({ name: 'VOL', figures }, paneId);
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
  const t = useTradingT();
  const theme = useSettings((s) => s.theme);
  const upDown = useSettings((s) => s.upDown);
  const lang = useSettings((s) => s.lang);
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<Chart | null>(null);
  /** Which series the chart holds and the open time of its newest candle. */
  const shown = useRef<{ key: string; last: number } | null>(null);
  const subPanes = useRef(new Map<SubIndicator, string>());
  const priceAxis = useRef<{ name: string; state: { lastPrice: number | null } } | null>(null);
  const loader = useRef(loadOlder);
  loader.current = loadOlder;
  const precision = useRef(pricePrecision);
  precision.current = pricePrecision;
  const locale = useRef(useLocale());

  useEffect(() => {
    const dom = element.current;
    if (!dom) return;
    const instance = init(dom, { styles: themeStyles(), thousandsSeparator: canvasThousandsSeparator(locale.current) });
    if (!instance) return;
    chart.current = instance;
    const axis = acquirePriceAxis();
    priceAxis.current = axis;
    instance.setPaneOptions({ id: CANDLE_PANE, axisOptions: { name: axis.name } });
    instance.setOffsetRightDistance(RIGHT_MARGIN_PX);
    const panes = subPanes.current;
    const resize = new ResizeObserver(() => instance.resize());
    resize.observe(dom);
    return () => {
      resize.disconnect();
      dispose(dom);
      priceAxes.delete(axis.name);
      priceAxis.current = null;
      chart.current = null;
      shown.current = null;
      panes.clear();
    };
  }, []);

  useEffect(() => {
    const instance = chart.current;
    if (!instance) return;
    instance.setStyles(themeStyles());
    for (const [name, id] of subPanes.current) styleSubIndicator(instance, name, id, precision.current);
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
    const instance = chart.current;
    if (!instance) return;
    instance.setPriceVolumePrecision(pricePrecision, quantityPrecision);
    for (const [name, id] of subPanes.current) styleSubIndicator(instance, name, id, pricePrecision);
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
    const newest = candles.at(-1);
    const axis = priceAxis.current;
    const lastPrice = newest ? Number(newest.c) : null;
    const moved = axis !== null && axis.state.lastPrice !== lastPrice;
    if (axis) axis.state.lastPrice = lastPrice;
    const current = shown.current;
    if (!current || current.key !== seriesKey) {
      instance.applyNewData(candles.map(toKLine), true);
      shown.current = { key: seriesKey, last: newest?.t ?? 0 };
      return;
    }
    // Live: the current candle changed or a new one opened (a batch of cache updates may bring several).
    for (const candle of candles) {
      if (candle.t >= current.last) instance.updateData(toKLine(candle));
    }
    current.last = newest?.t ?? current.last;
    // The last-price tag moved: lay the price labels out again around it (the axis is rebuilt on a pane update).
    if (moved && axis) instance.setPaneOptions({ id: CANDLE_PANE, axisOptions: { name: axis.name } });
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
        if (id) {
          panes.set(name, id);
          if (name === 'VOL') withoutVolumeLegend(instance, id);
          styleSubIndicator(instance, name, id, precision.current);
        }
      } else if (!sub.includes(name) && pane) {
        instance.removeIndicator(pane, name);
        panes.delete(name);
      }
    }
  }, [sub]);

  // After the panes above: the candle pane's height depends on how many sub-panes there are.
  useEffect(() => {
    const instance = chart.current;
    if (!instance) return;
    const apply = () => layoutGaps(instance, main.length, subPanes.current);
    apply();
    const dom = element.current;
    if (!dom) return;
    const resize = new ResizeObserver(apply);
    resize.observe(dom);
    return () => resize.disconnect();
  }, [main, sub]);

  return (
    <div ref={element} className="kline-chart" style={{ height: `${17 + (sub.length * SUB_PANE_HEIGHT) / 16}rem` }} />
  );
}

export { OrderBook, type OrderBookOptions } from './book';
export { CommandLog, replay } from './command-log';
export { MarketRules } from './market';
export { copyFill, copyReport } from './report';
export { afterFee, bpsToPpm, divide, fee, notional, pow10, PPM, rescale, type Rounding } from './fixed';
export type {
  CancelOrder,
  Command,
  CommandKind,
  Depth,
  DepthDiff,
  DepthLevel,
  ExecutionReport,
  ExpireReason,
  Fill,
  LevelChange,
  MarketSpec,
  MoveOrder,
  OrderType,
  PlaceOrder,
  ReduceOrder,
  RejectReason,
  RemovedOrder,
  RestingOrder,
  RestoreOrder,
  Side,
  StpMode,
} from './types';
export * from './perp';
export * from './options';

/** Live-channel names (spec §7) and the frames that travel on `/ws`. */

import type { ChatFrame } from './api/routes/community';
import type { SupportFrame } from './api/routes/support';
import type { C2CFrame } from './schemas/c2c';
import type { HomeNoticeEvent, HomeNoticeSnapshot } from './schemas/content';
import type { OptionKlineFrame, OptionTicker } from './schemas/options';
import type {
  SwapDepthFrame,
  SwapHistoryFrame,
  SwapKlineFrame,
  SwapOrderFrame,
  SwapPositionsFrame,
  SwapTickerFrame,
} from './schemas/perp';
import type { DepthFrame, KlineFrame, KlineListFrame, OrderFrame, SpotTickerFrame, TickerFrame } from './schemas/spot';

export const CHANNELS = [
  'home',
  'ticker',
  'kline',
  'option-kline',
  'swap-kline',
  'swap-ticker',
  'swap-depth',
  'spot-kline',
  'spot-ticker',
  'spot-depth',
  'spot-entrust-order',
  'swap-entrust-order',
  'swap-positions',
  'swap history-order',
  'spot history-order',
  'option-ticker',
  // Added by Bourse: the customer-service conversation (private: messages and read receipts).
  'support',
  // Added by Bourse: the user's crypto loans (private: LTV updates, margin calls, liquidations).
  'loans',
  // Added by Bourse: the user's C2C orders (private: order changes, chat messages, notifications).
  'c2c',
  // Added by Bourse: the community chat (public, one topic per room: new messages and removals).
  'chat',
] as const;
export type ChannelName = (typeof CHANNELS)[number];

/** Replies to the socket's own operations use these pseudo-channels. */
export const CONTROL_CHANNELS = ['login', 'pong', 'sub', 'unsub', 'error'] as const;
export type ControlChannel = (typeof CONTROL_CHANNELS)[number];

/** Client → server. Subscription parameters (symbol, period…) sit beside `channel`. */
export type ClientFrame =
  | { op: 'login'; uid: number | string; token: string }
  | { op: 'logout' }
  | { op: 'ping' }
  | { op: 'sub'; channel: ChannelName; [param: string]: unknown }
  | { op: 'unsub'; channel: ChannelName; [param: string]: unknown };

/** Server → client. `code` 200 is normal, 400 means the session is invalid. */
export interface ServerFrame<T = unknown> {
  channel: ChannelName | ControlChannel;
  code: number;
  msg?: string;
  /** The subscription's topic (e.g. "BTC_USDT" or "BTC_USDT:1m") when the channel has parameters. */
  topic?: string;
  data?: T;
  ts: number;
}

/**
 * What each live channel carries: the server's hub only publishes (and snapshots) exactly this type for a channel,
 * and the app's live client hands its listeners this type. A product that adds a channel adds its frame here.
 */
export interface ChannelFrames {
  home: HomeNoticeSnapshot | HomeNoticeEvent;
  ticker: TickerFrame;
  kline: KlineListFrame;
  'option-kline': OptionKlineFrame;
  'option-ticker': OptionTicker;
  'swap-kline': SwapKlineFrame;
  'swap-ticker': SwapTickerFrame;
  'swap-depth': SwapDepthFrame;
  'swap-entrust-order': SwapOrderFrame;
  'swap-positions': SwapPositionsFrame;
  'swap history-order': SwapHistoryFrame;
  'spot-kline': KlineFrame;
  'spot-ticker': SpotTickerFrame;
  'spot-depth': DepthFrame;
  'spot-entrust-order': OrderFrame;
  'spot history-order': OrderFrame;
  support: SupportFrame;
  /** The loans module declares its frame when it is built. */
  loans: unknown;
  c2c: C2CFrame;
  chat: ChatFrame;
}
export type ChannelFrame<C extends ChannelName> = ChannelFrames[C];

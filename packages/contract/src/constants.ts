/** Constants the spec fixes (spec §9) and that client and server both use. */

export const APP_VERSION = '1.4.7';
export const APP_VERSION_CODE = 147;

export const REQUEST_TIMEOUT_MS = 60_000;
export const PAGE_LOAD_TIMEOUT_MS = 60_000;
export const PAGE_LOADING_DELAY_MS = 200;
export const TOAST_MS = 1500;
export const LINE_RECHECK_INTERVAL_MS = 60_000;
export const WS_PING_INTERVAL_MS = 30_000;
export const WS_RECONNECT_DELAY_MS = 2000;
export const WS_SESSION_INVALID_REDIRECT_MS = 1000;
export const LONG_PRESS_MS = 350;
export const LONG_PRESS_TOLERANCE_PX = 10;

export const ROOT_FONT_DIVISOR = 23.4375;
export const MAX_LAYOUT_WIDTH = 960;
export const FALLBACK_BASE_WIDTH = 375;

export const LOGIN_PASSWORD_MIN = 6;
export const LOGIN_PASSWORD_MAX = 18;
export const FUND_PASSWORD_PATTERN = /^\d{6}$/;
export const MOBILE_PATTERN = /^\d{11}$/;
export const TOTP_PATTERN = /^\d{6}$/;
export const VERIFICATION_CODE_PATTERN = /^\d{6}$/;
export const APPEAL_MIN_LENGTH = 10;

export const HISTORY_MONTHS = 3;
export const PARTNER_DAYS = 60;
export const CHECKIN_STREAK_DAYS = 7;
export const MERCHANT_FREE_CANCELS_PER_DAY = 2;
export const COPY_MAX_PAIRS = 6;

export const WALLETS = ['spot', 'contract', 'fiat', 'options', 'gold', 'mining'] as const;
export type Wallet = (typeof WALLETS)[number];

export const THEMES = ['dark', 'light'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'dark';

/** Reusable pieces for browser journeys: a real server, Debian's Chromium, phone pages, codes, screenshots. */
export { startServer, readCode, freePort, type TestServer, type StartServerOptions } from './server';
export {
  launchBrowser,
  newPage,
  screenshot,
  hasHorizontalOverflow,
  PHONE_VIEWPORT,
  type AppPage,
  type AppLang,
  type AppTheme,
  type NewPageOptions,
} from './browser';
export { ARTIFACTS_DIR, REPO_ROOT } from './paths';
export {
  registerViaApi,
  loginViaApi,
  uniqueEmail,
  currentRoute,
  waitForRoute,
  fill,
  operatorToken,
  operatorCall,
  advanceClock,
  serverNow,
  type LoginStorage,
} from './app';
export {
  userCall,
  userUpload,
  walletBalance,
  depositOnChain,
  transferBetweenWallets,
  verifyIdentity,
  setFundPassword,
} from './funds';
export {
  CONSOLE_KEYS,
  CONSOLE_VIEWPORT,
  freshTotp,
  pngImage,
  signInToConsole,
  totp,
  type ConsoleSignIn,
} from './console';

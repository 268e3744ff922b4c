import type { Chain } from './chain';
import type { ChainConfig } from './manifest';

/** The chain module's public face. */
export { chainModule } from './manifest';
export { ChainSendError, isSimulator } from './chain';
export { SimulatedChain } from './simulated';
export type { Chain, ChainSimulator, ChainTransfer, ChainTxStatus, SendRequest } from './chain';
export { canonicalAddress, isValidAddress } from './addresses';
export { addressExample, DEFAULT_NETWORK_SETTINGS, networkSpec, NETWORKS } from './networks';
export type { NetworkSettings, NetworkSpec } from './networks';

declare module '../../platform/module' {
  interface Services {
    chain: Chain;
  }
  interface ModuleConfig {
    chain: ChainConfig;
  }
}

import { z } from 'zod';
import { readEnv } from '../../lib/env';
import { defineModule } from '../../platform/module';
import { SimulatedChain } from './simulated';

const Env = z.object({
  // Simulated chain: a block every this many milliseconds; 0 mines only when told (tests, operator route).
  CHAIN_BLOCK_MS: z.coerce.number().int().min(0).default(3000),
});

export interface ChainConfig {
  blockMs: number;
}

/** The blockchain adapter: the simulated chain by default (a real chain plugs in behind the same interface). */
export const chainModule = defineModule({
  name: 'chain',
  config: (env): ChainConfig => ({ blockMs: readEnv(Env, env).CHAIN_BLOCK_MS }),
  create: (kit) => new SimulatedChain(kit.db, kit.tx, kit.clock, kit.log, kit.config.chain.blockMs),
  // A block every CHAIN_BLOCK_MS once the scheduler runs; tests set CHAIN_BLOCK_MS=0 and mine themselves.
  jobs: (chain) => chain.jobs(),
});

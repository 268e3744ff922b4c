/**
 * Runs only our engine over one flow, several times, for profiling:
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/engine/profile.ts [exchange-core|placement|deep|deep-top]
 */
import { OrderBook, type Command } from '@bourse/engine';
import { BENCH_SPEC, generateMix, type MixOptions } from './flows';
import { formatRate, timeNs } from './measure';

const which = process.argv[2] ?? 'exchange-core';
const base: MixOptions = {
  seed: 1,
  commands: 3_000_000,
  targetResting: 1_000,
  spread: 500,
  owners: 1_000,
  mix: { gtc: 9, ioc: 3, cancel: 6, reduce: 0 },
};
const options: MixOptions =
  which === 'placement'
    ? { ...base, seed: 2, commands: 1_000_000, mix: { gtc: 45, ioc: 10, cancel: 30, reduce: 0 } }
    : which === 'deep'
      ? { ...base, seed: 4, commands: 1_000_000, preload: 1_000_000, targetResting: 1_000_000, spread: 20_000 }
      : which === 'deep-top'
        ? {
            ...base,
            seed: 3,
            commands: 1_000_000,
            preload: 1_000_000,
            preloadOffsets: { from: 600, to: 20_600 },
            touchPreload: false,
          }
        : base;
const flow = generateMix(options);
const runs = Number(process.argv[3] ?? 6);
for (let run = 0; run < runs; run++) {
  const book = new OrderBook(BENCH_SPEC);
  for (const command of flow.setup) book.apply(command);
  book.drainChangedLevels();
  const commands = flow.commands;
  const cpu = process.cpuUsage();
  const ns = timeNs(() => {
    for (let i = 0; i < commands.length; i++) {
      book.apply(commands[i] as Command);
      if ((i & 16383) === 16383) book.drainChangedLevels();
    }
  });
  const used = process.cpuUsage(cpu);
  const cpuNs = (used.user + used.system) * 1000;
  console.log(
    `${which} run ${run}: ${formatRate(commands.length / (ns / 1e9))} wall, ${formatRate(commands.length / (cpuNs / 1e9))} per CPU-second`,
  );
}

// Runs tinybench tasks and prints medians, throughput and ratios to the reference.
import { Bench } from 'tinybench';

/**
 * @typedef {{ name: string, bytes: number, fn: () => unknown, referenceMBps?: number, targetMBps?: number }} Case
 */

/** Runs `cases` and prints one table row per case; returns the rows. */
export async function runCases(title, cases, { time = 500, iterations = 16 } = {}) {
  const bench = new Bench({ time, iterations, warmupTime: 100, warmupIterations: 2 });
  for (const c of cases) bench.add(c.name, c.fn);
  await bench.run();
  console.log(`\n${title}`);
  console.log('  case                                size      median      MB/s   reference   ×ref   target');
  const rows = [];
  for (const c of cases) {
    const task = bench.getTask(c.name);
    const medianMs = task?.result?.latency?.p50;
    if (medianMs === undefined) throw new Error(`no result for ${c.name}`);
    const mbps = c.bytes / 1e6 / (medianMs / 1e3);
    const ref = c.referenceMBps;
    const row = {
      name: c.name,
      medianUs: medianMs * 1e3,
      mbps,
      ratio: ref ? mbps / ref : undefined,
      meetsTarget: c.targetMBps ? mbps >= c.targetMBps : undefined,
    };
    rows.push(row);
    console.log(
      `  ${c.name.padEnd(34)} ${`${(c.bytes / 1024).toFixed(0)} KB`.padStart(6)} ${`${row.medianUs.toFixed(1)} µs`.padStart(11)} ${mbps.toFixed(0).padStart(9)} ${
        ref ? `${ref} MB/s`.padStart(11) : ''.padStart(11)
      } ${row.ratio ? `${row.ratio.toFixed(2)}×`.padStart(6) : ''.padStart(6)} ${
        c.targetMBps ? `${row.meetsTarget ? 'met' : 'MISSED'} (≥${c.targetMBps})` : ''
      }`,
    );
  }
  return rows;
}

/** UTF-8 size of a string. */
export const utf8Bytes = (text) => Buffer.byteLength(text, 'utf8');

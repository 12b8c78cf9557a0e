// template-analyzer: the differential analysis of every shared template, uncached, against
// the reference's own analysis time (analysis_us of template-analysis.jsonl).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyzeTemplate } from '@autoparser/template-analyzer';

const shared = join(dirname(fileURLToPath(import.meta.url)), '../../../../shared');

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Median of `runs` timings of `fn`, in microseconds. */
function timeUs(fn, runs) {
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    fn();
    samples.push(Number(process.hrtime.bigint() - start) / 1e3);
  }
  return median(samples);
}

export async function benchTemplateAnalyzer({ runs = 7, perTemplate = true } = {}) {
  const records = readFileSync(join(shared, 'conformance/template-analysis.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));
  const rows = records.map((record) => {
    const source = readFileSync(join(shared, 'templates', record.template), 'utf8');
    analyzeTemplate(source); // warm-up: JIT and the template's compilation
    return { template: record.template, ours: timeUs(() => analyzeTemplate(source), runs), reference: record.analysis_us };
  });
  console.log('\n@autoparser/template-analyzer — analyzeTemplate, uncached (median of runs per template)');
  if (perTemplate) {
    console.log('  template                                         ours µs   reference µs   ×ref');
    for (const row of rows) {
      console.log(`  ${row.template.padEnd(46)} ${row.ours.toFixed(0).padStart(9)} ${String(row.reference).padStart(14)} ${(row.reference / row.ours).toFixed(2).padStart(6)}×`);
    }
  }
  const ours = rows.map((r) => r.ours);
  const reference = rows.map((r) => r.reference);
  const [om, rm] = [median(ours), median(reference)];
  const [ow, rw] = [Math.max(...ours), Math.max(...reference)];
  console.log(`  median: ours ${om.toFixed(0)} µs, reference ${rm.toFixed(0)} µs (${(rm / om).toFixed(2)}× the reference's speed; target ≥ 1×: ${om <= rm ? 'met' : 'MISSED'})`);
  console.log(`  worst:  ours ${ow.toFixed(0)} µs, reference ${rw.toFixed(0)} µs`);
  return rows;
}

import { fileURLToPath } from 'node:url';
import { defaultDataDir, defaultTemplateDir } from '@autoparser/conformance';
import { loadXgrammar } from './load-xgrammar.js';
import { checkXgrammar, type XgrammarFigures } from './xgrammar-check.js';

/** The sections the check can run. */
export const SECTIONS = ['xgrammar'] as const;
/** One section of the check. */
export type Section = (typeof SECTIONS)[number];

/** What `pnpm engines-check --json` prints. */
export interface EnginesReport {
  /** xgrammar compiling and matching our structural tags and EBNF grammars. */
  xgrammar?: XgrammarFigures;
}

/** The zoo's templates (tools/zoo/templates). */
export const ZOO_DIR = fileURLToPath(new URL('../../zoo/templates', import.meta.url));

/** Runs the requested sections. */
export async function runEnginesCheck(sections: readonly Section[]): Promise<EnginesReport> {
  const report: EnginesReport = {};
  if (sections.includes('xgrammar')) {
    report.xgrammar = await checkXgrammar(loadXgrammar(), { dataDir: defaultDataDir, templateDir: defaultTemplateDir, zooDir: ZOO_DIR });
  }
  return report;
}

/** Did every section hold (everything exported compiled, every canonical output accepted, every negative rejected)? */
export function reportHolds(report: EnginesReport): boolean {
  const x = report.xgrammar;
  return x === undefined || (x.compiled === x.exported && x.accepted + x.rejected === x.total);
}

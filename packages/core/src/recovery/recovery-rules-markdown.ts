import type { RecoveryRule } from '@autoparser/types';

/** The lines that enclose the generated table in `recovery-rules.md`. */
export const RULES_TABLE_START = '<!-- recovery-rules:start (generated from recoveryRules: pnpm --filter @autoparser/core rules:doc) -->';
export const RULES_TABLE_END = '<!-- recovery-rules:end -->';

/** A Markdown table cell: pipes escaped, no line breaks. */
const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');

/**
 * The rules as one Markdown table, a row per example (a rule's first row names its site and
 * what it reads), enclosed in {@link RULES_TABLE_START} and {@link RULES_TABLE_END}.
 */
export function recoveryRulesMarkdown(rules: readonly RecoveryRule[]): string {
  const lines = [RULES_TABLE_START, '| rule | site | what it reads | formats | example input | result |', '|---|---|---|---|---|---|'];
  for (const rule of rules) {
    rule.examples.forEach((example, i) => {
      const head = i === 0 ? [`\`${rule.id}\``, `\`${rule.site}\``, cell(rule.description)] : [`\`${rule.id}\``, '', ''];
      lines.push(`| ${[...head, cell(example.formats), cell(example.input), cell(example.result)].join(' | ')} |`);
    });
  }
  lines.push(RULES_TABLE_END);
  return lines.join('\n');
}

/** `doc` with the text between the table's enclosing lines (or the whole doc, if it has none) replaced by `table`. */
export function withRulesTable(doc: string, table: string): string {
  const start = doc.indexOf(RULES_TABLE_START);
  const end = doc.indexOf(RULES_TABLE_END);
  if (start < 0 || end < start) return table;
  return doc.slice(0, start) + table + doc.slice(end + RULES_TABLE_END.length);
}

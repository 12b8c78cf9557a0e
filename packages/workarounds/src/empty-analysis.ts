// The analysis constructors belong to the analyzer; this path stays for the plugins' imports.
export { createEmptyAnalysis } from '@autoparser/template-analyzer';

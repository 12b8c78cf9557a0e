// The analysis constructors belong to the analyzer; this path stays for the plugins' imports.
export { cloneAnalysis, createEmptyAnalysis } from '@autoparser/template-analyzer';

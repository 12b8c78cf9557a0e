// The analysis types belong to the analyzer; this path stays for the plugins' imports.
export type * from '@autoparser/template-analyzer';

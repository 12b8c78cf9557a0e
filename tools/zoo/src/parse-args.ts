import { parseArgs } from 'node:util';

/** The zoo's options. */
export interface ZooOptions {
  /** The template folder. */
  readonly dir: string;
  /** Print the report as one JSON object. */
  readonly json: boolean;
  /** Run only this many templates, drawn with `seed`. */
  readonly sample: number | undefined;
  readonly seed: number;
  /** Fail when a template of the baseline falls below it. */
  readonly ratchet: string | undefined;
  /** Write the run's baseline here. */
  readonly writeBaseline: string | undefined;
  /** The Python that runs Jinja2. */
  readonly python: string;
  readonly help: boolean;
}

/** Usage text. */
export const USAGE = `Usage: autoparser-zoo [--dir DIR] [--json] [--sample N] [--seed S]
                     [--ratchet FILE] [--write-baseline FILE] [--python PATH]

Runs every template under DIR (default tools/zoo/templates) through autoparser: a plain
render, byte-equality with Python's Jinja2 over six conversations, the analysis, and the
self-check scenarios. Prints a table, or with --json one JSON object
{templates, families, rendered, renderEqual, clean, perFamily, failureClasses, perTemplate}.
Progress goes to stderr.

  --sample N             run N templates drawn with --seed (default seed 1)
  --ratchet FILE         exit 1 when a template clean (or rendering equal) in FILE no longer is
  --write-baseline FILE  write this run's clean and render-equal templates to FILE
  --python PATH          the python3 with jinja2 (default python3)

Exit status: 0 ok, 1 ratchet regression, 2 usage error.
`;

/** Parses the command line; throws a usage message on a bad one. */
export function parseZooArgs(argv: readonly string[], defaultDir: string): ZooOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      dir: { type: 'string' },
      json: { type: 'boolean' },
      sample: { type: 'string' },
      seed: { type: 'string' },
      ratchet: { type: 'string' },
      'write-baseline': { type: 'string' },
      python: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  const integer = (name: string, text: string | undefined, fallback: number | undefined): number | undefined => {
    if (text === undefined) return fallback;
    if (!/^\d+$/.test(text)) throw new Error(`--${name} wants a non-negative integer, got "${text}"`);
    return Number(text);
  };
  return {
    dir: values.dir ?? defaultDir,
    json: values.json === true,
    sample: integer('sample', values.sample, undefined),
    seed: integer('seed', values.seed, 1) ?? 1,
    ratchet: values.ratchet,
    writeBaseline: values['write-baseline'],
    python: values.python ?? 'python3',
    help: values.help === true,
  };
}

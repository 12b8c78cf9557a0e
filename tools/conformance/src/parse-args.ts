/** What the command line asked for. */
export interface CliOptions {
  /** `--data`: files to run instead of the default set. */
  dataFiles: string[];
  /** `--templates`: folders searched after the default one. */
  templateDirs: string[];
  json: boolean;
  /** `--progress` / `--no-progress`; undefined: draw a bar when stderr is a terminal. */
  progress?: boolean;
  ratchet?: string;
  writeBaseline?: string;
  help: boolean;
}

/** A command line that cannot be acted on; the message is one line. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** The help text printed by `--help`. */
export const USAGE = `Usage: node tools/conformance/dist/cli.js [options]

Runs autoparser's checks against the reference conformance data and prints a table per
data file and check, ending with the line "N passed, N failed".

Options:
  --data FILE              run only FILE (repeatable; default: every *.jsonl in ../shared/conformance)
  --templates DIR          also search DIR for templates (repeatable; ../shared/templates stays first)
  --json                   print only the JSON report
  --progress               draw a progress bar on stderr (the default on a terminal)
  --no-progress            never draw it
  --ratchet BASELINE       compare with BASELINE: fail on regressions and on newly passing ids it lacks
  --write-baseline FILE    write the ids passing each implemented check to FILE
  --help                   print this help

Exit status: 0 all implemented checks pass (with --ratchet: the ratchet holds; with
--write-baseline: the baseline was written), 1 otherwise, 2 usage or data error.
`;

const VALUED = new Set(['--data', '--templates', '--ratchet', '--write-baseline']);
const SWITCHES = new Set(['--json', '--help', '--progress', '--no-progress']);

/**
 * Parses the arguments after `node cli.js`. Flags take their value as the next argument
 * or after `=`.
 *
 * @throws {@link UsageError} for an unknown flag, a missing value, a positional argument,
 * a repeated single-use flag, or `--ratchet` together with `--write-baseline`.
 */
export function parseArgs(argv: readonly string[]): CliOptions {
  const options: CliOptions = { dataFiles: [], templateDirs: [], json: false, help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const flag = eq === -1 ? arg : arg.slice(0, eq);
    if (SWITCHES.has(flag)) {
      if (eq !== -1) throw new UsageError(`${flag} takes no value`);
      if (flag === '--json') options.json = true;
      else if (flag === '--progress' || flag === '--no-progress') options.progress = flag === '--progress';
      else options.help = true;
      continue;
    }
    if (!VALUED.has(flag)) {
      throw new UsageError(arg.startsWith('-') ? `unknown option ${flag}` : `unexpected argument ${arg}`);
    }
    let value: string | undefined;
    if (eq !== -1) value = arg.slice(eq + 1);
    else if (i + 1 < argv.length && !argv[i + 1]!.startsWith('--')) value = argv[++i];
    if (value === undefined || value === '') throw new UsageError(`${flag} needs a value`);
    if (flag === '--data') options.dataFiles.push(value);
    else if (flag === '--templates') options.templateDirs.push(value);
    else {
      const key = flag === '--ratchet' ? 'ratchet' : 'writeBaseline';
      if (options[key] !== undefined) throw new UsageError(`${flag} given twice`);
      options[key] = value;
    }
  }
  if (options.ratchet !== undefined && options.writeBaseline !== undefined) {
    throw new UsageError('--ratchet and --write-baseline cannot be combined');
  }
  return options;
}

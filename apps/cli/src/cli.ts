import { CliError, EXIT_USAGE, errorMessage } from './cli-error.js';
import { styleFor, type CliIo } from './cli-io.js';
import { analyzeCommand } from './commands/analyze.js';
import { checkCommand } from './commands/check.js';
import { conformanceCommand } from './commands/conformance.js';
import { debugCommand } from './commands/debug.js';
import { grammarCommand } from './commands/grammar.js';
import { parseCommand } from './commands/parse.js';
import { recoveriesCommand } from './commands/recoveries.js';
import { renderCommand } from './commands/render.js';
import { serveCommand } from './commands/serve.js';
import { COMMAND_USAGE, GLOBAL_USAGE } from './usage.js';

/** Options of {@link cli}. */
export interface CliOptions {
  /** Call `process.exit` with the status when done (for scripts that must not linger). Default false. */
  readonly exit?: boolean | undefined;
}

type Command = (argv: readonly string[], io: CliIo, style: ReturnType<typeof styleFor>, usage: string) => number | Promise<number>;

const COMMANDS: Readonly<Record<string, Command>> = {
  analyze: analyzeCommand,
  render: renderCommand,
  parse: parseCommand,
  grammar: grammarCommand,
  check: checkCommand,
  recoveries: recoveriesCommand,
  conformance: (argv, io) => conformanceCommand(argv, io),
  debug: debugCommand,
  serve: serveCommand,
};

/** One `error: …` line and a hint; a multi-line message (a template error) keeps its first line only. */
function reportError(io: CliIo, error: unknown): void {
  const style = styleFor({ ...io, isTTY: io.stderr.isTTY ?? false });
  const message = errorMessage(error).split('\n')[0] ?? '';
  io.stderr.write(`${style.red('error:')} ${message}\n`);
  const hint =
    error instanceof CliError
      ? error.hint
      : error instanceof Error && error.name === 'TemplateRenderError'
        ? 'the template cannot render this request; check its messages and tools'
        : 'this looks like a bug in autoparser; please report it with the command you ran';
  if (hint !== undefined) io.stderr.write(`${style.dim('hint:')} ${hint}\n`);
}

/**
 * The `autoparser` command line, callable in-process: tests pass collecting `io`, the
 * binary passes `process`. Never throws and never prints a stack trace.
 *
 * @returns the exit status: 0 ok, 1 `check` or `conformance` failures, 2 usage or input error.
 */
export async function cli(argv: readonly string[], io: CliIo = process, options: CliOptions = {}): Promise<number> {
  let status: number;
  try {
    status = await dispatch(argv, io);
  } catch (error) {
    reportError(io, error);
    status = EXIT_USAGE;
  }
  if (options.exit === true) process.exit(status);
  return status;
}

async function dispatch(argv: readonly string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === '--help' || name === '-h' || name === 'help') {
    const topic = name === 'help' ? rest[0] : undefined;
    io.stdout.write(topic !== undefined && COMMAND_USAGE[topic] !== undefined ? COMMAND_USAGE[topic] : GLOBAL_USAGE);
    return 0;
  }
  if (name === undefined) {
    io.stderr.write(GLOBAL_USAGE);
    return EXIT_USAGE;
  }
  const command = COMMANDS[name];
  if (command === undefined) {
    if (name.startsWith('-')) throw new CliError(`unknown option "${name}" (a command comes first)`, 'see autoparser --help');
    throw new CliError(`unknown command "${name}"`, `commands: ${Object.keys(COMMANDS).join(', ')}; see autoparser --help`);
  }
  return command(rest, io, styleFor(io), COMMAND_USAGE[name] ?? GLOBAL_USAGE);
}

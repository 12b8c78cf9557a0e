import { parseArgs, type ParseArgsConfig } from 'node:util';
import { CliError } from './cli-error.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/** Parsed flags and positionals of one command. */
export interface CommandArgs {
  /** Flag values by name (strings, booleans, or string arrays for repeatable flags). */
  readonly values: Readonly<Record<string, string | boolean | (string | boolean)[] | undefined>>;
  /** Positional arguments. */
  readonly positionals: readonly string[];
}

/**
 * `node:util` parseArgs in strict mode, with its errors turned into {@link CliError}s
 * that name the command's help.
 */
export function parseCommandArgs(command: string, argv: readonly string[], options: Options): CommandArgs {
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      options: { help: { type: 'boolean', short: 'h' }, ...options },
      allowPositionals: true,
      strict: true,
    });
    return { values, positionals };
  } catch (error) {
    // parseArgs' messages are long and mention internals; keep their first sentence.
    const message = error instanceof Error ? (error.message.split('. ')[0] ?? error.message) : String(error);
    throw new CliError(message.replace(/^Unknown option/, 'unknown option'), `see autoparser ${command} --help`);
  }
}

/** The one positional (`what`: how the usage names it), or a usage error. */
export function templateArg(command: string, args: CommandArgs, what = '<template>'): string {
  const [template, ...extra] = args.positionals;
  if (template === undefined) throw new CliError(`${command}: missing ${what}`, `see autoparser ${command} --help`);
  if (extra.length > 0) throw new CliError(`${command}: unexpected argument "${extra[0] ?? ''}"`, `see autoparser ${command} --help`);
  return template;
}

/** A string flag's value, when given. */
export function stringFlag(args: CommandArgs, name: string): string | undefined {
  const value = args.values[name];
  return typeof value === 'string' ? value : undefined;
}

/** A required string flag. */
export function requiredFlag(command: string, args: CommandArgs, name: string, what: string): string {
  const value = stringFlag(args, name);
  if (value === undefined) throw new CliError(`${command}: missing --${name} ${what}`, `see autoparser ${command} --help`);
  return value;
}

/** A boolean flag. */
export const booleanFlag = (args: CommandArgs, name: string): boolean => args.values[name] === true;

/** An integer flag from `min` to `max`, when given (else a usage error naming the range). */
export function integerFlag(command: string, args: CommandArgs, name: string, min: number, max: number): number | undefined {
  const text = stringFlag(args, name);
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) throw new CliError(`${command}: --${name} must be an integer from ${min} to ${max}, got "${text}"`, `see autoparser ${command} --help`);
  return value;
}

/**
 * The rules of a grammar being emitted: names are reserved first (so recursive rules can
 * refer to each other) and defined later; clashing names get a numeric suffix.
 */
export class RuleSet {
  private readonly bodies = new Map<string, string | undefined>();

  /** Reserves a unique name based on `name` (`name`, `name-2`, …) and returns it. */
  reserve(name: string): string {
    let unique = name;
    for (let i = 2; this.bodies.has(unique); i++) unique = `${name}-${i}`;
    this.bodies.set(unique, undefined);
    return unique;
  }

  /** Sets the body of a reserved rule. */
  define(name: string, body: string): void {
    this.bodies.set(name, body);
  }

  /** Whether `name` is taken. */
  has(name: string): boolean {
    return this.bodies.has(name);
  }

  /** The grammar text: one `name ::= body` line per defined rule, sorted by name. */
  format(): string {
    return [...this.bodies]
      .filter((entry): entry is [string, string] => entry[1] !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, body]) => `${name} ::= ${body}`)
      .join('\n');
  }
}

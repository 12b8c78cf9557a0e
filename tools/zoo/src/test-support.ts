import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { spawnSync } from 'node:child_process';

const dirs: string[] = [];

/** A temporary folder holding `files` (path → text); removed by {@link removeTempDirs}. */
export function tempZoo(files: { readonly [path: string]: string }): string {
  const dir = mkdtempSync(join(tmpdir(), 'zoo-'));
  dirs.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/** Removes every folder {@link tempZoo} made. */
export function removeTempDirs(): void {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/**
 * Whether python3 with jinja2 is here. CI installs it (.ci/run), so there its absence fails
 * the tests that need it instead of skipping them.
 */
export const hasJinja2 = process.env.CI === 'true' || spawnSync('python3', ['-c', 'import jinja2'], { encoding: 'utf8' }).status === 0;

/** A ChatML template that renders everything the self-check needs but tool calls. */
export const CHATML =
  "{% for m in messages %}<|im_start|>{{ m.role }}\n{{ m.content }}<|im_end|>\n{% endfor %}{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}";

/** Renders calls as plain text no analysis can read: its call scenarios fail. */
export const PLAIN_CALLS =
  "{% for m in messages %}<|{{ m.role }}|>{{ m.content or '' }}{% for c in m.tool_calls or [] %}CALL {{ c.function.name }}{% endfor %}\n{% endfor %}{% if add_generation_prompt %}<|assistant|>{% endif %}";

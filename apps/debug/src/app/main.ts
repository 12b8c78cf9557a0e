import { replayStream, type ChatParser } from '@autoparser/core';
import { BUNDLED_TEMPLATES, bundledTemplate, type ExampleOutput } from './bundled-templates.js';
import { debounce } from './debounce.js';
import { byId, el, replaceChildren } from './dom.js';
import { locationInMessage, type LocatedError, type TemplateLocation } from './error-locator.js';
import { fetchPreload } from './preload.js';
import { fetchPlugins, type LoadedPlugins } from './user-plugins.js';
import { DEFAULT_REQUEST, readRequest } from './read-request.js';
import { createTemplateEditor } from './template-editor.js';
import { buildParser, reportTemplate, type Outcome, type TemplateReport } from './template-results.js';
import { analysisNodes } from './view-analysis.js';
import { showError } from './view-error.js';
import { deltaItems, messageText, recoveryItems } from './view-output.js';
import { parserNodes } from './view-parser.js';
import { selfCheckNodes } from './view-self-check.js';
import { stepsNodes } from './view-steps.js';

/** Typing waits this long before recomputing (see debounce.ts). */
const QUIET_MS = 150;
const CUSTOM = '__custom__';
const PRELOAD = '__preload__';

const select = byId('template-select', HTMLSelectElement);
const status = byId('status', HTMLSpanElement);
const templateMeta = byId('template-meta', HTMLElement);
const templateError = byId('template-error', HTMLDivElement);
const requestArea = byId('request', HTMLTextAreaElement);
const requestError = byId('request-error', HTMLDivElement);
const strictBox = byId('strict', HTMLInputElement);
const outputArea = byId('model-output', HTMLTextAreaElement);
const chunkInput = byId('chunk-size', HTMLInputElement);
const examplesBar = byId('examples', HTMLDivElement);
const toggleSteps = byId('toggle-steps', HTMLButtonElement);
const editor = createTemplateEditor(byId('template-editor', HTMLDivElement));

/** What was computed last, and for which inputs (recompute only what changed). */
let report: { source: string; value: TemplateReport } | undefined;
let parser: { source: string; request: string; strict: boolean; value: Outcome<ChatParser> | undefined } | undefined;
/** The plugins every stage runs (the user's from `autoparser debug --plugin`, then the built-ins). */
let loaded: LoadedPlugins | undefined;
/** The template picked from the list, before any edits (its examples stay offered). */
let picked: { name: string; source: string; examples: readonly ExampleOutput[] } | undefined;

const reveal = (location: TemplateLocation): void => editor.reveal(location);

function fillTemplateList(preloadName: string | undefined): void {
  replaceChildren(
    select,
    preloadName !== undefined && el('option', { attrs: { value: PRELOAD } }, `${preloadName} (from the command line)`),
    el('optgroup', { attrs: { label: 'bundled' } }, ...BUNDLED_TEMPLATES.map((t) => el('option', { attrs: { value: t.name } }, t.name))),
    el('option', { attrs: { value: CUSTOM } }, 'your own (paste or type)'),
  );
}

/** Example outputs: the picked template's own, else what the self-check cut out of renders. */
function examples(): ExampleOutput[] {
  const own = picked?.examples ?? [];
  if (own.length > 0) return [...own];
  const check = report?.value.check;
  if (check?.ok !== true) return [];
  return check.value.scenarios.flatMap((s) => (s.output === undefined ? [] : [{ label: `self-check: ${s.name}`, output: s.output }]));
}

function drawExamples(): void {
  const list = examples();
  replaceChildren(
    examplesBar,
    list.length === 0 ? el('small', { class: 'muted' }, 'no example outputs for this template') : el('small', {}, 'fill in an example:'),
    ...list.map((example) => {
      const button = el('button', { attrs: { type: 'button', 'data-example': example.label } }, example.label);
      button.addEventListener('click', () => {
        outputArea.value = example.output;
        drawOutput();
      });
      return button;
    }),
  );
}

/** The first template error to point at: building the parser, else the analysis' render step. */
function templateProblem(): LocatedError | undefined {
  if (parser?.value?.ok === false) return parser.value.error;
  const trace = report?.value.trace;
  if (trace?.ok === false) return trace.error;
  const failed = trace?.value.steps.find((s) => s.id === 'render' && s.warning !== undefined);
  if (failed?.warning === undefined) return undefined;
  return { reason: failed.warning.replace(/\s*\(at line \d+, column \d+\)/, ''), code: undefined, location: locationInMessage(failed.warning) };
}

function drawTemplateReport(value: TemplateReport): void {
  const analysisHost = byId('analysis', HTMLDivElement);
  const stepsHost = byId('steps', HTMLDivElement);
  const checkHost = byId('self-check', HTMLDivElement);
  if (value.trace.ok) {
    replaceChildren(analysisHost, ...analysisNodes(value.trace.value.analysis, reveal));
    replaceChildren(stepsHost, ...stepsNodes(value.trace.value.steps));
    toggleSteps.textContent = 'unfold all';
  } else {
    replaceChildren(analysisHost, el('p', { class: 'warning' }, `the analysis failed: ${value.trace.error.reason}`));
    stepsHost.replaceChildren();
  }
  replaceChildren(checkHost, ...(value.check.ok ? selfCheckNodes(value.check.value) : [el('p', { class: 'warning' }, `the self-check failed: ${value.check.error.reason}`)]));
}

function drawParser(): void {
  const host = byId('parser', HTMLDivElement);
  const value = parser?.value;
  if (value === undefined) replaceChildren(host, el('p', { class: 'muted' }, 'fix the request to see the parser'));
  else if (value.ok) replaceChildren(host, ...parserNodes(value.value));
  else replaceChildren(host, el('p', { class: 'warning' }, 'the template cannot render this request (see the error under the template)'));
}

function drawOutput(): void {
  const message = byId('parsed-message', HTMLPreElement);
  const deltas = byId('deltas', HTMLOListElement);
  const recoveries = byId('recoveries', HTMLUListElement);
  const value = parser?.value;
  if (value?.ok !== true) {
    message.textContent = 'no parser (see the errors on the left)';
    deltas.replaceChildren();
    recoveries.replaceChildren();
    return;
  }
  const text = outputArea.value;
  const size = Math.max(1, Math.min(64, Math.trunc(Number(chunkInput.value)) || 6));
  const parsed = value.value.parse(text);
  message.textContent = messageText(parsed);
  replaceChildren(recoveries, ...recoveryItems(parsed.warnings, value.value.strict));
  replaceChildren(deltas, ...deltaItems(replayStream(value.value.stream(), text, size).deltas));
}

/** Recomputes what the inputs changed and redraws it. */
function update(): void {
  const started = performance.now();
  const source = editor.textarea.value;
  const templateChanged = report?.source !== source;
  if (templateChanged) {
    report = { source, value: reportTemplate(source, loaded?.plugins) };
    drawTemplateReport(report.value);
  }
  const request = readRequest(requestArea.value);
  if (!request.ok) showError(requestError, { reason: request.message, code: request.code, location: undefined }, { what: 'The request cannot be used:' });
  else if (request.notes.length > 0) showError(requestError, { reason: request.notes.join('\n'), code: 'note', location: undefined }, { what: 'The request is used, with notes:' });
  else showError(requestError, undefined, { what: '' });
  const strict = strictBox.checked;
  if (templateChanged || parser?.request !== requestArea.value || parser.strict !== strict) {
    // The box only turns strictness on: a request that says "strict": true stays strict.
    const built = request.ok ? buildParser(source, strict ? { ...request.request, strict: true } : request.request, loaded?.plugins) : undefined;
    parser = { source, request: requestArea.value, strict, value: built };
    drawParser();
  }
  const problem = templateProblem();
  showError(templateError, problem, { source, what: 'Template error', reveal });
  editor.mark(problem?.location);
  drawExamples();
  drawOutput();
  const edited = picked !== undefined && picked.source !== source;
  const mine = loaded?.mine.map((m) => `${m.names.join(', ')} (${m.module})`) ?? [];
  const pluginNote = mine.length > 0 ? ` · your plugins: ${mine.join('; ')}` : '';
  const pluginErrors = loaded !== undefined && loaded.errors.length > 0 ? ` · plugin errors: ${loaded.errors.join('; ')}` : '';
  templateMeta.textContent = `${picked?.name ?? 'your own'}${edited ? ' (edited)' : ''} · ${source.split('\n').length} lines${pluginNote}${pluginErrors}`;
  const check = report?.value.check;
  const checked = check?.ok === true ? ` · self-check ${check.value.passed} passed, ${check.value.failed} failed, ${check.value.skipped} skipped` : '';
  status.textContent = `updated in ${Math.round(performance.now() - started)} ms${checked}`;
  document.body.dataset['state'] = 'ready';
}

function pick(value: string, preload?: { name: string; source: string }): void {
  if (value === PRELOAD && preload !== undefined) picked = { ...preload, examples: [] };
  else if (value === CUSTOM) picked = undefined;
  else {
    const template = bundledTemplate(value);
    picked = template === undefined ? undefined : { name: template.name, source: template.source, examples: template.examples };
  }
  select.value = value;
  // "Your own" keeps the text in the editor, to edit from.
  if (picked !== undefined) editor.setSource(picked.source);
  outputArea.value = picked?.examples[0]?.output ?? outputArea.value;
  update();
}

/** Unfolds every step when some are folded, else folds them all. */
function toggleAllSteps(): void {
  const steps = [...document.querySelectorAll<HTMLDetailsElement>('#steps details.step')];
  const open = steps.some((step) => !step.open);
  for (const step of steps) step.open = open;
  toggleSteps.textContent = open ? 'fold all' : 'unfold all';
}

async function start(): Promise<void> {
  requestArea.value = JSON.stringify(DEFAULT_REQUEST, null, 2);
  const [preload, plugins] = await Promise.all([fetchPreload(), fetchPlugins()]);
  loaded = plugins;
  fillTemplateList(preload?.name);
  select.addEventListener('change', () => pick(select.value, preload));
  toggleSteps.addEventListener('click', toggleAllSteps);
  const later = debounce(update, QUIET_MS);
  editor.textarea.addEventListener('input', later);
  requestArea.addEventListener('input', later);
  strictBox.addEventListener('change', update);
  outputArea.addEventListener('input', debounce(drawOutput, QUIET_MS));
  chunkInput.addEventListener('input', debounce(drawOutput, QUIET_MS));
  pick(preload !== undefined ? PRELOAD : (BUNDLED_TEMPLATES[0]?.name ?? CUSTOM), preload);
}

void start();

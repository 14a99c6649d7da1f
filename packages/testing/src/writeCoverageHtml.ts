import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { coveragePercent, type CoverageCount, type CoverageReport, type FileCoverage } from './CoverageReport.js';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const STYLE = `body{font:14px system-ui,sans-serif;margin:2em;color:#222}
table{border-collapse:collapse}td,th{padding:2px 10px;text-align:left}th{border-bottom:1px solid #999}
.high{color:#1a7f37}.medium{color:#9a6700}.low{color:#cf222e}
pre{margin:0;font:13px ui-monospace,monospace}.source td{padding:0 8px;vertical-align:top}
.n{color:#888;text-align:right;user-select:none}.h{color:#888;text-align:right}
tr.covered{background:#dafbe1}tr.uncovered{background:#ffebe9}tr.partial{background:#fff8c5}`;

/** Where the page of a source file goes, under the report folder. */
export function coverageHtmlPath(file: string): string {
  return join('files', `${file}.html`);
}

function level(count: CoverageCount): string {
  const percent = coveragePercent(count);
  return percent >= 80 ? 'high' : percent >= 50 ? 'medium' : 'low';
}

function summaryCells(totals: FileCoverage['totals']): string {
  return [totals.lines, totals.branches, totals.functions]
    .map((count) => `<td class="${level(count)}">${coveragePercent(count).toFixed(2)} % (${count.hit}/${count.found})</td>`)
    .join('');
}

function page(title: string, body: string): string {
  return `<!doctype html>\n<html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>\n<body>${body}</body></html>\n`;
}

/**
 * A line's class: `covered` (ran), `uncovered` (has code that never ran), `partial` (ran, but one
 * arm of a branch on it never did); lines without code get none.
 */
function lineClass(file: FileCoverage, line: number, hits: Map<number, number>): string {
  const count = hits.get(line);
  if (count === undefined) return '';
  if (count === 0) return 'uncovered';
  return file.branches.some((arm) => arm.line === line && arm.hits === 0) ? 'partial' : 'covered';
}

function filePage(file: FileCoverage, root: string): string {
  const path = resolve(root, file.file);
  const text = existsSync(path) ? readFileSync(path, 'utf8') : '';
  const hits = new Map(file.lines.map((line) => [line.line, line.hits]));
  const rows = text.split('\n').map((source, index) => {
    const line = index + 1;
    const cls = lineClass(file, line, hits);
    const count = hits.get(line);
    return `<tr${cls ? ` class="${cls}"` : ''}><td class="n">${line}</td><td class="h">${count === undefined ? '' : `${count}×`}</td><td><pre>${escapeHtml(source)}</pre></td></tr>`;
  });
  const depth = file.file.split('/').length;
  const back = `${'../'.repeat(depth)}index.html`;
  return page(
    file.file,
    `<p><a href="${back}">all files</a></p><h1>${escapeHtml(file.file)}</h1>` +
      `<table><tr><th>lines</th><th>branches</th><th>functions</th></tr><tr>${summaryCells(file.totals)}</tr></table><br>` +
      `<table class="source">${rows.join('\n')}</table>`,
  );
}

/** Writes `index.html` (a table of the files) and one page per file with its lines coloured. */
export function writeCoverageHtml(report: CoverageReport, root: string, dir: string): void {
  rmSync(join(dir, 'files'), { recursive: true, force: true });
  const rows = report.files.map(
    (file) => `<tr><td><a href="${escapeHtml(coverageHtmlPath(file.file))}">${escapeHtml(file.file)}</a></td>${summaryCells(file.totals)}</tr>`,
  );
  rows.push(`<tr><th>all files</th>${summaryCells(report.totals)}</tr>`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'index.html'),
    page('Coverage', `<h1>Coverage</h1><table><tr><th>file</th><th>lines</th><th>branches</th><th>functions</th></tr>${rows.join('\n')}</table>`),
  );
  for (const file of report.files) {
    const path = join(dir, coverageHtmlPath(file.file));
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, filePage(file, root));
  }
}

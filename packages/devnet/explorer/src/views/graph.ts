import type { BlockView, Chain } from '../chain.js';
import { h, mount, s } from '../dom.js';
import { shortId, slotLabel } from '../format.js';
import { href, type Route } from './links.js';

const CELL_H = 10;
const ROW_H = 13;
/** Columns share the panel's width, between these bounds (the panel scrolls beyond). */
const MIN_COL_W = 22;
const MAX_COL_W = 46;
const GAP_W = 12;
const LEFT = 30;
const TOP = 18;

export type BlockStatus = 'final' | 'candidate' | 'stale';

export const blockStatus = (block: BlockView): BlockStatus => (block.isStale ? 'stale' : block.isFinal ? 'final' : 'candidate');

/**
 * The block graph: one row per thread, one column per period that holds blocks (empty periods
 * are skipped, marked by a gap). A block's parents are drawn when it is selected.
 */
export function renderGraph(container: HTMLElement, chain: Chain, route: Route): void {
  const threads = chain.status?.config.thread_count ?? 32;
  const periods = [...new Set([...chain.blocks.values()].map((b) => b.slot.period))].sort((a, b) => a - b);
  const gaps = periods.filter((period, i) => i > 0 && period !== periods[i - 1]! + 1).length;
  const available = container.clientWidth - LEFT - 8 - gaps * GAP_W;
  const COL_W = Math.max(MIN_COL_W, Math.min(MAX_COL_W, Math.floor(available / Math.max(1, periods.length))));
  const CELL_W = COL_W - 6;
  const x = new Map<number, number>();
  let cursor = LEFT;
  periods.forEach((period, i) => {
    if (i > 0 && period !== periods[i - 1]! + 1) cursor += GAP_W;
    x.set(period, cursor);
    cursor += COL_W;
  });
  const width = Math.max(cursor + 8, 320);
  const height = TOP + threads * ROW_H + 4;
  const center = (b: BlockView) => ({ cx: x.get(b.slot.period)! + CELL_W / 2, cy: TOP + b.slot.thread * ROW_H + CELL_H / 2 });

  const selectedBlock = route?.kind === 'block' ? chain.blocks.get(route.id) : undefined;
  const selectedOp = route?.kind === 'op' ? chain.operations.get(route.id) : undefined;
  const parents = new Set(selectedBlock?.parents ?? []);
  const holdingOp = new Set(selectedOp?.inBlocks ?? []);

  const axis = [
    ...Array.from({ length: threads / 4 }, (_, i) =>
      s('text', { x: LEFT - 6, y: TOP + i * 4 * ROW_H + CELL_H - 1, class: 'axis', 'text-anchor': 'end' }, `t${i * 4}`),
    ),
    ...periods.map((period, i) =>
      COL_W >= 30 || i % 2 === 0 || periods[i - 1] !== period - 1
        ? s('text', { x: x.get(period)! + CELL_W / 2, y: TOP - 6, class: 'axis', 'text-anchor': 'middle' }, period)
        : null,
    ),
    ...periods.flatMap((period, i) =>
      i > 0 && periods[i - 1] !== period - 1
        ? [s('line', { x1: x.get(period)! - GAP_W / 2 - 3, x2: x.get(period)! - GAP_W / 2 - 3, y1: TOP - 2, y2: height - 4, class: 'gap' })]
        : [],
    ),
  ];
  const edges = selectedBlock
    ? selectedBlock.parents.flatMap((id) => {
        const parent = chain.blocks.get(id);
        if (!parent) return [];
        const from = center(selectedBlock);
        const to = center(parent);
        return [s('line', { x1: from.cx, y1: from.cy, x2: to.cx, y2: to.cy, class: 'parent-edge' })];
      })
    : [];
  const cells = [...chain.blocks.values()].map((block) => {
    const status = blockStatus(block);
    const classes = ['block', status];
    if (!block.inBlockclique) classes.push('outside');
    if (block === selectedBlock) classes.push('selected');
    if (parents.has(block.id)) classes.push('parent');
    if (holdingOp.has(block.id)) classes.push('holds-selected');
    const ops = block.operations?.length ?? 0;
    const left = x.get(block.slot.period)!;
    const top = TOP + block.slot.thread * ROW_H;
    return s(
      'a',
      { href: href('block', block.id), 'data-block-id': block.id, 'data-status': status, class: classes.join(' ') },
      s(
        'title',
        null,
        `${shortId(block.id)} at slot ${slotLabel(block.slot)}: ${status}${block.inBlockclique ? ', in the blockclique' : ''}, ${block.operations === null ? 'operations not read' : `${ops} operation(s)`}`,
      ),
      s('rect', { x: left, y: top, width: CELL_W, height: CELL_H, rx: 2 }),
      ops > 0 ? s('circle', { cx: left + CELL_W / 2, cy: top + CELL_H / 2, r: 2.2, class: 'has-ops' }) : null,
    );
  });

  mount(
    container,
    periods.length === 0
      ? h(
          'p',
          { class: 'empty' },
          'No blocks yet: the devnet produces blocks only while operations wait. Send one (mason deploy, mason call) and it appears here.',
        )
      : h(
          'div',
          { class: 'graph-scroll' },
          s('svg', { width, height, viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': 'block graph: threads by periods' }, axis, cells, edges),
        ),
    h(
      'p',
      { class: 'legend' },
      h('span', { class: 'swatch final' }),
      'final ',
      h('span', { class: 'swatch candidate' }),
      'candidate (blockclique) ',
      h('span', { class: 'swatch outside' }),
      'candidate outside the blockclique ',
      h('span', { class: 'swatch stale' }),
      'stale ',
      h('span', { class: 'swatch with-ops' }),
      'holds operations',
      selectedBlock ? ` · lines: the parents of ${shortId(selectedBlock.id)} in view` : ' · select a block to see its parents',
    ),
  );
}

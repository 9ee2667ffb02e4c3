// Which entries overlap another entry of the same user. Overlaps are allowed
// but marked, since they inflate the totals (docs/decisions/0006).

export interface Span {
  id: number;
  startMs: number;
  endMs: number;
}

/**
 * Ids of spans that share some time with another span. Touching ends
 * (one ends when the next starts) do not overlap. O(n log n).
 */
export function overlappingIds(spans: Span[]): Set<number> {
  const sorted = [...spans].sort((a, b) => a.startMs - b.startMs || a.id - b.id);
  const out = new Set<number>();
  let maxEndBefore = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < sorted.length; i++) {
    const s = sorted[i] as Span;
    const next = sorted[i + 1];
    // An earlier-starting span still running, or the next-starting span beginning before this one ends.
    if (maxEndBefore > s.startMs || (next !== undefined && next.startMs < s.endMs)) out.add(s.id);
    maxEndBefore = Math.max(maxEndBefore, s.endMs);
  }
  return out;
}

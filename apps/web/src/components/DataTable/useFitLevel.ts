import { type RefObject, useLayoutEffect, useRef, useState } from 'react';

/** How many steps of `FIT_LEVELS` (layout.ts) there are beyond the table's natural layout. */
export const MAX_FIT_LEVEL = 3;

/**
 * Every column of a list, actions and status included, fits a laptop's 1366 px. What a list
 * needs depends on its data (a long client name, a sucursal, a balance with its due date), so the table
 * measures itself after each render: while its scroller scrolls sideways it takes one more step of
 * compaction (tighter cells, then wrapping inside cells), before the browser paints. A change of the
 * scroller's width (window resized, menu folded) starts again from the natural layout.
 */
export function useFitLevel(scroller: RefObject<HTMLElement | null>, enabled: boolean): number {
  const [level, setLevel] = useState(0);
  const width = useRef(0);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || !enabled || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const next = Math.round(entry.contentRect.width);
      if (width.current !== 0 && next !== width.current) setLevel(0);
      width.current = next;
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [scroller, enabled]);

  // No dependency list on purpose: the rows, the language or an opened detail may all widen the table.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || !enabled || level >= MAX_FIT_LEVEL) return;
    if (element.scrollWidth > element.clientWidth + 1) setLevel(level + 1);
  });

  return enabled ? level : 0;
}

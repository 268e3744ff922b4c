import { LONG_PRESS_MS, LONG_PRESS_TOLERANCE_PX } from '@bourse/contract';
import {
  type MouseEvent as ReactMouseEvent,
  type PointerEvent as ReactPointerEvent,
  useCallback,
  useEffect,
  useMemo,
  useRef,
} from 'react';

export interface LongPressOptions {
  /** Hold time before it counts (spec §9: 350 ms). */
  delay?: number;
  /** A finger that moves further than this is scrolling, not pressing (spec §9: 10 px). */
  tolerance?: number;
}

export interface LongPressHandlers {
  onPointerDown(event: ReactPointerEvent): void;
  onPointerMove(event: ReactPointerEvent): void;
  onPointerUp(): void;
  onPointerLeave(): void;
  onPointerCancel(): void;
  onContextMenu(event: ReactMouseEvent): void;
  onClickCapture(event: ReactMouseEvent): void;
}

/**
 * Long press: fires after `delay` ms of holding still (within `tolerance` px). Spread the handlers on an element:
 * `<span {...useLongPress(copyUid)}>`. The click that ends a long press is swallowed.
 */
export function useLongPress(onLongPress: () => void, options: LongPressOptions = {}): LongPressHandlers {
  const delay = options.delay ?? LONG_PRESS_MS;
  const tolerance = options.tolerance ?? LONG_PRESS_TOLERANCE_PX;
  const callback = useRef(onLongPress);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const origin = useRef<{ x: number; y: number } | null>(null);
  const fired = useRef(false);

  useEffect(() => {
    callback.current = onLongPress;
  }, [onLongPress]);

  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    origin.current = null;
  }, []);

  useEffect(() => cancel, [cancel]);

  return useMemo<LongPressHandlers>(
    () => ({
      onPointerDown(event) {
        cancel();
        fired.current = false;
        origin.current = { x: event.clientX, y: event.clientY };
        timer.current = setTimeout(() => {
          timer.current = null;
          fired.current = true;
          callback.current();
        }, delay);
      },
      onPointerMove(event) {
        const start = origin.current;
        if (!start || !timer.current) return;
        if (Math.hypot(event.clientX - start.x, event.clientY - start.y) > tolerance) cancel();
      },
      onPointerUp: cancel,
      onPointerLeave: cancel,
      onPointerCancel: cancel,
      onContextMenu(event) {
        // The browser's own long-press menu would cover ours.
        event.preventDefault();
      },
      onClickCapture(event) {
        if (!fired.current) return;
        fired.current = false;
        event.preventDefault();
        event.stopPropagation();
      },
    }),
    [cancel, delay, tolerance],
  );
}

import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLongPress } from './useLongPress';

function Target({ onLongPress, onClick }: { onLongPress: () => void; onClick?: () => void }) {
  const handlers = useLongPress(onLongPress);
  return (
    <button type="button" onClick={onClick} {...handlers}>
      uid
    </button>
  );
}

describe('useLongPress', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fires after 350 ms of holding still', () => {
    const onLongPress = vi.fn();
    render(<Target onLongPress={onLongPress} />);
    const target = screen.getByRole('button');
    fireEvent.pointerDown(target, { clientX: 100, clientY: 100 });
    act(() => vi.advanceTimersByTime(349));
    expect(onLongPress).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onLongPress).toHaveBeenCalledOnce();
  });

  it('is a tap when released earlier', () => {
    const onLongPress = vi.fn();
    render(<Target onLongPress={onLongPress} />);
    const target = screen.getByRole('button');
    fireEvent.pointerDown(target, { clientX: 0, clientY: 0 });
    act(() => vi.advanceTimersByTime(200));
    fireEvent.pointerUp(target);
    act(() => vi.advanceTimersByTime(1000));
    expect(onLongPress).not.toHaveBeenCalled();
  });

  it('tolerates up to 10 px of movement', () => {
    const onLongPress = vi.fn();
    render(<Target onLongPress={onLongPress} />);
    const target = screen.getByRole('button');
    fireEvent.pointerDown(target, { clientX: 100, clientY: 100 });
    fireEvent.pointerMove(target, { clientX: 106, clientY: 108 }); // 10 px away
    act(() => vi.advanceTimersByTime(350));
    expect(onLongPress).toHaveBeenCalledOnce();
  });

  it('gives up when the finger moves further (a scroll)', () => {
    const onLongPress = vi.fn();
    render(<Target onLongPress={onLongPress} />);
    const target = screen.getByRole('button');
    fireEvent.pointerDown(target, { clientX: 100, clientY: 100 });
    fireEvent.pointerMove(target, { clientX: 100, clientY: 111 });
    act(() => vi.advanceTimersByTime(1000));
    expect(onLongPress).not.toHaveBeenCalled();
  });

  it('swallows the click that ends a long press, not ordinary clicks', () => {
    const onLongPress = vi.fn();
    const onClick = vi.fn();
    render(<Target onLongPress={onLongPress} onClick={onClick} />);
    const target = screen.getByRole('button');
    fireEvent.pointerDown(target, { clientX: 0, clientY: 0 });
    act(() => vi.advanceTimersByTime(400));
    fireEvent.pointerUp(target);
    fireEvent.click(target);
    expect(onClick).not.toHaveBeenCalled();
    fireEvent.click(target);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('cancels when unmounted mid-press', () => {
    const onLongPress = vi.fn();
    const { unmount } = render(<Target onLongPress={onLongPress} />);
    fireEvent.pointerDown(screen.getByRole('button'), { clientX: 0, clientY: 0 });
    unmount();
    act(() => vi.advanceTimersByTime(1000));
    expect(onLongPress).not.toHaveBeenCalled();
  });
});

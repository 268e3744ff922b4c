import { describe, expect, it } from 'vitest';
import { formatCountdown, secondsLeft } from './api';

describe('the order timer', () => {
  it('counts down from the server’s clock, not the device’s', () => {
    // The server said 10:00:00 when the answer arrived at device time 5000; the deadline is 15 minutes later.
    const serverTime = Date.UTC(2026, 10, 24, 10, 0, 0);
    const until = serverTime + 15 * 60_000;
    expect(secondsLeft(until, serverTime, 5000, 5000)).toBe(900);
    expect(secondsLeft(until, serverTime, 5000, 65_000)).toBe(840);
    expect(secondsLeft(until, serverTime, 5000, 5000 + 20 * 60_000)).toBe(0);
    expect(secondsLeft(null, serverTime, 5000, 5000)).toBeNull();
  });

  it('shows minutes and seconds', () => {
    expect(formatCountdown(900)).toBe('15:00');
    expect(formatCountdown(61)).toBe('01:01');
    expect(formatCountdown(0)).toBe('00:00');
  });
});

import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSettings } from '../../lib/stores/settings';
import { DecimalInput } from './DecimalInput';

const NNBSP = '\u202f';

function Harness({ decimals, start = '' }: { decimals: number; start?: string }) {
  const [value, setValue] = useState(start);
  return (
    <>
      <DecimalInput name="amount" value={value} onChange={setValue} decimals={decimals} />
      <output data-testid="value">{value}</output>
      <button type="button" onClick={() => setValue('95920.8')}>
        fill
      </button>
    </>
  );
}

function input(): HTMLInputElement {
  const element = document.querySelector<HTMLInputElement>('input[name="amount"]');
  if (!element) throw new Error('no input');
  return element;
}

/** Types `text` at the end of the field, one key at a time, as a keyboard would. */
function type(text: string): void {
  for (const key of text) fireEvent.change(input(), { target: { value: input().value + key } });
}

describe('decimal input', () => {
  afterEach(() => useSettings.getState().setLang('en'));

  it('shows the value as the reader’s language writes numbers and keeps the canonical value underneath', () => {
    useSettings.getState().setLang('fr');
    render(<Harness decimals={2} />);
    type('95920,89');
    expect(input().value).toBe(`95${NNBSP}920,89`);
    expect(screen.getByTestId('value').textContent).toBe('95920.89');
  });

  it('accepts a paste written the English way in French', () => {
    useSettings.getState().setLang('fr');
    render(<Harness decimals={2} />);
    fireEvent.change(input(), { target: { value: '1,234.50' } });
    expect(screen.getByTestId('value').textContent).toBe('1234.50');
    expect(input().value).toBe(`1${NNBSP}234,50`);
  });

  it('never turns 12.5 into 125 at 0 decimals', () => {
    render(<Harness decimals={0} />);
    type('12.5');
    expect(screen.getByTestId('value').textContent).toBe('12');
    // Leaving the field drops the inert point.
    fireEvent.blur(input());
    expect(input().value).toBe('12');
  });

  it('redraws a value set from outside (Max, a price picked in the book) and on a language switch', () => {
    render(<Harness decimals={2} start="1" />);
    fireEvent.click(screen.getByText('fill'));
    expect(input().value).toBe('95,920.8');
    act(() => useSettings.getState().setLang('es'));
    expect(input().value).toBe('95.920,8');
  });
});

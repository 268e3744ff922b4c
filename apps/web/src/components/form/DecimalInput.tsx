import { Input, type InputRef } from 'antd-mobile';
import { useLayoutEffect, useRef, useState } from 'react';
import { useLocale } from '../../hooks/useLocale';
import { displayDecimal, editDecimal } from '../../lib/decimalInput';

export interface DecimalInputProps {
  /** The canonical decimal string ("1234.5"; '' when empty). */
  value: string;
  onChange(value: string): void;
  /** Decimal places the value may have (the coin's, the market's tick or step); more are cut off as typed. */
  decimals: number;
  id?: string;
  name?: string;
  placeholder?: string;
  disabled?: boolean;
  className?: string;
}

/**
 * Every amount, price and quantity field of the app: shows the value the way the reader's language writes numbers
 * (the way the order book shows prices), accepts what it shows, and hands back a canonical decimal string
 * (`lib/decimalInput.ts`). The caret stays beside what was typed while separators move around it.
 */
export function DecimalInput({ value, onChange, decimals, ...input }: DecimalInputProps) {
  const locale = useLocale();
  const ref = useRef<InputRef>(null);
  const caret = useRef<number | null>(null);
  const [text, setText] = useState(() => displayDecimal(value, locale));
  // What the text stands for; a value set from outside (Max, a price picked in the book) or a new language redraws it.
  const [shown, setShown] = useState({ value, locale });
  if (shown.value !== value || shown.locale !== locale) {
    setShown({ value, locale });
    setText(displayDecimal(value, locale));
  }

  useLayoutEffect(() => {
    const element = ref.current?.nativeElement;
    if (caret.current === null || !element || document.activeElement !== element) return;
    element.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });

  const change = (next: string) => {
    const at = ref.current?.nativeElement?.selectionStart ?? next.length;
    const edit = editDecimal(text, next, at, decimals, locale);
    caret.current = edit.caret;
    setText(edit.text);
    setShown({ value: edit.value, locale });
    if (edit.value !== value) onChange(edit.value);
  };

  // Leaving the field tidies what typing left behind: a point with nothing after it.
  const blur = () => {
    const tidy = value.endsWith('.') ? value.slice(0, -1) : value;
    setText(displayDecimal(tidy, locale));
    setShown({ value: tidy, locale });
    if (tidy !== value) onChange(tidy);
  };

  return (
    <Input {...input} ref={ref} inputMode="decimal" autoComplete="off" value={text} onChange={change} onBlur={blur} />
  );
}

/** How chat messages show their time and day (the support chat, the community chat). */

/** Calendar day of a moment in the reader's time zone, for grouping messages under a date. */
export function dayKey(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
}

/** The time of a message, "14:05" (or "2:05 PM" where the language writes it so). */
export function messageTime(ms: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(ms);
}

export type DayName = 'today' | 'yesterday';

/** The date above a day's messages: today, yesterday, or the date (with the year when it is not this one). */
export function messageDay(ms: number, now: number, locale: string): DayName | string {
  if (dayKey(ms) === dayKey(now)) return 'today';
  const yesterday = new Date(now);
  yesterday.setDate(yesterday.getDate() - 1);
  if (dayKey(ms) === dayKey(yesterday.getTime())) return 'yesterday';
  const sameYear = new Date(ms).getFullYear() === new Date(now).getFullYear();
  return new Intl.DateTimeFormat(locale, {
    ...(sameYear ? {} : { year: 'numeric' }),
    month: 'short',
    day: 'numeric',
  }).format(ms);
}

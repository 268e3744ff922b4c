/**
 * The word filter: a message is refused when it contains a listed word. Text is compared in NFKC form, lower case,
 * so full-width letters and case tricks do not slip through. A word made of Latin letters and digits matches only
 * as a whole word ("ass" does not refuse "class"); any other word (Chinese has no spaces) matches anywhere.
 */
export class WordFilter {
  private wholeWords: RegExp | null = null;
  private fragments: string[] = [];

  constructor(words: readonly string[] = []) {
    this.reset(words);
  }

  reset(words: readonly string[]): void {
    const whole: string[] = [];
    const fragments: string[] = [];
    for (const raw of words) {
      const word = normalise(raw).trim();
      if (word === '') continue;
      if (/^[\p{Script=Latin}\d' -]+$/u.test(word)) whole.push(escape(word));
      else fragments.push(word);
    }
    this.wholeWords =
      whole.length > 0 ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${whole.join('|')})(?![\\p{L}\\p{N}])`, 'u') : null;
    this.fragments = fragments;
  }

  blocks(text: string): boolean {
    const folded = normalise(text);
    if (this.wholeWords?.test(folded)) return true;
    return this.fragments.some((fragment) => folded.includes(fragment));
  }
}

export function normalise(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

function escape(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

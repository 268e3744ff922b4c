import { describe, expect, it } from 'vitest';
import { LANG_HEADER_VALUE, LANGS, langFromHeader } from './lang';

describe('language header', () => {
  it('follows spec §7: hk → zh_HK, en → en, anything else → zh_CN, none → en', () => {
    expect(langFromHeader('hk')).toBe('zh_HK');
    expect(langFromHeader('en')).toBe('en');
    expect(langFromHeader('zh')).toBe('zh_CN');
    expect(langFromHeader('whatever')).toBe('zh_CN');
    expect(langFromHeader(undefined)).toBe('en');
    expect(langFromHeader('')).toBe('en');
    expect(langFromHeader('es')).toBe('es');
    expect(langFromHeader('fr')).toBe('fr');
  });

  it('maps every language to a header value that maps back to it', () => {
    for (const lang of LANGS) expect(langFromHeader(LANG_HEADER_VALUE[lang])).toBe(lang);
  });
});

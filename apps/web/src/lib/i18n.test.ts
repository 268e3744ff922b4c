import { LANGS } from '@bourse/contract';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { allLocaleBundles, shellLocaleBundles } from '../app/routes';
import { defineLocales, initI18n, loadAllLanguages, loadLocaleBundles, placeholders, setI18nLanguage } from './i18n';

// Every language file of every bundle is loaded here, so every one of them is checked.
const bundles = await Promise.all(
  allLocaleBundles().map(async (bundle) => ({ ns: bundle.ns, translations: await loadAllLanguages(bundle) })),
);

describe('translations', () => {
  it('ships the shell texts and every feature’s labels with the shell', () => {
    const names = shellLocaleBundles.map((b) => b.ns);
    expect(names).toContain('common');
    expect(names).toContain('spotLabels');
  });

  it('has one bundle per namespace', () => {
    const names = bundles.map((b) => b.ns);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain('common');
  });

  for (const bundle of bundles) {
    describe(`namespace ${bundle.ns}`, () => {
      const keys = Object.keys(bundle.translations.en).sort();

      it('has English text for every key', () => {
        expect(keys.length).toBeGreaterThan(0);
        for (const key of keys) expect(bundle.translations.en[key]?.trim(), `en:${key}`).toBeTruthy();
      });

      for (const lang of LANGS.filter((l) => l !== 'en')) {
        it(`${lang} has exactly the English keys, none empty, same placeholders`, () => {
          const messages: Readonly<Record<string, string | undefined>> = bundle.translations[lang];
          expect(Object.keys(messages).sort(), `${bundle.ns} ${lang} keys`).toEqual(keys);
          for (const key of keys) {
            const text = messages[key];
            expect(text?.trim(), `${bundle.ns}:${key} is missing or empty in ${lang}`).toBeTruthy();
            expect(placeholders(text ?? ''), `${bundle.ns}:${key} placeholders in ${lang}`).toEqual(
              placeholders(bundle.translations.en[key] ?? ''),
            );
          }
        });
      }
    });
  }
});

describe('loading languages', () => {
  it('fetches only the active language, and every bundle in use in the new one on a switch', async () => {
    const fetched: string[] = [];
    const files = (text: string) => ({
      en: async () => (fetched.push(`en:${text}`), { default: { hello: `${text} en` } }),
      zh_CN: async () => (fetched.push(`zh_CN:${text}`), { default: { hello: `${text} zh` } }),
      zh_HK: async () => (fetched.push(`zh_HK:${text}`), { default: { hello: `${text} hk` } }),
      es: async () => (fetched.push(`es:${text}`), { default: { hello: `${text} es` } }),
      fr: async () => (fetched.push(`fr:${text}`), { default: { hello: `${text} fr` } }),
    });
    const shell = defineLocales('testShell', files('shell'));
    const page = defineLocales('testPage', files('page'));

    await initI18n([shell], 'fr');
    expect(fetched).toEqual(['fr:shell']);
    expect(shell.t('hello')).toBe('shell fr');

    await loadLocaleBundles([page]);
    expect(fetched).toEqual(['fr:shell', 'fr:page']);
    expect(page.t('hello')).toBe('page fr');

    await setI18nLanguage('zh_CN');
    expect(fetched.slice(2).sort()).toEqual(['zh_CN:page', 'zh_CN:shell']);
    expect(i18next.language).toBe('zh-CN');
    expect(page.t('hello')).toBe('page zh');

    // Back to a language already fetched: nothing is fetched again.
    await setI18nLanguage('fr');
    expect(fetched).toHaveLength(4);
    expect(shell.t('hello')).toBe('shell fr');
  });
});

import { describe, expect, it } from 'vitest';
import { consoleFeatures, consoleLocaleBundles } from '../app/features';
import { CONSOLE_LANGS, loadAllLanguages, placeholders } from './i18n';

// Every language file of every bundle is loaded here, so every one of them is checked.
const bundles = await Promise.all(
  consoleLocaleBundles().map(async (bundle) => ({ ns: bundle.ns, translations: await loadAllLanguages(bundle) })),
);

describe('the console’s texts', () => {
  it('has one bundle per namespace: the shell’s and each feature’s, named after it', () => {
    const names = bundles.map((b) => b.ns);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(['common', ...consoleFeatures.map((feature) => feature.name)]);
  });

  for (const bundle of bundles) {
    describe(`namespace ${bundle.ns}`, () => {
      const keys = Object.keys(bundle.translations.en).sort();

      it('has English text for every key', () => {
        expect(keys.length).toBeGreaterThan(0);
        for (const key of keys) expect(bundle.translations.en[key]?.trim(), `en:${key}`).toBeTruthy();
      });

      for (const lang of CONSOLE_LANGS.filter((l) => l !== 'en')) {
        it(`${lang} has exactly the English keys, none empty, the same placeholders`, () => {
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

  it('names every page and menu entry with a key its feature has', () => {
    const byNs = new Map(bundles.map((b) => [b.ns, b.translations.en as Readonly<Record<string, string>>]));
    for (const feature of consoleFeatures) {
      for (const page of feature.pages) {
        expect(byNs.get(page.title.ns)?.[page.title.key], `${page.path} title`).toBeTruthy();
      }
    }
  });
});

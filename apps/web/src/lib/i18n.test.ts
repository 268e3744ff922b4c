import { LANGS } from '@bourse/contract';
import { describe, expect, it } from 'vitest';
import { allLocaleBundles, eagerLocaleBundles } from '../app/routes';
import { placeholders } from './i18n';

// Lazy bundles (features' page texts) are loaded here so every one of them is checked.
const localeBundles = await allLocaleBundles();

describe('translations', () => {
  it('ships only the shell texts and labels with the first page', () => {
    expect(eagerLocaleBundles.map((b) => b.ns)).toContain('common');
    expect(localeBundles.length).toBeGreaterThanOrEqual(eagerLocaleBundles.length);
  });

  it('has one bundle per namespace', () => {
    const names = localeBundles.map((b) => b.ns);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain('common');
  });

  for (const bundle of localeBundles) {
    describe(`namespace ${bundle.ns}`, () => {
      const keys = Object.keys(bundle.translations.en).sort();

      it('has English text for every key', () => {
        expect(keys.length).toBeGreaterThan(0);
        for (const key of keys) expect(bundle.translations.en[key]?.trim(), `en:${key}`).toBeTruthy();
      });

      for (const lang of LANGS.filter((l) => l !== 'en')) {
        it(`${lang} has exactly the English keys, none empty, same placeholders`, () => {
          const messages = bundle.translations[lang] as Record<string, string | undefined>;
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

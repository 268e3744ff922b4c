import { type Lang, LANGS } from '@bourse/contract';
import { List } from 'antd-mobile';
import { CheckOutline } from 'antd-mobile-icons';
import type { PageProps } from '../../../lib/feature';
import { LANG_NAMES } from '../../../lib/i18n';
import { useSettings } from '../../../lib/stores/settings';
import { toast } from '../../../lib/toast';
import { settingsLocales } from '../locales';
import '../settings.css';

/** /pages/mine/lang — the interface language; it also sets the API `lang` header and the live channel's `lang`. */
export default function LangPage(_props: PageProps) {
  const lang = useSettings((s) => s.lang);
  const setLang = useSettings((s) => s.setLang);
  const choose = (next: Lang) => {
    if (next === lang) return;
    setLang(next);
    toast(settingsLocales.t('langChanged'), 'success');
  };
  return (
    <div className="settings-page">
      <List className="app-list">
        {LANGS.map((l) => (
          <List.Item
            key={l}
            onClick={() => choose(l)}
            arrowIcon={false}
            extra={l === lang ? <CheckOutline className="settings-check" /> : null}
            aria-selected={l === lang}
          >
            {LANG_NAMES[l]}
          </List.Item>
        ))}
      </List>
    </div>
  );
}

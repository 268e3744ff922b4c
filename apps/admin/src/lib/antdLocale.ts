import type { Locale } from 'antd/es/locale';
import type { ConsoleLang } from './i18n';

/** antd's own texts (pagination, pickers, empty states) in the console's language; only the one in use is fetched. */
const FILES: Record<ConsoleLang, () => Promise<{ default: Locale }>> = {
  en: () => import('antd/es/locale/en_US'),
  zh_CN: () => import('antd/es/locale/zh_CN'),
  zh_HK: () => import('antd/es/locale/zh_HK'),
};

export async function loadAntdLocale(lang: ConsoleLang): Promise<Locale> {
  return (await FILES[lang]()).default;
}

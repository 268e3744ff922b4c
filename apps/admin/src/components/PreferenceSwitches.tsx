import { MoonOutlined, SunOutlined, TranslationOutlined } from '@ant-design/icons';
import { Button, Flex, Select, Tooltip } from 'antd';
import { CONSOLE_LANG_NAMES, CONSOLE_LANGS, type ConsoleLang } from '../lib/i18n';
import { useCommonT } from '../lib/locales';
import { useSettings } from '../lib/stores/settings';

/** The console's language and theme, in the header and on the sign-in page. */
export function PreferenceSwitches() {
  const t = useCommonT();
  const { lang, theme, setLang, setTheme } = useSettings();
  const dark = theme === 'dark';
  return (
    <Flex gap={8} align="center">
      <Select<ConsoleLang>
        value={lang}
        onChange={setLang}
        aria-label={t('language')}
        prefix={<TranslationOutlined />}
        popupMatchSelectWidth={false}
        variant="borderless"
        options={CONSOLE_LANGS.map((value) => ({ value, label: CONSOLE_LANG_NAMES[value] }))}
        data-testid="language-select"
      />
      <Tooltip title={dark ? t('switchToLight') : t('switchToDark')}>
        <Button
          type="text"
          shape="circle"
          aria-label={dark ? t('switchToLight') : t('switchToDark')}
          icon={dark ? <SunOutlined /> : <MoonOutlined />}
          onClick={() => setTheme(dark ? 'light' : 'dark')}
          data-testid="theme-switch"
        />
      </Tooltip>
    </Flex>
  );
}

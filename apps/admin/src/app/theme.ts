import { theme, type ThemeConfig } from 'antd';
import type { ConsoleTheme } from '../lib/stores/settings';

/** The trader app's palette (apps/web/src/styles/theme.css), so the console reads as its sibling. */
const BRAND = '#f0b90b';
const ON_BRAND = '#181a20';
const GREEN = '#2ebd85';
const RED = '#f6465d';

const FONT =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'PingFang SC', 'Hiragino Sans GB', 'Noto Sans CJK SC', 'Microsoft YaHei', sans-serif";

/**
 * antd's theme for the console: its dark or default algorithm with the brand colours on top. Yellow is a fill
 * colour, never a text colour on white: in the light theme, text in the primary role (links, selected tabs and menu
 * entries) takes a dark amber that reads on white.
 */
export function antdTheme(mode: ConsoleTheme): ThemeConfig {
  const dark = mode === 'dark';
  const primaryText = dark ? BRAND : '#9a6f00';
  return {
    algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
    cssVar: { key: 'console' },
    hashed: false,
    token: {
      colorPrimary: BRAND,
      colorSuccess: GREEN,
      colorError: RED,
      colorWarning: '#ff9f18',
      colorInfo: dark ? '#3b82f6' : '#1e6fd9',
      colorLink: primaryText,
      colorLinkHover: dark ? '#f8d33a' : '#7a5800',
      colorPrimaryText: primaryText,
      colorBgLayout: dark ? '#0b0e11' : '#f5f6f8',
      colorBgContainer: dark ? '#181a20' : '#ffffff',
      colorBgElevated: dark ? '#1e2329' : '#ffffff',
      colorBorder: dark ? '#363c45' : '#d9dde3',
      colorBorderSecondary: dark ? '#262a31' : '#eaecef',
      colorText: dark ? '#eaecef' : '#1e2329',
      colorTextSecondary: dark ? '#929aa5' : '#707a8a',
      borderRadius: 6,
      fontFamily: FONT,
    },
    components: {
      Button: { primaryColor: ON_BRAND, primaryShadow: 'none', dangerShadow: 'none', defaultShadow: 'none' },
      Layout: {
        siderBg: dark ? '#14171c' : '#ffffff',
        headerBg: dark ? '#14171c' : '#ffffff',
        headerHeight: 56,
        headerPadding: '0 20px',
        bodyBg: dark ? '#0b0e11' : '#f5f6f8',
      },
      Menu: {
        itemBg: 'transparent',
        itemSelectedBg: dark ? 'rgba(240, 185, 11, 0.14)' : 'rgba(240, 185, 11, 0.18)',
        itemSelectedColor: dark ? BRAND : '#1e2329',
        itemActiveBg: dark ? 'rgba(240, 185, 11, 0.08)' : 'rgba(240, 185, 11, 0.1)',
        groupTitleColor: dark ? '#5e6673' : '#a3aab5',
        itemHeight: 38,
      },
      Tabs: { itemSelectedColor: primaryText, inkBarColor: BRAND, itemHoverColor: primaryText },
      Segmented: { itemSelectedColor: dark ? '#eaecef' : '#1e2329' },
      Table: { headerBg: dark ? '#1e2329' : '#f5f6f8', rowHoverBg: dark ? '#1e2329' : '#fafafa' },
    },
  };
}

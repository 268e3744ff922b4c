import type { AllLangs } from './types';

export interface DemoBanner {
  /** A file shipped in apps/server/public/banners/. */
  image: string;
  /** An app route; 'launch' links to the launch announcement, whose id is known only once it is written. */
  link: string;
  title: AllLangs<string>;
}

// Artwork only (no words in the images): the title comes from the API in the reader's language.
export const DEMO_BANNERS: readonly DemoBanner[] = [
  {
    image: '/static/banners/launch.svg',
    link: 'launch',
    title: {
      en: 'Bourse is live: open-source trading, open books',
      zh_CN: 'Bourse 正式上线：开源交易，账本公开',
      zh_HK: 'Bourse 正式上線：開源交易，賬本公開',
      es: 'Bourse ya está aquí: código abierto, cuentas a la vista',
      fr: 'Bourse est en ligne : code ouvert, comptes transparents',
    },
  },
  {
    image: '/static/banners/perpetuals.svg',
    link: '/pages/lever/lever',
    title: {
      en: 'Perpetual contracts with up to 100× leverage',
      zh_CN: '永续合约，最高 100 倍杠杆',
      zh_HK: '永續合約，最高 100 倍槓桿',
      es: 'Contratos perpetuos con hasta 100× de apalancamiento',
      fr: 'Contrats perpétuels avec un levier jusqu’à 100×',
    },
  },
  {
    image: '/static/banners/security.svg',
    link: '/pages/google/index',
    title: {
      en: 'Turn on two-factor verification in one minute',
      zh_CN: '一分钟开启双重验证，守护您的资产',
      zh_HK: '一分鐘開啟雙重驗證，守護您的資產',
      es: 'Activa la verificación en dos pasos en un minuto',
      fr: 'Activez la validation en deux étapes en une minute',
    },
  },
  {
    image: '/static/banners/options.svg',
    link: '/pages/Option/Option',
    title: {
      en: 'Up or down? Option rounds from 30 seconds',
      zh_CN: '看涨还是看跌？30 秒一期的涨跌期权',
      zh_HK: '看升定看跌？30 秒一期的升跌期權',
      es: '¿Sube o baja? Rondas de opciones desde 30 segundos',
      fr: 'Hausse ou baisse ? Des options dès 30 secondes',
    },
  },
];

/** Release notes of this build (APP_VERSION), registered for every platform at start. */
export const CURRENT_RELEASE_NOTES: AllLangs<string> = {
  en: 'First public release: spot and perpetual trading, up/down options, C2C with verified merchants, and a security centre with a fund password and two-factor verification.',
  zh_CN: '首个公开版本：现货与永续合约交易、涨跌期权、认证商家 C2C 交易，以及支持资金密码和双重验证的安全中心。',
  zh_HK: '首個公開版本：現貨及永續合約交易、升跌期權、認證商家 C2C 交易，以及支援資金密碼及雙重驗證的安全中心。',
  es: 'Primera versión pública: negociación al contado y de perpetuos, opciones de subida/bajada, C2C con comerciantes verificados y un centro de seguridad con contraseña de fondos y verificación en dos pasos.',
  fr: 'Première version publique : négociation au comptant et de contrats perpétuels, options hausse/baisse, C2C avec des marchands vérifiés, et un centre de sécurité avec mot de passe des fonds et validation en deux étapes.',
};

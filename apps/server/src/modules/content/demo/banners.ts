import type { ProductKey } from '@bourse/contract';
import type { AllLangs } from './types';

export interface DemoBanner {
  /** A file shipped in apps/server/public/banners/. */
  image: string;
  /** An app route; 'launch' links to the launch announcement, whose id is known only once it is written. */
  link: string;
  /** The products it promotes: shown only while all are available. */
  products?: readonly ProductKey[];
  title: AllLangs<string>;
}

// Artwork only (no words in the images): the title comes from the API in the reader's language.
export const DEMO_BANNERS: readonly DemoBanner[] = [
  {
    image: '/static/banners/spot.svg',
    link: '/pages/trade/trade',
    products: ['spot'],
    title: {
      en: 'Spot trading on open order books, live from the first second',
      zh_CN: '现货交易，订单簿公开透明，行情实时',
      zh_HK: '現貨交易，訂單簿公開透明，行情即時',
      es: 'Trading al contado con libros de órdenes abiertos, en vivo desde el primer segundo',
      fr: 'Trading au comptant sur des carnets d’ordres ouverts, en direct dès la première seconde',
    },
  },
  {
    image: '/static/banners/launch.svg',
    link: 'launch',
    products: ['futures', 'options', 'c2c'],
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
    products: ['futures'],
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
    products: ['options'],
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
  en: 'First public release: spot trading on open order books with live charts, deposits and withdrawals, transfers between your wallets and to other users, and a security centre with a fund password, two-factor verification and identity verification.',
  zh_CN:
    '首个公开版本：订单簿公开的现货交易与实时行情图表、充币与提币、钱包间划转与站内转账，以及支持资金密码、双重验证和实名认证的安全中心。',
  zh_HK:
    '首個公開版本：訂單簿公開的現貨交易與即時行情圖表、充幣與提幣、錢包間劃轉與站內轉賬，以及支援資金密碼、雙重驗證及實名認證的安全中心。',
  es: 'Primera versión pública: trading al contado con libros de órdenes abiertos y gráficos en vivo, depósitos y retiros, transferencias entre tus billeteras y a otros usuarios, y un centro de seguridad con contraseña de fondos, verificación en dos pasos y verificación de identidad.',
  fr: 'Première version publique : trading au comptant sur des carnets d’ordres ouverts avec graphiques en direct, dépôts et retraits, transferts entre vos portefeuilles et vers d’autres utilisateurs, et un centre de sécurité avec mot de passe des fonds, validation en deux étapes et vérification d’identité.',
};

import type { Lang } from '@bourse/contract';

/** What a loan's margin call says by mail, in the language the user borrowed in. */
export interface MarginCallFacts {
  id: number;
  ltv: string;
  marginCallLtv: string;
  liquidationLtv: string;
  debt: string;
  loanAsset: string;
  collateral: string;
  collateralAsset: string;
  liquidationPrice: string;
}

const TEXTS: Record<Lang, { subject: string; body: string; footer: string }> = {
  en: {
    subject: 'Margin call on loan {id}: LTV {ltv}%',
    body:
      'The loan-to-value ratio of your loan {id} ({debt} {loanAsset} against {collateral} {collateralAsset}) has ' +
      'reached {ltv}%, at or above the margin call of {marginCallLtv}%. At {liquidationLtv}% (a {collateralAsset} ' +
      'price of {liquidationPrice} {loanAsset}) the collateral is sold to repay the loan. Add collateral or repay ' +
      'part of the loan to lower it.',
    footer: 'Open the Bourse app to manage the loan.',
  },
  zh_CN: {
    subject: '借款 {id} 追加保证金通知：质押率 {ltv}%',
    body:
      '您的借款 {id}（借 {debt} {loanAsset}，质押 {collateral} {collateralAsset}）质押率已达 {ltv}%，达到或超过' +
      '补仓线 {marginCallLtv}%。质押率达 {liquidationLtv}%（{collateralAsset} 价格 {liquidationPrice} {loanAsset}）' +
      '时将卖出质押物偿还借款。请追加质押物或部分还款以降低质押率。',
    footer: '打开 Bourse App 管理借款。',
  },
  zh_HK: {
    subject: '借款 {id} 追加保證金通知：質押率 {ltv}%',
    body:
      '您的借款 {id}（借 {debt} {loanAsset}，質押 {collateral} {collateralAsset}）質押率已達 {ltv}%，達到或超過' +
      '補倉線 {marginCallLtv}%。質押率達 {liquidationLtv}%（{collateralAsset} 價格 {liquidationPrice} {loanAsset}）' +
      '時將賣出質押物償還借款。請追加質押物或部分還款以降低質押率。',
    footer: '打開 Bourse App 管理借款。',
  },
  es: {
    subject: 'Llamada de margen del préstamo {id}: LTV {ltv} %',
    body:
      'La relación préstamo-valor de su préstamo {id} ({debt} {loanAsset} contra {collateral} {collateralAsset}) ha ' +
      'llegado al {ltv} %, en o por encima de la llamada de margen del {marginCallLtv} %. Al {liquidationLtv} % (un ' +
      'precio de {collateralAsset} de {liquidationPrice} {loanAsset}) la garantía se vende para devolver el ' +
      'préstamo. Añada garantía o devuelva parte del préstamo para bajarla.',
    footer: 'Abra la app de Bourse para gestionar el préstamo.',
  },
  fr: {
    subject: 'Appel de marge sur le prêt {id} : LTV {ltv} %',
    body:
      'Le ratio prêt/valeur de votre prêt {id} ({debt} {loanAsset} contre {collateral} {collateralAsset}) a ' +
      'atteint {ltv} %, au niveau ou au-delà de l’appel de marge de {marginCallLtv} %. À {liquidationLtv} % (un ' +
      'prix du {collateralAsset} de {liquidationPrice} {loanAsset}) la garantie est vendue pour rembourser le prêt. ' +
      'Ajoutez une garantie ou remboursez une partie du prêt pour le faire baisser.',
    footer: 'Ouvrez l’app Bourse pour gérer le prêt.',
  },
};

export function marginCallMail(lang: Lang, facts: MarginCallFacts): { subject: string; text: string } {
  const t = TEXTS[lang] ?? TEXTS.en;
  const fill = (s: string) =>
    s.replace(/\{(\w+)\}/g, (_, key: string) => String(facts[key as keyof MarginCallFacts] ?? `{${key}}`));
  return { subject: fill(t.subject), text: `${fill(t.body)}\n\n${t.footer}` };
}

import type { Lang } from '@bourse/contract';

/** What a C2C notification says by mail, in the language the user last used the C2C pages in. */
export type MailKind = 'created' | 'paid' | 'released' | 'cancelled' | 'timed_out' | 'appeal' | 'ruled';

interface Texts {
  subject: Record<MailKind, string>;
  body: Record<MailKind, string>;
  footer: string;
}

const TEXTS: Record<Lang, Texts> = {
  en: {
    subject: {
      created: 'C2C order {no}: new order',
      paid: 'C2C order {no}: the buyer has paid',
      released: 'C2C order {no}: coins released',
      cancelled: 'C2C order {no}: cancelled',
      timed_out: 'C2C order {no}: payment time ran out',
      appeal: 'C2C order {no}: under appeal',
      ruled: 'C2C order {no}: the appeal was decided',
    },
    body: {
      created: 'A new order of {quantity} {asset} for {amount} {fiat} was placed on your advertisement.',
      paid: 'The buyer marked {amount} {fiat} as paid. Check that it arrived, then release {quantity} {asset}.',
      released: '{quantity} {asset} were released to your fiat wallet.',
      cancelled: 'The order of {quantity} {asset} was cancelled; the escrow returned to the seller.',
      timed_out: 'The order was not paid in time and was cancelled. If you did pay, you can still appeal for a while.',
      appeal: 'The order is under appeal. Add evidence in the order page; the chat stays open.',
      ruled: 'An operator decided the appeal: {outcome}.',
    },
    footer: 'Open the Bourse app to see the order.',
  },
  zh_CN: {
    subject: {
      created: 'C2C订单 {no}：新订单',
      paid: 'C2C订单 {no}：买家已付款',
      released: 'C2C订单 {no}：已放币',
      cancelled: 'C2C订单 {no}：已取消',
      timed_out: 'C2C订单 {no}：付款超时',
      appeal: 'C2C订单 {no}：申诉中',
      ruled: 'C2C订单 {no}：申诉已裁决',
    },
    body: {
      created: '您的广告有新订单：{quantity} {asset}，金额 {amount} {fiat}。',
      paid: '买家已标记付款 {amount} {fiat}。请确认到账后放行 {quantity} {asset}。',
      released: '{quantity} {asset} 已放行至您的法币账户。',
      cancelled: '{quantity} {asset} 的订单已取消，托管资产已退回卖家。',
      timed_out: '订单未在时限内付款，已取消。如您已付款，仍可在一段时间内申诉。',
      appeal: '订单正在申诉中。请在订单页补充凭证，聊天保持开放。',
      ruled: '客服已裁决申诉：{outcome}。',
    },
    footer: '请打开 Bourse 查看订单。',
  },
  zh_HK: {
    subject: {
      created: 'C2C訂單 {no}：新訂單',
      paid: 'C2C訂單 {no}：買家已付款',
      released: 'C2C訂單 {no}：已放幣',
      cancelled: 'C2C訂單 {no}：已取消',
      timed_out: 'C2C訂單 {no}：付款逾時',
      appeal: 'C2C訂單 {no}：申訴中',
      ruled: 'C2C訂單 {no}：申訴已裁決',
    },
    body: {
      created: '您的廣告有新訂單：{quantity} {asset}，金額 {amount} {fiat}。',
      paid: '買家已標記付款 {amount} {fiat}。請確認到賬後放行 {quantity} {asset}。',
      released: '{quantity} {asset} 已放行至您的法幣帳戶。',
      cancelled: '{quantity} {asset} 的訂單已取消，託管資產已退回賣家。',
      timed_out: '訂單未在時限內付款，已取消。如您已付款，仍可在一段時間內申訴。',
      appeal: '訂單正在申訴中。請在訂單頁補充憑證，聊天保持開放。',
      ruled: '客服已裁決申訴：{outcome}。',
    },
    footer: '請打開 Bourse 查看訂單。',
  },
  es: {
    subject: {
      created: 'Pedido C2C {no}: nuevo pedido',
      paid: 'Pedido C2C {no}: el comprador ha pagado',
      released: 'Pedido C2C {no}: monedas liberadas',
      cancelled: 'Pedido C2C {no}: cancelado',
      timed_out: 'Pedido C2C {no}: se agotó el tiempo de pago',
      appeal: 'Pedido C2C {no}: en apelación',
      ruled: 'Pedido C2C {no}: la apelación se resolvió',
    },
    body: {
      created: 'Se hizo un pedido de {quantity} {asset} por {amount} {fiat} en tu anuncio.',
      paid: 'El comprador marcó {amount} {fiat} como pagado. Comprueba que llegó y libera {quantity} {asset}.',
      released: 'Se liberaron {quantity} {asset} a tu billetera fiat.',
      cancelled: 'El pedido de {quantity} {asset} se canceló; la custodia volvió al vendedor.',
      timed_out: 'El pedido no se pagó a tiempo y se canceló. Si pagaste, aún puedes apelar durante un tiempo.',
      appeal: 'El pedido está en apelación. Añade pruebas en la página del pedido; el chat sigue abierto.',
      ruled: 'Un operador resolvió la apelación: {outcome}.',
    },
    footer: 'Abre la app de Bourse para ver el pedido.',
  },
  fr: {
    subject: {
      created: 'Commande C2C {no} : nouvelle commande',
      paid: "Commande C2C {no} : l'acheteur a payé",
      released: 'Commande C2C {no} : cryptos libérées',
      cancelled: 'Commande C2C {no} : annulée',
      timed_out: 'Commande C2C {no} : délai de paiement dépassé',
      appeal: 'Commande C2C {no} : en appel',
      ruled: "Commande C2C {no} : l'appel a été tranché",
    },
    body: {
      created: 'Une commande de {quantity} {asset} pour {amount} {fiat} a été passée sur votre annonce.',
      paid: "L'acheteur a indiqué avoir payé {amount} {fiat}. Vérifiez la réception, puis libérez {quantity} {asset}.",
      released: '{quantity} {asset} ont été versés sur votre portefeuille fiat.',
      cancelled: 'La commande de {quantity} {asset} a été annulée ; le séquestre est revenu au vendeur.',
      timed_out:
        "La commande n'a pas été payée à temps et a été annulée. Si vous avez payé, vous pouvez encore faire appel un moment.",
      appeal: 'La commande est en appel. Ajoutez des preuves sur la page de la commande ; la discussion reste ouverte.',
      ruled: "Un opérateur a tranché l'appel : {outcome}.",
    },
    footer: "Ouvrez l'application Bourse pour voir la commande.",
  },
};

const OUTCOMES: Record<Lang, Record<'release' | 'return', string>> = {
  en: { release: 'the coins go to the buyer', return: 'the coins return to the seller' },
  zh_CN: { release: '资产放行给买家', return: '资产退回卖家' },
  zh_HK: { release: '資產放行給買家', return: '資產退回賣家' },
  es: { release: 'las monedas van al comprador', return: 'las monedas vuelven al vendedor' },
  fr: { release: "les cryptos vont à l'acheteur", return: 'les cryptos reviennent au vendeur' },
};

export interface MailFacts {
  no: string;
  quantity: string;
  asset: string;
  amount: string;
  fiat: string;
  outcome?: 'release' | 'return';
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

export function mailText(kind: MailKind, lang: Lang, facts: MailFacts): { subject: string; text: string } {
  const texts = TEXTS[lang];
  const values: Record<string, string> = {
    no: facts.no,
    quantity: facts.quantity,
    asset: facts.asset,
    amount: facts.amount,
    fiat: facts.fiat,
    outcome: facts.outcome ? OUTCOMES[lang][facts.outcome] : '',
  };
  return {
    subject: fill(texts.subject[kind], values),
    text: `${fill(texts.body[kind], values)}\n\n${texts.footer}`,
  };
}

/** Titles of C2C funding records (the wallet's records page), by ledger reason. */
export const RECORD_TITLES: Record<Lang, Record<string, string>> = {
  en: {
    'c2c.escrow.in': 'C2C buy',
    'c2c.escrow.out': 'C2C sell',
    'c2c.deposit.pay': 'Merchant deposit',
    'c2c.deposit.refund': 'Merchant deposit refund',
    'c2c.deposit.penalty': 'Merchant cancellation penalty',
  },
  zh_CN: {
    'c2c.escrow.in': 'C2C买入',
    'c2c.escrow.out': 'C2C卖出',
    'c2c.deposit.pay': '商家保证金',
    'c2c.deposit.refund': '商家保证金退还',
    'c2c.deposit.penalty': '商家取消罚金',
  },
  zh_HK: {
    'c2c.escrow.in': 'C2C買入',
    'c2c.escrow.out': 'C2C賣出',
    'c2c.deposit.pay': '商家保證金',
    'c2c.deposit.refund': '商家保證金退還',
    'c2c.deposit.penalty': '商家取消罰金',
  },
  es: {
    'c2c.escrow.in': 'Compra C2C',
    'c2c.escrow.out': 'Venta C2C',
    'c2c.deposit.pay': 'Depósito de comerciante',
    'c2c.deposit.refund': 'Devolución del depósito',
    'c2c.deposit.penalty': 'Penalización por cancelación',
  },
  fr: {
    'c2c.escrow.in': 'Achat C2C',
    'c2c.escrow.out': 'Vente C2C',
    'c2c.deposit.pay': 'Dépôt de marchand',
    'c2c.deposit.refund': 'Remboursement du dépôt',
    'c2c.deposit.penalty': "Pénalité d'annulation",
  },
};

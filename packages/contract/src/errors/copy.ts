import { entry } from './define';

/** Copy trading (documentary). Codes 8000–8999. */
export const copyErrors = {
  COPY_AMOUNT_BELOW_MIN: entry(
    8000,
    400,
    'The copy amount must exceed the trader’s minimum of {min}.',
    '跟单金额须大于带单员的最低金额{min}',
    '跟單金額須大於帶單員的最低金額{min}',
    'El importe debe superar el mínimo del trader de {min}.',
    'Le montant doit dépasser le minimum du trader de {min}.',
  ),
  LEADER_SETTINGS_LOCKED: entry(
    8001,
    409,
    'Settings and compensation transfers are locked while followers hold positions.',
    '跟单者持仓期间，设置与保障金划转已锁定',
    '跟單者持倉期間，設定與保障金劃轉已鎖定',
    'Los ajustes y las transferencias de compensación están bloqueados mientras los seguidores tengan posiciones.',
    'Les réglages et transferts de compensation sont bloqués tant que des suiveurs ont des positions.',
  ),
  COMPENSATION_BALANCE_LOW: entry(
    8002,
    400,
    'Compensate mode needs a compensation balance above {min}.',
    '保障模式需要保障金余额高于{min}',
    '保障模式需要保障金餘額高於{min}',
    'El modo compensado requiere un saldo de compensación superior a {min}.',
    'Le mode compensé exige un solde de compensation supérieur à {min}.',
  ),
} as const;

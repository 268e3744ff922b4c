import { entry } from './define';

/** Rewards: the reward pool, check-in, mystery box, membership, coin listings. Codes 7500–7749. */
export const rewardsErrors = {
  // ---- reward pool (7500–7509) ----
  REWARD_POOL_EMPTY: entry(
    7500,
    400,
    'The reward pool has run out. Rewards resume when it is topped up.',
    '奖励池已用完，补充后恢复发放',
    '獎勵池已用完，補充後恢復發放',
    'El fondo de recompensas se ha agotado. Las recompensas se reanudarán cuando se recargue.',
    'La réserve de récompenses est épuisée. Les récompenses reprendront dès qu’elle sera réapprovisionnée.',
  ),
  REWARD_AMOUNT_INVALID: entry(
    7501,
    400,
    'Enter an amount greater than zero with at most {decimals} decimals.',
    '请输入大于零且最多 {decimals} 位小数的数量',
    '請輸入大於零且最多 {decimals} 位小數的數量',
    'Introduce una cantidad mayor que cero con {decimals} decimales como máximo.',
    'Saisissez un montant supérieur à zéro avec au plus {decimals} décimales.',
  ),
  REWARD_POOL_SHORT: entry(
    7502,
    400,
    'The reward pool holds only {available} {asset}.',
    '奖励池仅剩 {available} {asset}',
    '獎勵池僅剩 {available} {asset}',
    'El fondo de recompensas solo tiene {available} {asset}.',
    'La réserve de récompenses ne contient que {available} {asset}.',
  ),

  // ---- check-in (7510–7529) ----
  CHECKIN_ALREADY_DONE: entry(
    7510,
    400,
    'You have already checked in today. Come back tomorrow.',
    '今天已签到，明天再来',
    '今天已簽到，明天再來',
    'Ya has hecho el registro de hoy. Vuelve mañana.',
    'Vous avez déjà pointé aujourd’hui. Revenez demain.',
  ),

  // ---- mystery box (7530–7569) ----
  BOX_NOT_FOUND: entry(
    7530,
    404,
    'This mystery box does not exist.',
    '该盲盒不存在',
    '該盲盒不存在',
    'Esta caja sorpresa no existe.',
    'Cette boîte mystère n’existe pas.',
  ),
  BOX_CLOSED: entry(
    7531,
    400,
    'This mystery box is not on sale at the moment.',
    '该盲盒暂未开售',
    '該盲盒暫未開售',
    'Esta caja sorpresa no está a la venta en este momento.',
    'Cette boîte mystère n’est pas en vente pour le moment.',
  ),
  BOX_BUDGET_EXHAUSTED: entry(
    7532,
    400,
    'This mystery box’s prize budget has run out.',
    '该盲盒的奖品预算已用完',
    '該盲盒的獎品預算已用完',
    'El presupuesto de premios de esta caja sorpresa se ha agotado.',
    'Le budget de lots de cette boîte mystère est épuisé.',
  ),
  BOX_ODDS_INVALID: entry(
    7533,
    400,
    'The prize odds must add up to exactly 100% (they add up to {sum}%).',
    '奖品概率之和必须为 100%（当前为 {sum}%）',
    '獎品機率之和必須為 100%（目前為 {sum}%）',
    'Las probabilidades de los premios deben sumar exactamente 100 % (suman {sum} %).',
    'Les probabilités des lots doivent totaliser exactement 100 % (elles totalisent {sum} %).',
  ),
  BOX_CLIENT_SEED_INVALID: entry(
    7534,
    400,
    'A client seed is 1 to 64 letters, digits, - or _.',
    '客户端种子为 1 至 64 位字母、数字、- 或 _',
    '客戶端種子為 1 至 64 位字母、數字、- 或 _',
    'Una semilla de cliente tiene de 1 a 64 letras, dígitos, - o _.',
    'Une graine client compte de 1 à 64 lettres, chiffres, - ou _.',
  ),
  BOX_PRIZES_INVALID: entry(
    7535,
    400,
    'A box has 1 to 20 prizes, each an active coin with an amount of zero or more.',
    '盲盒需有 1 至 20 个奖品，每个奖品为有效币种且数量不小于零',
    '盲盒需有 1 至 20 個獎品，每個獎品為有效幣種且數量不小於零',
    'Una caja tiene de 1 a 20 premios, cada uno una moneda activa con una cantidad de cero o más.',
    'Une boîte compte de 1 à 20 lots, chacun une cryptomonnaie active d’un montant nul ou positif.',
  ),
} as const;

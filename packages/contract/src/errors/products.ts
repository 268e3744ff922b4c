import { entry } from './define';

/** Wealth, subscription, mining, rewards, membership, mystery box. Codes 7000–7999. */
export const productErrors = {
  BELOW_MIN_PURCHASE: entry(
    7000,
    400,
    'The amount is below the minimum purchase.',
    '低于最低购买数量',
    '低於最低購買數量',
    'El importe es inferior a la compra mínima.',
    "Le montant est inférieur à l'achat minimum.",
  ),
  SUBSCRIPTION_LIMIT: entry(
    7001,
    400,
    'The amount is beyond or below the subscription limits.',
    '超出或低于申购限额',
    '超出或低於申購限額',
    'El importe supera o no alcanza los límites de suscripción.',
    'Le montant dépasse ou n’atteint pas les limites de souscription.',
  ),
  MINER_FUEL_INSUFFICIENT: entry(
    7002,
    400,
    'Insufficient fuel for the mining machine.',
    '矿机燃料不足',
    '礦機燃料不足',
    'Combustible insuficiente para la máquina de minería.',
    'Carburant insuffisant pour la machine de minage.',
  ),
  MINER_PURCHASE_LIMIT: entry(
    7003,
    400,
    'You have reached the purchase limit for this mining machine.',
    '已达到该矿机的购买上限',
    '已達到該礦機的購買上限',
    'Has alcanzado el límite de compra de esta máquina.',
    "Vous avez atteint la limite d'achat de cette machine.",
  ),
  MINER_NOT_FOUND: entry(
    7004,
    404,
    'Mining machine not found.',
    '矿机不存在',
    '礦機不存在',
    'Máquina de minería no encontrada.',
    'Machine de minage introuvable.',
  ),
} as const;

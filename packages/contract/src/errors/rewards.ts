/** Rewards: check-in, mystery box, membership, coin listings. Codes 7500–7749. */
export const rewardsErrors = {} as const;

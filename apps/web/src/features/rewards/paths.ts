/** The spec's routes of the reward pages. */
export const REWARDS_PATHS = {
  signin: '/pages/Signin/Signin',
  box: '/pages/index/mysterybox',
  share: '/pages/share/share',
  partner: '/pages/usreMei/partner',
} as const;

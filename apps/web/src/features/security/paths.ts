/** The feature's public routes (spec §2 spellings). */
export const SECURITY_PATHS = {
  safety: '/pages/usreMei/safetySetting',
  password: '/pages/usreMei/update_pwd',
  fundPassword: '/pages/usreMei/update_pwd?type=fund',
  google: '/pages/google/index',
  googleVerify: '/pages/google/verify',
  googleClose: '/pages/google/close-verify',
  identity: '/pages/usreMei/identity',
  manage: '/pages/usreMei/manage-ment',
  profile: '/pages/usreMei/update_information',
  newcomer: '/pages/usreMei/newUsreMei',
} as const;

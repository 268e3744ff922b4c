/** The demo account a fresh install has (with DEMO_DATA): its invitation code works on the registration form. */
export const DEMO_ACCOUNT = {
  account: 'demo@bourse.local',
  password: 'demo123456',
  inviteCode: 'DEMO2026',
  nickname: 'Demo Trader',
};

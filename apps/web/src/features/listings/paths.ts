/** The spec's route of the coin-listing application. */
export const LISTINGS_PATHS = { report: '/pages/usreMei/report' } as const;

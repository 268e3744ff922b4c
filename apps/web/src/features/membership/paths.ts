/** The spec's routes of the membership pages. */
export const MEMBERSHIP_PATHS = {
  member: '/pages/member/member',
  benefits: '/pages/member/shou',
} as const;

/** English: the source of the keys (namespace `rewardsLabels`). */
export default {
  signinTitle: 'Daily check-in',
  boxTitle: 'Mystery box',
  shareTitle: 'Invite friends',
  partnerTitle: 'Partner data',
  serviceCheckin: 'Check-in',
  serviceBox: 'Mystery box',
  serviceInvite: 'Invite friends',
  servicePartner: 'Partner',
};

/** English: the source of the keys (namespace `membershipLabels`). */
export default {
  memberTitle: 'Membership',
  benefitsTitle: 'My benefits',
  serviceMember: 'Membership',
};

/** English: the source of the keys (namespace `securityLabels`). */
export default {
  safetyTitle: 'Security',
  updatePwdTitle: 'Login password',
  googleTitle: 'Two-factor authentication',
  googleVerifyTitle: 'Turn on two-factor',
  googleCloseTitle: 'Turn off two-factor',
  identityTitle: 'Identity verification',
  manageTitle: 'Account management',
  infoTitle: 'Edit profile',
  newcomerTitle: 'Newcomer centre',
};

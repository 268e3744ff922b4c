/** English: the source of the keys (namespace `authLabels`). */
export default {
  loginTitle: 'Log in',
  registerTitle: 'Sign up',
  recordRegisterTitle: 'Sign up',
  forgetTitle: 'Reset password',
  login: 'Log in',
  register: 'Sign up',
};

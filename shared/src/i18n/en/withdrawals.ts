/** /mypage/account/withdraw. */
export default {
  heading: 'Withdrawals',
};

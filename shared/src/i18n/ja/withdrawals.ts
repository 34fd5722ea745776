/** /mypage/account/withdraw. */
export default {
  heading: '出金',
};

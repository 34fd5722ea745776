/** /mypage/incomes and the monthly statement. */
export default {
  heading: '収益',
};

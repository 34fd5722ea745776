/** /mypage/incomes and the monthly statement. */
export default {
  heading: 'Income',
};

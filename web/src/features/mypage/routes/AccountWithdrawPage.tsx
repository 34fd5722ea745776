export default function AccountWithdrawPage() {
  return null;
}

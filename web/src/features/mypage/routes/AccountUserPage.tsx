export default function AccountUserPage() {
  return null;
}

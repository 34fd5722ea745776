export default function AccountLayout() {
  return null;
}

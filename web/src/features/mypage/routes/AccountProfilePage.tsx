export default function AccountProfilePage() {
  return null;
}

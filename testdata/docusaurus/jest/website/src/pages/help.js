export default function Help() {
  return null;
}

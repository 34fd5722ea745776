declare module 'zengin-code' {
  const data: Record<string, unknown>;
  export default data;
}

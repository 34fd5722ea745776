/** A value made on first use and kept for the life of the Lambda container. */
export function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
}

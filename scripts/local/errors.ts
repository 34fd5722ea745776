/** A setup problem with a message meant for the developer (start.ts prints it and exits non-zero). */
export class LocalCloudError extends Error {
  override name = 'LocalCloudError';
}

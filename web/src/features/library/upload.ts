/** The return gift's file: which media purpose a picked file goes under, and what the input accepts. */
import { mediaPurposes } from '@app/shared/media';

/** The return gift purpose of a picked file, or null when neither a photo nor a video. */
export function giftPurposeOf(type: string): 'returnGiftPhoto' | 'returnGiftVideo' | null {
  if (type in mediaPurposes.returnGiftPhoto.types) return 'returnGiftPhoto';
  if (type in mediaPurposes.returnGiftVideo.types) return 'returnGiftVideo';
  return null;
}

/** The `accept` attribute of the gift's file input. */
export const giftAccept = [
  ...Object.keys(mediaPurposes.returnGiftPhoto.types),
  ...Object.keys(mediaPurposes.returnGiftVideo.types),
].join(',');

import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import {
  maxPhotoInputPixels,
  maxPhotoSidePixels,
  uploadContentTypes,
  type UploadContentType,
} from '@shared/uploads';

/** A photo as it is stored: drawn again from its pixels, in the format it came in. */
export interface ReencodedPhoto {
  contentType: UploadContentType;
  bytes: Buffer;
}

/** The JPEG quality photos are stored at: the phone sends 0.9, and a second pass at 90 keeps text legible. */
const jpegQuality = 90;

/**
 * Decodes a photo and encodes its pixels anew, or answers null when it is not a JPEG or PNG
 * that decodes cleanly. Only the pixels survive: whatever followed the image, and all its
 * metadata (EXIF with the place it was taken, XMP, comments, colour profiles, converted to
 * sRGB), are gone, and the EXIF orientation is applied to the pixels, so the photo stands as
 * it was taken. A photo that declares more pixels than `maxPhotoInputPixels` is refused before
 * it is decoded; one larger than `maxPhotoSidePixels` on a side is scaled down. JPEG stays
 * JPEG and PNG stays PNG: a photographed page keeps its edges, a screenshot stays lossless.
 */
export async function reencodePhoto(bytes: Buffer): Promise<ReencodedPhoto | null> {
  // The first bytes decide which decoder may see the rest: no other format reaches one.
  const detected = await fileTypeFromBuffer(bytes);
  const contentType = uploadContentTypes.find((allowed) => allowed === detected?.mime);
  if (!contentType) return null;
  try {
    const image = sharp(bytes, {
      limitInputPixels: maxPhotoInputPixels,
      autoOrient: true,
      failOn: 'warning',
      // An animated PNG keeps its first frame, as a still photo.
      pages: 1,
    }).resize({
      width: maxPhotoSidePixels,
      height: maxPhotoSidePixels,
      fit: 'inside',
      withoutEnlargement: true,
    });
    const encoded =
      contentType === 'image/png'
        ? image.png({ compressionLevel: 9 })
        : image.jpeg({ quality: jpegQuality });
    return { contentType, bytes: await encoded.toBuffer() };
  } catch {
    // Anything that does not decode cleanly, whatever the decoder's words, is not a photo.
    return null;
  }
}

import sharp from 'sharp';

/** A 1×1 grey baseline JPEG. */
export const jpeg = Buffer.from(
  'ffd8ffdb004300030202020202030202020303030304060404040404080606050609080a0a090809090a0c0f0c0a0b0e0b09090d110d0e0f101011100a0c12131210130f101010ffc9000b080001000101011100ffcc000600101005ffda0008010100003f00d2cf20ffd9',
  'hex',
);

/** A 1×1 PNG. */
export const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Where the test photos say they were taken (Kathmandu), in EXIF's degrees, minutes, seconds. */
const takenAt = {
  GPSLatitudeRef: 'N',
  GPSLatitude: '27/1 42/1 1/1',
  GPSLongitudeRef: 'E',
  GPSLongitude: '85/1 19/1 1/1',
};

/** A word the test photos carry in their metadata, to look for in what is stored. */
export const cameraMake = 'SewaTestPhone';

/**
 * A 3×2 JPEG as a phone stores a photo held upright: its pixels lying on their side, EXIF
 * orientation 6 (turn a quarter clockwise), the camera's make and the place it was taken.
 */
export async function phonePhoto(format: 'jpeg' | 'png' = 'jpeg'): Promise<Buffer> {
  const pixels = sharp({ create: { width: 3, height: 2, channels: 3, background: '#2a7' } });
  return (format === 'png' ? pixels.png() : pixels.jpeg())
    .withExif({ IFD0: { Make: cameraMake }, IFD3: takenAt })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A JPEG of `width`×`height` noise, a few hundred bytes to a few megabytes. */
export function noisePhoto(width: number, height: number): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg()
    .toBuffer();
}

/** Whether an EXIF block names a GPS directory (tag 0x8825, in either byte order). */
export function namesGpsDirectory(exif: Buffer): boolean {
  return exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));
}

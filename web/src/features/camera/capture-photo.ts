/** A JPEG at quality 0.9, at the video's own size or 1280×720 when unknown. */
export const photoQuality = 0.9;
export const defaultPhotoSize = { width: 1280, height: 720 } as const;

/** Draws the video's current frame into a JPEG. Rejects when the browser cannot. */
export function capturePhoto(video: HTMLVideoElement): Promise<Blob> {
  const width = video.videoWidth || defaultPhotoSize.width;
  const height = video.videoHeight || defaultPhotoSize.height;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('No 2D canvas'));
  context.drawImage(video, 0, 0, width, height);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('No image from the canvas'))),
      'image/jpeg',
      photoQuality,
    );
  });
}

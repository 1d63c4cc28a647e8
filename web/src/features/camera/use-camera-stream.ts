import { useEffect, useRef, useState } from 'react';
import { cameraPermission } from './camera-permission';

export type CameraState = 'unsupported' | 'starting' | 'live' | 'failed';

export function cameraSupported(): boolean {
  // Absent outside secure contexts and in old browsers, whatever the types say.
  const devices = navigator.mediaDevices as MediaDevices | undefined;
  return typeof devices?.getUserMedia === 'function';
}

function stopAll(stream: MediaStream) {
  stream.getTracks().forEach((track) => track.stop());
}

/**
 * The front camera, without sound, shown in the returned video element for as long
 * as the calling component is mounted; every track is stopped when it unmounts.
 */
export function useCameraStream() {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>(() =>
    cameraSupported() ? 'starting' : 'unsupported',
  );

  useEffect(() => {
    if (!cameraSupported()) return;
    const video = videoRef.current;
    let stream: MediaStream | null = null;
    let ended = false;

    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'user' }, audio: false })
      .then((opened) => {
        if (ended) {
          stopAll(opened);
          return;
        }
        stream = opened;
        cameraPermission.set('granted');
        if (video) {
          video.srcObject = opened;
          video.play().catch(() => undefined);
        }
        setState('live');
      })
      .catch((error: unknown) => {
        if (ended) return;
        if (error instanceof DOMException && error.name === 'NotAllowedError') {
          cameraPermission.set('denied');
        }
        setState('failed');
      });

    return () => {
      ended = true;
      if (stream) stopAll(stream);
      if (video) video.srcObject = null;
    };
  }, []);

  return { videoRef, state };
}

/** True once the video shows real frames that a photo can be taken from. */
export function hasFrames(video: HTMLVideoElement | null): video is HTMLVideoElement {
  return video !== null && video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA;
}

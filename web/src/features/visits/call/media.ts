import type { CallQualityLevel } from '@shared/visits';
import { audioMaxBitrate, levelEncodings } from './call-quality';

/** Camera settings sized for a 3G line: 640x360 at 15 frames a second at most. */
export const videoConstraints: MediaTrackConstraints = {
  width: { ideal: 640, max: 640 },
  height: { ideal: 360, max: 360 },
  frameRate: { ideal: 15, max: 15 },
};

export const audioConstraints: MediaTrackConstraints = {
  echoCancellation: true,
  noiseSuppression: true,
};

/**
 * Microphone and camera; when one of them is missing or refused, the other alone (the call
 * goes on with what there is); an empty stream when neither can be had.
 */
export async function openLocalMedia(): Promise<MediaStream> {
  const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  if (!media?.getUserMedia) return new MediaStream();
  const attempts: MediaStreamConstraints[] = [
    { audio: audioConstraints, video: videoConstraints },
    { video: videoConstraints },
    { audio: audioConstraints },
  ];
  for (const constraints of attempts) {
    try {
      return await media.getUserMedia(constraints);
    } catch {
      // Try with less.
    }
  }
  return new MediaStream();
}

/** A fresh camera track, for turning video back on after audio only. */
export async function openCamera(): Promise<MediaStreamTrack | null> {
  try {
    const stream = await navigator.mediaDevices.getUserMedia({ video: videoConstraints });
    return stream.getVideoTracks()[0] ?? null;
  } catch {
    return null;
  }
}

async function setEncoding(
  sender: RTCRtpSender,
  change: (encoding: RTCRtpEncodingParameters) => void,
): Promise<void> {
  const parameters = sender.getParameters();
  // Before the first negotiation some browsers list no encodings yet; it is applied again after.
  if (parameters.encodings.length === 0) return;
  parameters.encodings.forEach(change);
  try {
    await sender.setParameters(parameters);
  } catch {
    // A sender between negotiations refuses changes; the next stable state applies them.
  }
}

/** The senders' limits for a level: video bitrate, frame rate and scale; audio bitrate. */
export async function applySenderLimits(
  pc: RTCPeerConnection,
  level: CallQualityLevel,
): Promise<void> {
  const video = level === 'audio' ? levelEncodings.low : levelEncodings[level];
  await Promise.all(
    pc.getSenders().map((sender) => {
      const kind = sender.track?.kind ?? transceiverKind(pc, sender);
      if (kind === 'audio') {
        return setEncoding(sender, (encoding) => {
          encoding.maxBitrate = audioMaxBitrate;
        });
      }
      if (kind === 'video') {
        return setEncoding(sender, (encoding) => {
          encoding.maxBitrate = video.maxBitrate;
          encoding.maxFramerate = video.maxFramerate;
          encoding.scaleResolutionDownBy = video.scaleResolutionDownBy;
        });
      }
      return Promise.resolve();
    }),
  );
}

function transceiverKind(pc: RTCPeerConnection, sender: RTCRtpSender): string | undefined {
  return pc.getTransceivers().find((transceiver) => transceiver.sender === sender)?.receiver.track
    .kind;
}

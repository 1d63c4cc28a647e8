import { presenceIntervalMs, type CallQualityLevel, type SignalEvent } from '@shared/visits';
import { ApiRequestError } from '@/lib/api-client';
import { createStore, type Store } from '@/lib/create-store';
import { getSignals } from '../api/get-signals';
import { joinCall } from '../api/join-call';
import { leaveCall } from '../api/leave-call';
import { sendSignal } from '../api/send-signal';
import { listenToSignals } from '../push/visits-push';
import {
  decideQuality,
  initialQuality,
  readQualitySample,
  sampleEveryMs,
  stepUp,
  type QualityState,
} from './call-quality';
import { openCamera, openLocalMedia } from './media';
import { PeerSession } from './peer-session';

export interface CallState {
  phase: 'starting' | 'joined' | 'failed';
  /** Why joining failed, for the words shown. */
  error: unknown;
  /** Our camera, for the preview; null without one. */
  preview: MediaStream | null;
  remote: MediaStream | null;
  connection: RTCPeerConnectionState | 'new';
  /** The other person said goodbye and has not come back. */
  peerLeft: boolean;
  muted: boolean;
  cameraOff: boolean;
  /** The person chose audio only. */
  audioOnly: boolean;
  level: CallQualityLevel;
  /** Our level was lowered because of the line (not by choice). */
  lowered: CallQualityLevel | null;
  /** The line has been good long enough to offer the level above. */
  canStepUp: boolean;
  peerQuality: { level: CallQualityLevel; cause: 'network' | 'choice' } | null;
}

const initialState: CallState = {
  phase: 'starting',
  error: null,
  preview: null,
  remote: null,
  connection: 'new',
  peerLeft: false,
  muted: false,
  cameraOff: false,
  audioOnly: false,
  level: 'full',
  lowered: null,
  canStepUp: false,
  peerQuality: null,
};

/** What the call screen shows before its controller exists. */
export const idleCall: Store<CallState> = createStore(initialState);

/** Signal ids are increasing decimal strings; "" (no signal yet) comes before every id. */
export function compareSignalIds(a: string, b: string): number {
  if (a === b) return 0;
  if (a === '') return -1;
  if (b === '') return 1;
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : 1;
}

/**
 * One call on screen: microphone and camera, the join and its heartbeat, the signals in
 * order (pushed, and caught up after every gap from the join's cursor), the peer session,
 * the 2-second quality samples, and the buttons' effects. Its state is a store the call
 * screen renders.
 */
export class CallController {
  readonly store: Store<CallState> = createStore(initialState);
  private session: PeerSession | null = null;
  private localStream: MediaStream | null = null;
  private cursor = '';
  private ready = false;
  private catchingUp = false;
  private catchUpAgain = false;
  private pending: SignalEvent[] = [];
  private quality: QualityState = initialQuality;
  private readonly timers: ReturnType<typeof setInterval>[] = [];
  private stopped = false;
  private unlisten: (() => void) | null = null;

  constructor(
    private readonly visitId: string,
    private readonly polite: boolean,
    /** The visit was closed under us (a heartbeat answered `visit_closed`). */
    private readonly onClosed: () => void,
  ) {}

  private update(change: Partial<CallState>): void {
    this.store.set({ ...this.store.get(), ...change });
  }

  async start(): Promise<void> {
    this.unlisten = listenToSignals({
      onSignal: (event) => this.onPushed(event),
      onCatchUp: () => void this.catchUp(),
    });
    const stream = await openLocalMedia();
    if (this.stopped) {
      stream.getTracks().forEach((track) => track.stop());
      return;
    }
    this.localStream = stream;
    this.update({ preview: this.previewStream() });
    let answer;
    try {
      answer = await joinCall(this.visitId);
    } catch (error) {
      if (!this.isStopped()) this.update({ phase: 'failed', error });
      if (error instanceof ApiRequestError && error.code === 'visit_closed') this.onClosed();
      return;
    }
    if (this.isStopped()) return;
    this.cursor = answer.signalCursor;
    this.session = new PeerSession({
      polite: this.polite,
      iceServers: answer.iceServers,
      localStream: stream,
      deliver: (signal) => sendSignal(this.visitId, signal),
      onRemoteStream: (remote) =>
        this.update(remote ? { remote, peerLeft: false } : { remote: null }),
      onPeerQuality: (level, cause) =>
        this.update({ peerQuality: level === 'full' ? null : { level, cause } }),
      onPeerLeft: () => this.update({ peerLeft: true, remote: null, peerQuality: null }),
      onConnectionState: (connection) => this.update({ connection }),
    });
    this.ready = true;
    this.update({ phase: 'joined' });
    await this.catchUp();
    this.session.start();
    this.timers.push(
      setInterval(() => void this.heartbeat(), presenceIntervalMs),
      setInterval(() => void this.sample(), sampleEveryMs),
    );
    window.addEventListener('pagehide', this.onPageHide);
  }

  /** Read through a call, so a check after an await is not taken as already known. */
  private isStopped(): boolean {
    return this.stopped;
  }

  /** Ends our part: closes the connection and the devices; `leave` tells the server too. */
  stop({ leave }: { leave: boolean }): void {
    if (this.stopped) return;
    this.stopped = true;
    this.timers.forEach(clearInterval);
    this.unlisten?.();
    window.removeEventListener('pagehide', this.onPageHide);
    this.session?.close();
    this.localStream?.getTracks().forEach((track) => track.stop());
    if (leave && this.ready) void leaveCall(this.visitId).catch(() => undefined);
  }

  private readonly onPageHide = () => {
    if (this.stopped) return;
    const session = this.session;
    if (session) {
      void sendSignal(this.visitId, { kind: 'bye', session: session.session }, true).catch(
        () => undefined,
      );
      session.close(false);
    }
    this.stop({ leave: true });
  };

  /** The connection, for reading its stats. */
  get connection(): RTCPeerConnection | null {
    return this.session?.connection ?? null;
  }

  toggleMute(): void {
    const muted = !this.store.get().muted;
    this.localStream?.getAudioTracks().forEach((track) => (track.enabled = !muted));
    this.update({ muted });
  }

  toggleCamera(): void {
    const cameraOff = !this.store.get().cameraOff;
    this.localStream?.getVideoTracks().forEach((track) => (track.enabled = !cameraOff));
    this.update({ cameraOff });
  }

  /** Audio only stops the camera altogether; pressed again, the camera comes back. */
  async toggleAudioOnly(): Promise<void> {
    if (!this.store.get().audioOnly) {
      await this.stopVideo();
      this.quality = { ...initialQuality, level: 'audio' };
      this.update({ audioOnly: true, level: 'audio', lowered: null, canStepUp: false });
      this.session?.announceQuality('audio', 'choice');
      return;
    }
    this.update({ audioOnly: false });
    await this.startVideo('full');
    this.quality = initialQuality;
    this.update({ level: 'full', lowered: null, canStepUp: false });
    this.session?.announceQuality('full', 'choice');
  }

  /** The person accepted the offer to send more now the line is good again. */
  async acceptStepUp(): Promise<void> {
    this.quality = stepUp(this.quality);
    const { level } = this.quality;
    if (this.store.get().level === 'audio') await this.startVideo(level);
    else await this.session?.setLevel(level);
    this.update({ level, lowered: level === 'full' ? null : level, canStepUp: false });
    this.session?.announceQuality(level, 'network');
  }

  private previewStream(): MediaStream | null {
    const tracks = this.localStream?.getVideoTracks() ?? [];
    return tracks.length > 0 ? new MediaStream(tracks) : null;
  }

  private async stopVideo(): Promise<void> {
    const stream = this.localStream;
    if (!stream) return;
    for (const track of stream.getVideoTracks()) {
      track.stop();
      stream.removeTrack(track);
    }
    await this.session?.setVideoTrack(null);
    this.update({ preview: null });
  }

  private async startVideo(level: CallQualityLevel): Promise<void> {
    const stream = this.localStream;
    if (!stream || stream.getVideoTracks().length > 0) {
      await this.session?.setLevel(level);
      return;
    }
    const track = await openCamera();
    if (this.stopped) {
      track?.stop();
      return;
    }
    if (!track) return;
    track.enabled = !this.store.get().cameraOff;
    stream.addTrack(track);
    await this.session?.setLevel(level);
    await this.session?.setVideoTrack(track);
    this.update({ preview: this.previewStream() });
  }

  /** Says we are still here; the answer brings a TURN credential for later connections. */
  private async heartbeat(): Promise<void> {
    try {
      const answer = await joinCall(this.visitId);
      if (!this.stopped) this.session?.useIceServers(answer.iceServers);
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'visit_closed') this.onClosed();
    }
  }

  private async sample(): Promise<void> {
    const pc = this.session?.connection;
    const state = this.store.get();
    if (!pc || pc.connectionState !== 'connected' || state.audioOnly) return;
    let report: RTCStatsReport;
    try {
      report = await pc.getStats();
    } catch {
      return;
    }
    if (this.stopped) return;
    const decision = decideQuality(this.quality, readQualitySample(report), Date.now());
    this.quality = decision.state;
    if (decision.steppedDown) {
      const level = decision.steppedDown;
      if (level === 'audio') await this.stopVideo();
      else await this.session?.setLevel(level);
      this.update({ level, lowered: level, canStepUp: false });
      this.session?.announceQuality(level, 'network');
    } else if (decision.canStepUp !== state.canStepUp) {
      this.update({ canStepUp: decision.canStepUp });
    }
  }

  private onPushed(event: SignalEvent): void {
    if (event.visitId !== this.visitId) return;
    if (!this.ready || this.catchingUp) {
      this.pending.push(event);
      return;
    }
    this.accept(event);
  }

  private accept(event: SignalEvent): void {
    if (compareSignalIds(event.id, this.cursor) <= 0) return;
    this.cursor = event.id;
    this.session?.receive(event.signal);
  }

  /** Reads what came after the cursor; pushed signals wait meanwhile so the order holds. */
  private async catchUp(): Promise<void> {
    if (!this.ready || this.stopped) return;
    if (this.catchingUp) {
      this.catchUpAgain = true;
      return;
    }
    this.catchingUp = true;
    try {
      // The server answers a page at a time: read on until a page comes back empty.
      for (let page = 0; page < 50 && !this.isStopped(); page += 1) {
        const missed = await getSignals(this.visitId, this.cursor);
        const before = this.cursor;
        missed.forEach((event) => this.accept(event));
        if (missed.length === 0 || this.cursor === before) break;
      }
    } catch {
      // The next (re)connect of the stream asks again.
    } finally {
      this.catchingUp = false;
      const pending = this.pending.sort((a, b) => compareSignalIds(a.id, b.id));
      this.pending = [];
      pending.forEach((event) => this.accept(event));
      if (this.catchUpAgain) {
        this.catchUpAgain = false;
        void this.catchUp();
      }
    }
  }
}

import type { CallQualityLevel, Signal } from '@shared/visits';
import { applySenderLimits } from './media';
import { withOpusDtxAndFec } from './opus-fmtp';

/** How long ICE may stay disconnected before it is restarted. */
export const disconnectedRestartMs = 5_000;

/**
 * How long a negotiated connection may go without connecting before ICE starts over with
 * fresh candidates: a candidate lost on the way (a page reloading, two offers crossing)
 * must not leave both people looking at a black screen.
 */
export const stalledRestartMs = 8_000;

/**
 * The polite side waits this much longer than the other before restarting ICE or making an
 * offer of its own, so the two rarely offer at once: a browser that rolls its own offer back
 * while gathering candidates can be left gathering none, and the call with it.
 */
export const politeDelayMs = 4_000;

/**
 * A connection that has not connected for this long (from its start, or from losing its
 * line) is given up: the session starts over under a new name, as a reload would, and both
 * sides build fresh connections. It doubles each time, up to `startOverMaxMs`.
 */
export const startOverMs = 20_000;
const startOverMaxMs = 80_000;

export interface PeerSessionOptions {
  /** The patient is polite (yields on an offer collision), the doctor is not. */
  polite: boolean;
  iceServers: RTCIceServer[];
  /** Our microphone and camera; its tracks are sent to each new connection. */
  localStream: MediaStream;
  /** Delivers a signal to the other participant (called one signal after another). */
  deliver: (signal: Signal) => Promise<unknown>;
  onRemoteStream: (stream: MediaStream | null) => void;
  onPeerQuality: (level: CallQualityLevel, cause: 'network' | 'choice') => void;
  onPeerLeft: () => void;
  onConnectionState: (state: RTCPeerConnectionState) => void;
}

/**
 * One page load's part in a visit's call: the "perfect negotiation" pattern (patient polite,
 * doctor impolite) over the visit's signals. A `hello` from a session not seen before
 * (re)creates the connection for it and is answered with a `hello` that names it; offers,
 * answers and candidates carry the sending session and the one they are for, and anything
 * not between the current pair is dropped. Signals go out one after another and are handled
 * in the order they come.
 */
export class PeerSession {
  private name: string = crypto.randomUUID();
  private pc: RTCPeerConnection | null = null;
  private remote: string | null = null;
  private readonly seen = new Set<string>();
  private makingOffer = false;
  private ignoreOffer = false;
  private isSettingRemoteAnswerPending = false;
  private outgoing: Promise<void> = Promise.resolve();
  private incoming: Promise<void> = Promise.resolve();
  private disconnectedTimer: ReturnType<typeof setTimeout> | undefined;
  private stalledTimer: ReturnType<typeof setTimeout> | undefined;
  private startOverTimer: ReturnType<typeof setTimeout> | undefined;
  private startOverDelay = startOverMs;
  /** Candidates that came before the description they belong to; added right after it. */
  private earlyCandidates: RTCIceCandidateInit[] = [];
  private closed = false;
  private level: CallQualityLevel = 'full';
  private videoTrack: MediaStreamTrack | null;
  private videoSender: RTCRtpSender | null = null;
  private iceServers: RTCIceServer[];

  constructor(private readonly options: PeerSessionOptions) {
    this.videoTrack = options.localStream.getVideoTracks()[0] ?? null;
    this.iceServers = options.iceServers;
  }

  /** This session's name in the call's signals; a new one after starting over. */
  get session(): string {
    return this.name;
  }

  /** Announces this session in the call. */
  start(): void {
    this.send({ kind: 'hello', session: this.session });
  }

  /** The connection to the other person, while there is one. */
  get connection(): RTCPeerConnection | null {
    return this.pc;
  }

  /**
   * Fresh ICE servers from the call's heartbeat. A TURN credential lasts 15 minutes and the
   * TURN server checks it only when a relay is set up, so the relay in use carries on; but
   * an ICE restart or a new connection after that needs a credential that is still valid.
   */
  useIceServers(iceServers: RTCIceServer[]): void {
    this.iceServers = iceServers;
    const pc = this.pc;
    if (!pc) return;
    try {
      pc.setConfiguration({ ...pc.getConfiguration(), iceServers });
    } catch {
      // A connection that cannot take them keeps its own; the next connection has them.
    }
  }

  /** Takes the next received signal; they are handled strictly in order. */
  receive(signal: Signal): void {
    this.incoming = this.incoming.then(() => this.handle(signal)).catch(() => undefined);
  }

  /** Tells the other person our call changed level. */
  announceQuality(level: CallQualityLevel, cause: 'network' | 'choice'): void {
    this.send({ kind: 'quality', session: this.session, level, cause });
  }

  /** Sends video at a level's limits (the video itself is started and stopped by `setVideoTrack`). */
  async setLevel(level: CallQualityLevel): Promise<void> {
    this.level = level;
    if (this.pc) await applySenderLimits(this.pc, level);
  }

  /** Sends this camera track, or none (`null`: audio only). */
  async setVideoTrack(track: MediaStreamTrack | null): Promise<void> {
    this.videoTrack = track;
    const pc = this.pc;
    if (!pc) return;
    if (this.videoSender && pc.getSenders().includes(this.videoSender)) {
      await this.videoSender.replaceTrack(track);
    } else if (track) {
      const transceiver = pc
        .getTransceivers()
        .find((candidate) => candidate.receiver.track.kind === 'video' && !candidate.sender.track);
      if (transceiver) {
        await transceiver.sender.replaceTrack(track);
        if (transceiver.direction === 'recvonly' || transceiver.direction === 'inactive') {
          transceiver.direction = 'sendrecv';
        }
        this.videoSender = transceiver.sender;
      } else {
        this.videoSender = pc.addTrack(track, this.options.localStream);
      }
    }
    await applySenderLimits(pc, this.level);
  }

  /** Leaves the call: says goodbye and closes the connection. */
  close(sayBye = true): void {
    if (this.closed) return;
    if (sayBye) this.send({ kind: 'bye', session: this.session });
    this.closed = true;
    this.dropConnection();
  }

  private send(signal: Signal): void {
    this.outgoing = this.outgoing.then(() => deliverWithRetry(this.options.deliver, signal));
  }

  private async handle(signal: Signal): Promise<void> {
    if (this.closed || signal.session === this.session) return;
    switch (signal.kind) {
      case 'hello': {
        // A reply meant for an earlier page load of ours, or a session already in the call.
        if (signal.replyTo !== undefined && signal.replyTo !== this.session) return;
        if (this.seen.has(signal.session)) return;
        this.seen.add(signal.session);
        this.connectTo(signal.session);
        if (signal.replyTo === undefined) {
          this.send({ kind: 'hello', session: this.session, replyTo: signal.session });
        }
        return;
      }
      case 'description':
        if (!this.isCurrentPair(signal)) return;
        await this.onDescription(signal.description);
        return;
      case 'candidate': {
        if (!this.isCurrentPair(signal) || !this.pc) return;
        if (!this.pc.remoteDescription) {
          this.earlyCandidates.push(signal.candidate);
          return;
        }
        try {
          await this.pc.addIceCandidate(signal.candidate);
        } catch (error) {
          if (!this.ignoreOffer) throw error;
        }
        return;
      }
      case 'quality':
        if (signal.session === this.remote) this.options.onPeerQuality(signal.level, signal.cause);
        return;
      case 'bye':
        if (signal.session !== this.remote) return;
        this.dropConnection();
        this.options.onPeerLeft();
        return;
    }
  }

  private isCurrentPair(signal: { session: string; to: string }): boolean {
    return signal.to === this.session && signal.session === this.remote && this.pc !== null;
  }

  private async onDescription(description: RTCSessionDescriptionInit): Promise<void> {
    const pc = this.pc;
    if (!pc) return;
    const readyForOffer =
      !this.makingOffer && (pc.signalingState === 'stable' || this.isSettingRemoteAnswerPending);
    const offerCollision = description.type === 'offer' && !readyForOffer;
    this.ignoreOffer = !this.options.polite && offerCollision;
    if (this.ignoreOffer) return;
    this.isSettingRemoteAnswerPending = description.type === 'answer';
    try {
      // The polite side rolls its own offer back implicitly.
      await pc.setRemoteDescription(description);
    } finally {
      this.isSettingRemoteAnswerPending = false;
    }
    const early = this.earlyCandidates;
    this.earlyCandidates = [];
    for (const candidate of early) {
      // One that no longer fits (an offer rolled back) is of no use; the rest still are.
      await pc.addIceCandidate(candidate).catch(() => undefined);
    }
    if (description.type === 'offer') {
      await pc.setLocalDescription();
      this.sendDescription(pc);
    }
  }

  private async offer(pc: RTCPeerConnection): Promise<void> {
    try {
      this.makingOffer = true;
      await pc.setLocalDescription();
      if (this.pc === pc) this.sendDescription(pc);
    } catch {
      // The next negotiation or ICE restart tries again.
    } finally {
      this.makingOffer = false;
    }
  }

  private sendDescription(pc: RTCPeerConnection): void {
    const local = pc.localDescription;
    const to = this.remote;
    if (!local || !to) return;
    this.send({
      kind: 'description',
      session: this.session,
      to,
      description: { type: local.type, sdp: withOpusDtxAndFec(local.sdp) },
    });
  }

  /** A new connection for the other person's session, replacing any earlier one. */
  private connectTo(remote: string): void {
    this.dropConnection();
    this.remote = remote;
    const pc = new RTCPeerConnection({ iceServers: this.iceServers });
    this.pc = pc;
    this.makingOffer = false;
    this.ignoreOffer = false;
    this.isSettingRemoteAnswerPending = false;
    const { localStream } = this.options;
    const audioTracks = localStream.getAudioTracks();
    for (const track of audioTracks) pc.addTrack(track, localStream);
    // Without a microphone we still hear the other person.
    if (audioTracks.length === 0) pc.addTransceiver('audio', { direction: 'recvonly' });
    if (this.videoTrack) {
      this.videoSender = pc.addTrack(this.videoTrack, localStream);
    } else {
      this.videoSender = pc.addTransceiver('video', {
        direction: 'sendrecv',
        streams: [localStream],
      }).sender;
    }
    void applySenderLimits(pc, this.level);

    // One stream of every track received, made anew for each, so the video element plays
    // sound and picture together whichever streams (if any) the other side named.
    let remoteTracks: MediaStreamTrack[] = [];
    pc.ontrack = ({ track }) => {
      if (remoteTracks.includes(track)) return;
      remoteTracks = [...remoteTracks, track];
      this.options.onRemoteStream(new MediaStream(remoteTracks));
    };
    pc.onnegotiationneeded = () => {
      // A new connection is offered by the impolite side; the polite one answers, and
      // offers itself only if that offer does not come (see `watchForStall`).
      if (this.options.polite && !pc.remoteDescription) return;
      void this.offer(pc);
    };
    pc.onicecandidate = ({ candidate }) => {
      if (!candidate || this.pc !== pc || !this.remote) return;
      const { candidate: line, sdpMid, sdpMLineIndex, usernameFragment } = candidate.toJSON();
      this.send({
        kind: 'candidate',
        session: this.session,
        to: this.remote,
        candidate: { candidate: line ?? '', sdpMid, sdpMLineIndex, usernameFragment },
      });
    };
    pc.onsignalingstatechange = () => {
      if (pc.signalingState === 'stable') void applySenderLimits(pc, this.level);
      this.watchForStall(pc);
    };
    pc.oniceconnectionstatechange = () => {
      clearTimeout(this.disconnectedTimer);
      this.watchForStall(pc);
      this.watchForGivingUp(pc);
      const state = pc.iceConnectionState;
      if (state !== 'failed' && state !== 'disconnected') return;
      const wait =
        (state === 'failed' ? 0 : disconnectedRestartMs) +
        (this.options.polite ? politeDelayMs : 0);
      // Still so when the wait is over: the other side's restart, had it come, would have
      // moved the state on.
      const restartIfStill = () => {
        if (this.pc === pc && pc.iceConnectionState === state) pc.restartIce();
      };
      if (wait === 0) restartIfStill();
      else this.disconnectedTimer = setTimeout(restartIfStill, wait);
    };
    pc.onconnectionstatechange = () => {
      if (this.pc === pc) this.options.onConnectionState(pc.connectionState);
    };
    this.watchForStall(pc);
    this.watchForGivingUp(pc);
  }

  /**
   * Once a negotiation has settled, ICE gets `stalledRestartMs` to connect from where it
   * stands; every new step (a settled renegotiation, a change of ICE state) starts the wait
   * again, so a restart is never cut short by the next one.
   */
  private watchForStall(pc: RTCPeerConnection): void {
    clearTimeout(this.stalledTimer);
    const stalled = () =>
      pc.signalingState === 'stable' &&
      (pc.iceConnectionState === 'new' || pc.iceConnectionState === 'checking');
    if (!stalled()) return;
    this.stalledTimer = setTimeout(
      () => {
        if (this.pc !== pc || !stalled()) return;
        // Never negotiated: the other side's offer did not come, so the polite side offers.
        if (!pc.remoteDescription) void this.offer(pc);
        else pc.restartIce();
      },
      stalledRestartMs + (this.options.polite ? politeDelayMs : 0),
    );
  }

  /**
   * Restarts mend a line; they cannot mend a connection the browser itself has stopped
   * working on (seen after an offer rolled back mid-gathering). A connection that stays
   * unconnected past the deadline is replaced, with a new session name so the other side
   * replaces its own as well.
   */
  private watchForGivingUp(pc: RTCPeerConnection): void {
    const state = pc.iceConnectionState;
    if (state === 'connected' || state === 'completed') {
      clearTimeout(this.startOverTimer);
      this.startOverTimer = undefined;
      this.startOverDelay = startOverMs;
      return;
    }
    if (this.startOverTimer !== undefined) return;
    this.startOverTimer = setTimeout(
      () => {
        this.startOverTimer = undefined;
        const now = pc.iceConnectionState;
        if (this.pc !== pc || this.closed || now === 'connected' || now === 'completed') return;
        this.startOverDelay = Math.min(this.startOverDelay * 2, startOverMaxMs);
        this.startOver();
      },
      this.startOverDelay + (this.options.polite ? politeDelayMs : 0),
    );
  }

  /** Drops the connection and joins the call again under a new name, as a reload does. */
  private startOver(): void {
    this.dropConnection();
    this.name = crypto.randomUUID();
    this.seen.clear();
    this.start();
  }

  private dropConnection(): void {
    clearTimeout(this.disconnectedTimer);
    clearTimeout(this.stalledTimer);
    clearTimeout(this.startOverTimer);
    this.startOverTimer = undefined;
    this.earlyCandidates = [];
    const pc = this.pc;
    this.pc = null;
    this.remote = null;
    this.videoSender = null;
    if (!pc) return;
    pc.ontrack = null;
    pc.onnegotiationneeded = null;
    pc.onicecandidate = null;
    pc.oniceconnectionstatechange = null;
    pc.onconnectionstatechange = null;
    pc.onsignalingstatechange = null;
    pc.close();
    this.options.onRemoteStream(null);
  }
}

/** A signal that could not be sent for want of a network is tried again, waiting longer each time. */
async function deliverWithRetry(
  deliver: (signal: Signal) => Promise<unknown>,
  signal: Signal,
): Promise<void> {
  for (let attempt = 0; attempt < 6; attempt += 1) {
    try {
      await deliver(signal);
      return;
    } catch (error) {
      const status = (error as { status?: unknown } | null)?.status;
      if (status !== 0 && !(typeof status === 'number' && status >= 500)) return;
      await new Promise((resolve) => setTimeout(resolve, Math.min(1_000 * 2 ** attempt, 8_000)));
    }
  }
}

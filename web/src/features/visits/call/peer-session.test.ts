import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Signal } from '@shared/visits';
import {
  disconnectedRestartMs,
  PeerSession,
  politeDelayMs,
  stalledRestartMs,
  startOverMs,
} from './peer-session';

const opusOffer = 'v=0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\na=rtpmap:111 opus/48000/2\r\n';

/** The part of RTCPeerConnection the session uses, recording what is done to it. */
class FakePeerConnection {
  static made: FakePeerConnection[] = [];
  signalingState: RTCSignalingState = 'stable';
  iceConnectionState: RTCIceConnectionState = 'new';
  connectionState: RTCPeerConnectionState = 'new';
  localDescription: { type: RTCSdpType; sdp: string } | null = null;
  remoteDescriptions: RTCSessionDescriptionInit[] = [];
  candidates: RTCIceCandidateInit[] = [];
  closed = false;
  restarts = 0;
  senders: { track: unknown; getParameters: () => { encodings: never[] } }[] = [];
  ontrack: unknown = null;
  onnegotiationneeded: (() => void) | null = null;
  onicecandidate: unknown = null;
  oniceconnectionstatechange: (() => void) | null = null;
  onconnectionstatechange: unknown = null;
  onsignalingstatechange: (() => void) | null = null;

  configurations: RTCConfiguration[] = [];

  constructor(public config: RTCConfiguration) {
    FakePeerConnection.made.push(this);
  }
  addTrack(track: unknown) {
    const sender = { track, getParameters: () => ({ encodings: [] as never[] }) };
    this.senders.push(sender);
    return sender;
  }
  addTransceiver() {
    return { sender: this.addTrack(null) };
  }
  getSenders() {
    return this.senders;
  }
  getTransceivers() {
    return [];
  }
  setLocalDescription() {
    this.localDescription =
      this.signalingState === 'have-remote-offer'
        ? { type: 'answer', sdp: opusOffer }
        : { type: 'offer', sdp: opusOffer };
    this.signalingState = this.localDescription.type === 'offer' ? 'have-local-offer' : 'stable';
    return Promise.resolve();
  }
  setRemoteDescription(description: RTCSessionDescriptionInit) {
    this.remoteDescriptions.push(description);
    this.signalingState = description.type === 'offer' ? 'have-remote-offer' : 'stable';
    return Promise.resolve();
  }
  get remoteDescription() {
    return this.remoteDescriptions.at(-1) ?? null;
  }
  addIceCandidate(candidate: RTCIceCandidateInit) {
    this.candidates.push(candidate);
    return Promise.resolve();
  }
  restartIce() {
    this.restarts += 1;
  }
  getConfiguration(): RTCConfiguration {
    return this.config;
  }
  setConfiguration(config: RTCConfiguration) {
    this.configurations.push(config);
    this.config = config;
  }
  close() {
    this.closed = true;
  }
}

class FakeMediaStream {
  tracks: unknown[] = [];
  getTracks() {
    return this.tracks;
  }
  addTrack(track: unknown) {
    this.tracks.push(track);
  }
}

const patient = crypto.randomUUID();
const doctorBefore = crypto.randomUUID();
const doctorAfter = crypto.randomUUID();

function makeSession(polite = true) {
  const sent: Signal[] = [];
  const onPeerLeft = vi.fn();
  const audio = { kind: 'audio' };
  const video = { kind: 'video' };
  const localStream = {
    getAudioTracks: () => [audio],
    getVideoTracks: () => [video],
  } as unknown as MediaStream;
  const session = new PeerSession({
    polite,
    iceServers: [{ urls: ['stun:stun.example.org'] }],
    localStream,
    deliver: (signal) => {
      sent.push(signal);
      return Promise.resolve();
    },
    onRemoteStream: vi.fn(),
    onPeerQuality: vi.fn(),
    onPeerLeft,
    onConnectionState: vi.fn(),
  });
  return { session, sent, onPeerLeft };
}

/** Lets the session's promise chains run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  FakePeerConnection.made = [];
  vi.stubGlobal('RTCPeerConnection', FakePeerConnection);
  vi.stubGlobal('MediaStream', FakeMediaStream);
});

afterEach(() => vi.unstubAllGlobals());

describe('PeerSession', () => {
  it('hands fresh ICE servers to the running connection and to every later one', async () => {
    const { session } = makeSession();
    session.start();
    session.receive({ kind: 'hello', session: doctorBefore });
    await settle();
    const fresh = [{ urls: ['turn:turn.example.org:3478'], username: '1:v', credential: 'c' }];
    session.useIceServers(fresh);
    const running = FakePeerConnection.made[0]!;
    expect(running.configurations).toEqual([{ iceServers: fresh }]);
    expect(running.closed).toBe(false);

    // The doctor reloads: the new connection is made with the fresh credential.
    session.receive({ kind: 'hello', session: doctorAfter });
    await settle();
    expect(FakePeerConnection.made).toHaveLength(2);
    expect(FakePeerConnection.made[1]!.config.iceServers).toEqual(fresh);
  });

  it('says hello, and answers a new session’s hello with a connection and a reply', async () => {
    const { session, sent } = makeSession();
    session.start();
    session.receive({ kind: 'hello', session: doctorBefore });
    await settle();
    expect(sent[0]).toEqual({ kind: 'hello', session: session.session });
    expect(sent[1]).toEqual({ kind: 'hello', session: session.session, replyTo: doctorBefore });
    expect(FakePeerConnection.made).toHaveLength(1);
    expect(FakePeerConnection.made[0]!.config.iceServers).toEqual([
      { urls: ['stun:stun.example.org'] },
    ]);
    expect(FakePeerConnection.made[0]!.senders).toHaveLength(2);
  });

  it('does not answer a reply, nor a reply meant for another session', async () => {
    const { session, sent } = makeSession();
    session.receive({ kind: 'hello', session: doctorBefore, replyTo: patient });
    await settle();
    expect(FakePeerConnection.made).toHaveLength(0);
    session.receive({ kind: 'hello', session: doctorBefore, replyTo: session.session });
    await settle();
    expect(FakePeerConnection.made).toHaveLength(1);
    expect(sent).toEqual([]);
  });

  it('answers an offer for itself with Opus DTX and FEC asked for, and drops others’ signals', async () => {
    const { session, sent } = makeSession();
    session.receive({ kind: 'hello', session: doctorBefore, replyTo: session.session });
    session.receive({
      kind: 'description',
      session: doctorBefore,
      to: patient,
      description: { type: 'offer', sdp: opusOffer },
    });
    await settle();
    const pc = FakePeerConnection.made[0]!;
    expect(pc.remoteDescriptions).toEqual([]);

    session.receive({
      kind: 'description',
      session: doctorBefore,
      to: session.session,
      description: { type: 'offer', sdp: opusOffer },
    });
    session.receive({
      kind: 'candidate',
      session: doctorBefore,
      to: session.session,
      candidate: { candidate: 'candidate:1 1 udp 1 192.0.2.1 5000 typ host', sdpMid: '0' },
    });
    await settle();
    await settle();
    expect(pc.remoteDescriptions).toHaveLength(1);
    expect(pc.candidates).toHaveLength(1);
    const answer = sent.find((signal) => signal.kind === 'description');
    expect(answer).toMatchObject({
      session: session.session,
      to: doctorBefore,
      description: { type: 'answer' },
    });
    expect(answer?.kind === 'description' && answer.description.sdp).toContain(
      'a=fmtp:111 usedtx=1;useinbandfec=1',
    );
  });

  it('lets the impolite side ignore a colliding offer', async () => {
    const { session } = makeSession(false);
    session.receive({ kind: 'hello', session: patient, replyTo: session.session });
    await settle();
    const pc = FakePeerConnection.made[0]!;
    pc.onnegotiationneeded?.();
    await settle();
    expect(pc.signalingState).toBe('have-local-offer');
    session.receive({
      kind: 'description',
      session: patient,
      to: session.session,
      description: { type: 'offer', sdp: opusOffer },
    });
    await settle();
    expect(pc.remoteDescriptions).toEqual([]);
  });

  it('starts afresh for a reloaded peer, and closes on its goodbye', async () => {
    const { session, onPeerLeft } = makeSession();
    session.receive({ kind: 'hello', session: doctorBefore });
    session.receive({ kind: 'hello', session: doctorAfter });
    await settle();
    expect(FakePeerConnection.made).toHaveLength(2);
    expect(FakePeerConnection.made[0]!.closed).toBe(true);
    session.receive({ kind: 'bye', session: doctorBefore });
    await settle();
    expect(onPeerLeft).not.toHaveBeenCalled();
    session.receive({ kind: 'bye', session: doctorAfter });
    await settle();
    expect(onPeerLeft).toHaveBeenCalledOnce();
    expect(FakePeerConnection.made[1]!.closed).toBe(true);
  });

  it('restarts ICE when it fails, and after five seconds disconnected', async () => {
    vi.useFakeTimers();
    const { session } = makeSession(false);
    session.receive({ kind: 'hello', session: doctorBefore });
    await vi.advanceTimersByTimeAsync(0);
    const pc = FakePeerConnection.made[0]!;
    pc.iceConnectionState = 'failed';
    pc.oniceconnectionstatechange?.();
    expect(pc.restarts).toBe(1);
    pc.iceConnectionState = 'disconnected';
    pc.oniceconnectionstatechange?.();
    await vi.advanceTimersByTimeAsync(4_000);
    expect(pc.restarts).toBe(1);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(pc.restarts).toBe(2);
    session.close();
    vi.useRealTimers();
  });

  it('lets the impolite side restart first: the polite one waits, and not at all once ICE moved on', async () => {
    vi.useFakeTimers();
    const { session } = makeSession(true);
    session.receive({ kind: 'hello', session: doctorBefore });
    await vi.advanceTimersByTimeAsync(0);
    const pc = FakePeerConnection.made[0]!;
    pc.iceConnectionState = 'failed';
    pc.oniceconnectionstatechange?.();
    expect(pc.restarts).toBe(0);
    await vi.advanceTimersByTimeAsync(politeDelayMs - 100);
    expect(pc.restarts).toBe(0);
    // The doctor's restart arrives and ICE checks again: nothing left for the patient to do.
    pc.iceConnectionState = 'checking';
    pc.oniceconnectionstatechange?.();
    await vi.advanceTimersByTimeAsync(disconnectedRestartMs + politeDelayMs);
    expect(pc.restarts).toBe(0);
    pc.iceConnectionState = 'disconnected';
    pc.oniceconnectionstatechange?.();
    await vi.advanceTimersByTimeAsync(disconnectedRestartMs + politeDelayMs + 100);
    expect(pc.restarts).toBe(1);
    session.close();
    vi.useRealTimers();
  });

  it('leaves a new connection for the impolite side to offer, and offers itself when none comes', async () => {
    vi.useFakeTimers();
    const { session, sent } = makeSession(true);
    session.receive({ kind: 'hello', session: doctorBefore });
    await vi.advanceTimersByTimeAsync(0);
    const pc = FakePeerConnection.made[0]!;
    pc.onnegotiationneeded?.();
    await vi.advanceTimersByTimeAsync(0);
    expect(pc.localDescription).toBeNull();
    await vi.advanceTimersByTimeAsync(stalledRestartMs + politeDelayMs);
    expect(pc.localDescription?.type).toBe('offer');
    expect(sent.at(-1)).toMatchObject({ kind: 'description', to: doctorBefore });
    session.close();
    vi.useRealTimers();
  });

  it('offers a new connection at once from the impolite side', async () => {
    const { session, sent } = makeSession(false);
    session.receive({ kind: 'hello', session: patient });
    await settle();
    const pc = FakePeerConnection.made[0]!;
    pc.onnegotiationneeded?.();
    await settle();
    await settle();
    expect(pc.localDescription?.type).toBe('offer');
    expect(sent.at(-1)).toMatchObject({ kind: 'description', to: patient });
    session.close();
  });

  it('starts over under a new name when a connection stays unconnected past the deadline', async () => {
    vi.useFakeTimers();
    const { session, sent } = makeSession(false);
    session.start();
    const first = session.session;
    session.receive({ kind: 'hello', session: patient });
    await vi.advanceTimersByTimeAsync(0);
    const pc = FakePeerConnection.made[0]!;
    await vi.advanceTimersByTimeAsync(startOverMs - 100);
    expect(pc.closed).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(pc.closed).toBe(true);
    expect(session.session).not.toBe(first);
    expect(sent.at(-1)).toEqual({ kind: 'hello', session: session.session });
    // The same person's reply to the new name builds a fresh connection.
    session.receive({ kind: 'hello', session: patient, replyTo: session.session });
    await vi.advanceTimersByTimeAsync(0);
    expect(FakePeerConnection.made).toHaveLength(2);
    // Connected in time: no second start over.
    const second = FakePeerConnection.made[1]!;
    second.iceConnectionState = 'connected';
    second.oniceconnectionstatechange?.();
    await vi.advanceTimersByTimeAsync(startOverMs * 4);
    expect(second.closed).toBe(false);
    session.close();
    vi.useRealTimers();
  });

  it('keeps a candidate that comes before its description and adds it right after', async () => {
    const { session } = makeSession();
    session.receive({ kind: 'hello', session: doctorBefore, replyTo: session.session });
    const candidate = { candidate: 'candidate:1 1 udp 1 192.0.2.1 5000 typ host', sdpMid: '0' };
    session.receive({ kind: 'candidate', session: doctorBefore, to: session.session, candidate });
    await settle();
    const pc = FakePeerConnection.made[0]!;
    expect(pc.candidates).toEqual([]);
    session.receive({
      kind: 'description',
      session: doctorBefore,
      to: session.session,
      description: { type: 'offer', sdp: opusOffer },
    });
    await settle();
    await settle();
    expect(pc.candidates).toEqual([candidate]);
  });

  it('starts ICE over when a negotiated connection has not connected in time', async () => {
    vi.useFakeTimers();
    const { session } = makeSession(false);
    session.receive({ kind: 'hello', session: patient });
    await vi.advanceTimersByTimeAsync(0);
    const pc = FakePeerConnection.made[0]!;
    // Negotiation settles; ICE stays where it was.
    pc.remoteDescriptions.push({ type: 'answer', sdp: opusOffer });
    pc.onsignalingstatechange?.();
    await vi.advanceTimersByTimeAsync(stalledRestartMs - 100);
    expect(pc.restarts).toBe(0);
    await vi.advanceTimersByTimeAsync(200);
    expect(pc.restarts).toBe(1);
    pc.iceConnectionState = 'connected';
    pc.oniceconnectionstatechange?.();
    await vi.advanceTimersByTimeAsync(stalledRestartMs * 2);
    expect(pc.restarts).toBe(1);
    session.close();
    vi.useRealTimers();
  });
});

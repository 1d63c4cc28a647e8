// Loaded with `node --import` into a server process a test starts (never by the server
// itself): lets that server post to the test's own push service, which listens on 127.0.0.1
// where no real push service is. The server reads this mark only to allow loopback (see
// `server/src/push/push-sender.ts`); no setting or request can set it.
globalThis[Symbol.for('sewa.tests.pushServiceOnLoopback')] = true;

// Loaded into a test server's process (`--import`): its clock reads `SEWA_TEST_CLOCK_SHIFT_MS`
// milliseconds from the real one, so a test can have the server write a prescription at a set
// clinic time (say 12:30) whatever the time of the run. Only the server's own clock moves:
// its database, accounts and everything else are the real ones.
const shift = Number(process.env.SEWA_TEST_CLOCK_SHIFT_MS ?? '0');
const RealDate = Date;

class ShiftedDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + shift);
    else super(...args);
  }

  static now() {
    return RealDate.now() + shift;
  }

  // A date made before (or inside Node) is a date still.
  static [Symbol.hasInstance](value) {
    return value instanceof RealDate;
  }
}

globalThis.Date = ShiftedDate;

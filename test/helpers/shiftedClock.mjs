// `node --import ./test/helpers/shiftedClock.mjs …` runs the process's Date SHIFTED_CLOCK_MS ahead of
// the wall clock (timers and I/O stay real): a test that needs a gateway process inside one clock
// minute starts it at the beginning of one, instead of waiting for the next when too little is left.
const shift = Number(process.env.SHIFTED_CLOCK_MS ?? 0);
const WallDate = Date;

globalThis.Date = class ShiftedDate extends WallDate {
  constructor(...args) {
    if (args.length === 0) super(WallDate.now() + shift);
    else super(...args);
  }

  static now() {
    return WallDate.now() + shift;
  }
};

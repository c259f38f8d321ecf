// The clock of a run the soak starts in a child process (overlap.ts): the soak's virtual time at
// the start (SOAK_CLOCK_AT), then real time on, as the soak moves its virtual time while the child lives.
const RealDate = Date
const offset = Number(process.env.SOAK_CLOCK_AT) - RealDate.now()

globalThis.Date = class SoakDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + offset)
    else super(...args)
  }

  static now() {
    return RealDate.now() + offset
  }
}

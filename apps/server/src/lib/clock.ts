/** Time is a dependency, so tests and the scheduler can move it. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

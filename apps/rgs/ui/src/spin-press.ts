/**
 * What a press of the spin button does. The one button starts a paid spin and, during a round,
 * hurries the round's presentation (the outcome is already decided). A pointer press that began
 * during a round only ever hurries it: its click can arrive after the round has ended (a tap
 * meant to skip the last reel stop, a slow device), and must never start another paid spin.
 */
export type SpinPress = "spin" | "hurry" | "nothing";

export class SpinButtonPress {
  /** Whether the pointer press now under way began while a round played. */
  private beganBusy = false;

  /** The pointer went down on the button (pointerdown). */
  down(busy: boolean): void {
    this.beganBusy = busy;
  }

  /**
   * The button was clicked: by a pointer (its press began at the last `down`), or by the
   * keyboard (Enter; no press to remember).
   */
  click(busy: boolean, fromPointer: boolean): SpinPress {
    const beganBusy = fromPointer && this.beganBusy;
    this.beganBusy = false;
    if (busy) return "hurry";
    return beganBusy ? "nothing" : "spin";
  }
}

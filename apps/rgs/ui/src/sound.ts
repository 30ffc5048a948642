/**
 * Sound made with WebAudio oscillators — no audio files, and it can be muted.
 * The mute choice is remembered in localStorage. The audio context starts on the first user
 * gesture, as browsers require.
 */
const MUTE_KEY = "panalo-rgs-muted";

type Cue = "spin" | "stop" | "win" | "bigWin" | "freeSpins" | "click" | "error";

const CUES: Record<Cue, Array<[freqHz: number, startS: number, durS: number, type: OscillatorType]>> = {
  click: [[880, 0, 0.04, "square"]],
  spin: [
    [220, 0, 0.08, "sawtooth"],
    [330, 0.06, 0.08, "sawtooth"],
  ],
  stop: [[140, 0, 0.07, "triangle"]],
  win: [
    [523, 0, 0.12, "triangle"],
    [659, 0.1, 0.12, "triangle"],
    [784, 0.2, 0.2, "triangle"],
  ],
  bigWin: [
    [523, 0, 0.15, "square"],
    [659, 0.12, 0.15, "square"],
    [784, 0.24, 0.15, "square"],
    [1047, 0.36, 0.5, "square"],
  ],
  freeSpins: [
    [392, 0, 0.12, "sine"],
    [523, 0.1, 0.12, "sine"],
    [659, 0.2, 0.12, "sine"],
    [784, 0.3, 0.12, "sine"],
    [1047, 0.4, 0.4, "sine"],
  ],
  error: [
    [200, 0, 0.15, "square"],
    [150, 0.15, 0.25, "square"],
  ],
};

export class Sound {
  private ctx: AudioContext | null = null;
  muted: boolean;

  constructor(private readonly storage: Pick<Storage, "getItem" | "setItem"> | null) {
    this.muted = storage?.getItem(MUTE_KEY) === "1";
  }

  toggle(): boolean {
    this.muted = !this.muted;
    try {
      this.storage?.setItem(MUTE_KEY, this.muted ? "1" : "0");
    } catch {
      // Storage may be refused (private mode, iframe policy); the choice then lasts this visit.
    }
    return this.muted;
  }

  play(cue: Cue): void {
    if (this.muted || typeof AudioContext === "undefined") return;
    try {
      this.ctx ??= new AudioContext();
      const ctx = this.ctx;
      if (ctx.state === "suspended") void ctx.resume();
      const now = ctx.currentTime;
      for (const [freq, start, dur, type] of CUES[cue]) {
        const osc = ctx.createOscillator();
        const gain = ctx.createGain();
        osc.type = type;
        osc.frequency.value = freq;
        gain.gain.setValueAtTime(0.0001, now + start);
        gain.gain.exponentialRampToValueAtTime(0.12, now + start + 0.01);
        gain.gain.exponentialRampToValueAtTime(0.0001, now + start + dur);
        osc.connect(gain).connect(ctx.destination);
        osc.start(now + start);
        osc.stop(now + start + dur + 0.02);
      }
    } catch {
      // A browser without working audio plays silently; the game goes on.
    }
  }
}

/**
 * A short tone after a scan, so the clerk hears the answer without looking: high for a scan taken, low
 * and longer for one refused. WebAudio needs no sound file; a device without it stays silent.
 */
export type BeepKind = 'ok' | 'error';

const TONES: Record<BeepKind, { frequency: number; seconds: number }> = {
  ok: { frequency: 1760, seconds: 0.08 },
  error: { frequency: 220, seconds: 0.35 },
};

let context: AudioContext | null = null;

export function beep(kind: BeepKind): void {
  const Context = globalThis.AudioContext;
  if (!Context) return;
  try {
    context ??= new Context();
    const { frequency, seconds } = TONES[kind];
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = kind === 'ok' ? 'sine' : 'square';
    oscillator.frequency.value = frequency;
    gain.gain.value = 0.2;
    oscillator.connect(gain).connect(context.destination);
    oscillator.start();
    oscillator.stop(context.currentTime + seconds);
  } catch {
    // A browser that refuses sound before a user gesture: the message on screen still says it.
  }
}

/** A record's state as a coloured badge; the tone says whether it is done, waiting or refused. */
export type Tone = "ok" | "wait" | "bad";

export function StatusBadge(props: { status: string; tone: Tone; label: string; testId?: string }) {
  return (
    <span className={`status-badge tone-${props.tone}`} data-status={props.status} data-testid={props.testId}>
      {props.label}
    </span>
  );
}

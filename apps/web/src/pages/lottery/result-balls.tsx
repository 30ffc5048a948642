/** A draw's numbers as balls; digits keep their order (it matters for a straight bet). */
export function ResultBalls(props: {
  numbers: readonly number[];
  label: string;
  size?: "sm" | "md";
  /** Numbers of the player's own selection, highlighted. */
  highlight?: readonly number[];
  testId?: string;
}) {
  const { numbers, label, size = "md", highlight = [], testId } = props;
  return (
    <ol
      className={`lotto-balls lotto-balls-${size}`}
      aria-label={`${label}: ${numbers.join(", ")}`}
      data-testid={testId}
      data-numbers={numbers.join(",")}
    >
      {numbers.map((n, i) => (
        <li
          // the same number may repeat in a digits result: the position names the ball
          // biome-ignore lint/suspicious/noArrayIndexKey: the position is the identity of a ball
          key={i}
          className={highlight.includes(n) ? "lotto-ball is-hit" : "lotto-ball"}
          aria-hidden="true"
        >
          {n}
        </li>
      ))}
    </ol>
  );
}

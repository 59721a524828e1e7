/** A failure said to the reader (and to screen readers at once), or nothing. */
export function ErrorLine(props: { error: string | null | undefined }) {
  if (!props.error) return null;
  return (
    <p className="error" role="alert">
      {props.error}
    </p>
  );
}
